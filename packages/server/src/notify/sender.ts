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

/** The outbox's last error of a code that expired before the provider took it. */
export const CODE_EXPIRED = 'not sent: the code expired before the provider accepted it';

/** The messages that carry a short-lived code: sign-in, contact confirmation, registration by text. */
function carriesCode(message: { purpose: string; channel: string }): boolean {
  return (
    message.purpose === 'SIGN_IN_CODE' ||
    message.purpose === 'CONTACT' ||
    (message.purpose === 'REGISTRATION' && message.channel === 'SMS')
  );
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
  /** How long a code lives (SIGN_IN_CODE_TTL_S): a code not sent by then is never sent. */
  codeTtlS?: number,
): DeliverOne {
  return async (outboxId: number, attempt: Attempt) => {
    const [message] = await db
      .select({
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        purpose: outbox.purpose,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(eq(outbox.id, outboxId))
      .limit(1);
    if (!message || message.status === 'SENT') return;
    const attemptedAt = new Date();
    // A code that could not leave while it lived would only mislead: it dies unsent, and the person
    // asks for a new one (the screen offers it).
    if (
      codeTtlS !== undefined &&
      carriesCode(message) &&
      message.createdAt.getTime() + codeTtlS * 1000 < attemptedAt.getTime()
    ) {
      await db
        .update(outbox)
        .set({
          status: 'DEAD',
          attempts: attempt.retryCount,
          lastAttemptAt: attemptedAt,
          lastError: CODE_EXPIRED,
        })
        .where(eq(outbox.id, outboxId));
      return;
    }
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
