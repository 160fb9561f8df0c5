import type { Db } from '../db/client';
import { type MessagePurpose, outbox, outboxAttachments } from '../db/schema';
import type { MessageQueue } from './delivery-queue';

export interface Attachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** What a message is for and whom it concerns: the centre's staff see this, never the body. */
export interface MessageAbout {
  purpose: MessagePurpose;
  userId?: number | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: Attachment[];
  about?: MessageAbout;
}

/** How the portal reaches people. Every message is recorded in the outbox, then queued. */
export interface Notifier {
  sms(to: string, text: string, about?: MessageAbout): Promise<void>;
  mail(message: OutgoingMail): Promise<void>;
}

/**
 * Records each message in the outbox and queues its delivery in the same transaction: the call
 * returns once the message is safe in the database, and the queue's senders (notify/sender.ts) take
 * it from there, with retries, whatever the provider's mood at that moment.
 */
export function createNotifier(db: Db, queue: MessageQueue): Notifier {
  async function record(
    channel: 'SMS' | 'MAIL',
    recipient: string,
    subject: string | null,
    body: string,
    files: readonly Attachment[],
    about: MessageAbout | undefined,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(outbox)
        .values({
          channel,
          recipient,
          subject,
          body,
          status: 'QUEUED',
          purpose: about?.purpose ?? 'OTHER',
          userId: about?.userId ?? null,
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      if (files.length > 0) {
        await tx.insert(outboxAttachments).values(files.map((file) => ({ outboxId: row.id, ...file })));
      }
      await queue.enqueue(tx, [{ outboxId: row.id, channel, purpose: about?.purpose ?? 'OTHER' }]);
    });
  }

  return {
    sms: (to, text, about) => record('SMS', to, null, text, [], about),
    mail: (message) =>
      record('MAIL', message.to, message.subject, message.text, message.attachments ?? [], message.about),
  };
}
