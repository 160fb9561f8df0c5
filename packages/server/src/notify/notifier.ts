import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox, outboxAttachments } from '../db/schema';
import { HttpError } from '../lib/errors';
import { createMailTransport, type MailTransport } from './mail';
import { createSmsTransport, type SmsTransport } from './sms';

export interface Attachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: Attachment[];
}

/** How the portal reaches people. Every message is recorded in the outbox first. */
export interface Notifier {
  sms(to: string, text: string): Promise<void>;
  mail(message: OutgoingMail): Promise<void>;
}

interface Transports {
  mail: MailTransport;
  sms: SmsTransport;
}

/**
 * In demo mode messages stop in the outbox (and the log, so a person trying the portal can read their
 * code); otherwise they go out by SMTP and the SMS provider, and the outbox row records the outcome.
 */
export function createNotifier(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  transports?: Transports,
): Notifier {
  const live: Transports | null = config.demoMode
    ? null
    : (transports ?? { mail: createMailTransport(config), sms: createSmsTransport(config) });

  async function record(
    channel: 'SMS' | 'MAIL',
    recipient: string,
    subject: string | null,
    body: string,
    files: Attachment[],
  ) {
    // One transaction: a message is never recorded without its attachments (a crash between the two
    // inserts would leave a mail that can be neither resent nor explained).
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(outbox)
        .values({ channel, recipient, subject, body, status: live ? 'PENDING' : 'DEMO' })
        .returning({ id: outbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      if (files.length > 0) {
        await tx.insert(outboxAttachments).values(files.map((file) => ({ outboxId: row.id, ...file })));
      }
      return row.id;
    });
    if (!live && config.outboxLog) {
      log.info(
        { outboxId: id, channel, recipient },
        `[demo outbox] ${channel} to ${recipient}: ${subject ?? body}`,
      );
    }
    return id;
  }

  async function deliver(id: number, send: () => Promise<void>) {
    try {
      await send();
      await db
        .update(outbox)
        .set({ status: 'SENT', sentAt: new Date(), attempts: 1 })
        .where(eq(outbox.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({ status: 'FAILED', attempts: 1, lastError: reason.slice(0, 500) })
        .where(eq(outbox.id, id));
      log.error({ outboxId: id }, 'message delivery failed');
      throw new HttpError(503, 'notify.unavailable');
    }
  }

  return {
    async sms(to, text) {
      const id = await record('SMS', to, null, text, []);
      if (live) await deliver(id, () => live.sms.send(to, text));
    },
    async mail(message) {
      const files = message.attachments ?? [];
      const id = await record('MAIL', message.to, message.subject, message.text, files);
      if (live) await deliver(id, () => live.mail.send(message));
    },
  };
}
