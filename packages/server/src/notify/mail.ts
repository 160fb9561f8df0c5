import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { OutgoingMail } from './notifier';

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

export function createMailTransport(config: Config): MailTransport {
  if (!config.smtpUrl) throw new Error('SMTP_URL is required outside demo mode');
  const transport = nodemailer.createTransport(config.smtpUrl);
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
