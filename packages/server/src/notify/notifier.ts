import type { Db, DbOrTx } from '../db/client';
import { type DeliveryStatus, type MessagePurpose, outbox, outboxAttachments } from '../db/schema';
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

/** A mail recorded in the caller's transaction, to leave no earlier than `notBefore`. */
export interface DeferredMail extends Omit<OutgoingMail, 'attachments'> {
  notBefore?: Date;
}

/** A text message recorded in the caller's transaction, to leave no earlier than `notBefore`. */
export interface DeferredText {
  to: string;
  text: string;
  about?: MessageAbout;
  notBefore?: Date;
}

/** How the portal reaches people. Every message is recorded in the outbox, then queued. */
export interface Notifier {
  sms(to: string, text: string, about?: MessageAbout): Promise<void>;
  mail(message: OutgoingMail): Promise<void>;
  /**
   * Records mails in the caller's transaction, in one statement however many: they are queued if it
   * commits and vanish with it if it rolls back, each leaving no earlier than its `notBefore`. Returns
   * their outbox ids, in order (the import follows its activation mails by them).
   */
  mailsIn(tx: DbOrTx, mails: readonly DeferredMail[]): Promise<number[]>;
  /** Text messages recorded and queued in the caller's transaction, as `mailsIn` does for mails. */
  textsIn(tx: DbOrTx, texts: readonly DeferredText[]): Promise<number[]>;
}

/**
 * Outbox rows for mails, in one statement, in the caller's transaction; their ids in the order of
 * `mails` (serial ids are drawn in the order of the values, whatever order RETURNING gives them in).
 */
export async function insertMails(
  tx: DbOrTx,
  mails: readonly DeferredMail[],
  status: Extract<DeliveryStatus, 'QUEUED' | 'SENT'>,
): Promise<number[]> {
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        channel: 'MAIL' as const,
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        status,
        purpose: mail.about?.purpose ?? 'OTHER',
        userId: mail.about?.userId ?? null,
        notBefore: mail.notBefore ?? null,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Outbox rows for text messages, as `insertMails` writes mails. */
export async function insertTexts(
  tx: DbOrTx,
  texts: readonly DeferredText[],
  status: Extract<DeliveryStatus, 'QUEUED' | 'SENT'>,
): Promise<number[]> {
  const rows = await tx
    .insert(outbox)
    .values(
      texts.map((text) => ({
        channel: 'SMS' as const,
        recipient: text.to,
        subject: null,
        body: text.text,
        status,
        purpose: text.about?.purpose ?? 'OTHER',
        userId: text.about?.userId ?? null,
        notBefore: text.notBefore ?? null,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
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
    async mailsIn(tx, mails) {
      if (mails.length === 0) return [];
      const ids = await insertMails(tx, mails, 'QUEUED');
      await queue.enqueue(
        tx,
        mails.map((mail, index) => ({
          outboxId: ids[index] ?? 0,
          channel: 'MAIL' as const,
          purpose: mail.about?.purpose ?? 'OTHER',
          ...(mail.notBefore ? { startAfter: mail.notBefore } : {}),
        })),
      );
      return ids;
    },
    async textsIn(tx, texts) {
      if (texts.length === 0) return [];
      const ids = await insertTexts(tx, texts, 'QUEUED');
      await queue.enqueue(
        tx,
        texts.map((text, index) => ({
          outboxId: ids[index] ?? 0,
          channel: 'SMS' as const,
          purpose: text.about?.purpose ?? 'OTHER',
          ...(text.notBefore ? { startAfter: text.notBefore } : {}),
        })),
      );
      return ids;
    },
    sms: (to, text, about) => record('SMS', to, null, text, [], about),
    mail: (message) =>
      record('MAIL', message.to, message.subject, message.text, message.attachments ?? [], message.about),
  };
}
