import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { OutgoingMail } from './notifier';

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

/**
 * How long a mail server may stay silent before a send fails. nodemailer waits 2 minutes to connect,
 * 30 s for the greeting and 10 minutes of silence by default, while the person who asked (documents
 * sent, a link mailed) waits for the reply: a relay that accepts connections and never answers would
 * hold them 30 s. A submission server greets at once; 8 s to connect and greet covers a slow network.
 * Query parameters of SMTP_URL (`?greetingTimeout=…`) still take precedence.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 8000, greetingTimeout: 8000, socketTimeout: 20_000 };

export function createMailTransport(config: Config): MailTransport {
  if (!config.smtpUrl) throw new Error('SMTP_URL is required outside demo mode');
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: (message.attachments ?? []).map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      });
    },
  };
}
