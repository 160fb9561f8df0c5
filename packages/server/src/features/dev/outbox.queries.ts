import type { OutboxEntry } from '@portail/contract/schemas/dev';
import { and, count, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox, outboxAttachments } from '../../db/schema';
import { noticesOfTheMorning } from '../notifications';

export async function listOutbox(
  db: Db,
  query: { recipient?: string | undefined; limit: number },
): Promise<OutboxEntry[]> {
  const rows = await db
    .select({
      id: outbox.id,
      createdAt: outbox.createdAt,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      status: outbox.status,
      notBefore: outbox.notBefore,
    })
    .from(outbox)
    // What the demo providers accepted (a message they refused, switched off, waits in the queue), and
    // what waits for its not-before time (a notification of the night), shown with that time.
    .where(
      and(
        or(eq(outbox.status, 'SENT'), and(eq(outbox.status, 'QUEUED'), gt(outbox.notBefore, sql`now()`))),
        query.recipient ? eq(outbox.recipient, query.recipient) : undefined,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(query.limit);
  const ids = rows.map((row) => row.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .select({
            id: outboxAttachments.id,
            outboxId: outboxAttachments.outboxId,
            fileName: outboxAttachments.fileName,
            contentType: outboxAttachments.contentType,
            content: outboxAttachments.content,
          })
          .from(outboxAttachments)
          .where(inArray(outboxAttachments.outboxId, ids));
  return rows.map((row) => ({
    ...row,
    status: row.status === 'SENT' ? ('SENT' as const) : ('QUEUED' as const),
    createdAt: row.createdAt.toISOString(),
    notBefore: row.notBefore?.toISOString() ?? null,
    attachments: files
      .filter((file) => file.outboxId === row.id)
      .map((file) => ({
        id: file.id,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.content.byteLength,
      })),
  }));
}

export async function findAttachment(db: Db, outboxId: number, attachmentId: number) {
  const [file] = await db
    .select()
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.outboxId, outboxId), eq(outboxAttachments.id, attachmentId)))
    .limit(1);
  return file;
}

/** Messages the demo providers have not accepted yet (queued, retrying or dead), by status. */
export async function waitingMessages(db: Db): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: outbox.status, count: count() })
    .from(outbox)
    .where(ne(outbox.status, 'SENT'))
    .groupBy(outbox.status)
    .orderBy(outbox.status);
}

/**
 * At night, the notifications that will leave in the morning (not recorded yet: the first round after
 * 08:00 records them, docs/notifications-and-delivery.md#quiet-hours), composed as they will be sent and
 * shown QUEUED with their not-before time. Their id is 0: nothing in the outbox yet.
 */
export async function morningOutbox(
  db: Db,
  config: Pick<Config, 'productName' | 'publicUrl' | 'notificationGroupS'>,
  query: { recipient?: string | undefined },
  now = new Date(),
): Promise<OutboxEntry[]> {
  const morning = await noticesOfTheMorning(db, config, now);
  const common = {
    id: 0,
    createdAt: now.toISOString(),
    status: 'QUEUED' as const,
    notBefore: morning.notBefore.toISOString(),
    attachments: [],
  };
  return [
    ...morning.mails.map((mail) => ({
      ...common,
      channel: 'MAIL' as const,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
    })),
    ...morning.texts.map((text) => ({
      ...common,
      channel: 'SMS' as const,
      recipient: text.to,
      subject: null,
      body: text.text,
    })),
  ].filter((entry) => !query.recipient || entry.recipient === query.recipient);
}
