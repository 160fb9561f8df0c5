import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { outbox, outboxAttachments } from '../db/schema';
import type { Attempt, DeliverOne } from './delivery-queue';
import type { MailTransport } from './mail';
import type { SmsTransport } from './sms';

export interface Transports {
  mail: MailTransport;
  sms: SmsTransport;
}

/** What the sender tells besides the outbox row: the operations metrics count failed attempts. */
export interface SenderHooks {
  /** An attempt failed; `last` when the message is now DEAD. Called after the row records it. */
  deliveryFailed?(failure: { channel: 'SMS' | 'MAIL' | 'LETTER'; last: boolean }): void;
}

/** The provider's answer as the outbox keeps it (and operators read it): one line, bounded. */
export function providerError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

/**
 * Sends one queued message and records the outcome on its outbox row: SENT, RETRYING with the
 * provider's error (the queue tries again later), or DEAD when it was the last attempt. A failure is
 * thrown back to the queue, which schedules the retry. A message already sent is not sent again (a
 * job retried after its sender lost the database between the send and the record of it).
 */
export function createSender(
  db: Db,
  transports: Transports,
  log: FastifyBaseLogger,
  hooks: SenderHooks = {},
): DeliverOne {
  return async (outboxId: number, attempt: Attempt) => {
    const [message] = await db
      .select({
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
      })
      .from(outbox)
      .where(eq(outbox.id, outboxId))
      .limit(1);
    if (!message || message.status === 'SENT') return;
    const attemptedAt = new Date();
    try {
      if (message.channel === 'SMS') {
        await transports.sms.send(message.recipient, message.body);
      } else if (message.channel === 'MAIL') {
        const files = await db
          .select({
            fileName: outboxAttachments.fileName,
            contentType: outboxAttachments.contentType,
            content: outboxAttachments.content,
          })
          .from(outboxAttachments)
          .where(eq(outboxAttachments.outboxId, outboxId))
          .orderBy(outboxAttachments.id);
        await transports.mail.send({
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          attachments: files,
        });
      } else {
        throw new Error('letters are printed by the centre, not sent by the portal');
      }
    } catch (error) {
      const last = attempt.retryCount >= attempt.retryLimit;
      const reason = providerError(error);
      await db
        .update(outbox)
        .set({
          status: last ? 'DEAD' : 'RETRYING',
          attempts: attempt.retryCount + 1,
          lastAttemptAt: attemptedAt,
          lastError: reason,
        })
        .where(eq(outbox.id, outboxId));
      log[last ? 'error' : 'warn'](
        { outboxId, channel: message.channel, attempt: attempt.retryCount + 1 },
        last ? 'message delivery failed for good' : 'message delivery failed, will retry',
      );
      hooks.deliveryFailed?.({ channel: message.channel, last });
      throw error;
    }
    await db
      .update(outbox)
      .set({
        status: 'SENT',
        attempts: attempt.retryCount + 1,
        lastAttemptAt: attemptedAt,
        sentAt: new Date(),
      })
      .where(eq(outbox.id, outboxId));
  };
}
