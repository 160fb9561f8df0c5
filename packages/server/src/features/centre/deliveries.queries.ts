import { centreDaysRange } from '@portail/contract/rules/centre-time';
import type { Delivery, DeliveryList, DeliveryQuery } from '@portail/contract/schemas/centre';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DELIVERY_STATUSES, outbox, users } from '../../db/schema';
import { escapeLike } from '../../lib/text-search';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface DeliveryFilter extends Partial<Omit<DeliveryQuery, 'page' | 'size'>> {
  page: number;
  size: number;
  /** The account's own messages (the support card). */
  userId?: number;
  /** One message. */
  id?: number;
}

function conditions(filter: DeliveryFilter): SQL | undefined {
  const recipient = filter.recipient?.replace(/\s+/g, '');
  const days = centreDaysRange(filter.from, filter.to);
  return and(
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.channel ? eq(outbox.channel, filter.channel) : undefined,
    filter.purpose ? eq(outbox.purpose, filter.purpose) : undefined,
    filter.userId !== undefined ? eq(outbox.userId, filter.userId) : undefined,
    filter.account !== undefined ? eq(outbox.userId, filter.account) : undefined,
    filter.id !== undefined ? eq(outbox.id, filter.id) : undefined,
    recipient
      ? ilike(sql`replace(${outbox.recipient}, ' ', '')`, `%${escapeLike(recipient.toLowerCase())}%`)
      : undefined,
    // Days of the centre (Europe/Paris), whatever the server's zone.
    days.start ? gte(outbox.createdAt, days.start) : undefined,
    days.end ? lt(outbox.createdAt, days.end) : undefined,
  );
}

/**
 * The messages of the outbox, newest first, as the centre's staff follow them: who to, what for, where
 * delivery stands, the provider's last error. Never the body, which holds codes and links.
 */
export async function listDeliveries(
  db: DbOrTx,
  filter: DeliveryFilter,
): Promise<Omit<DeliveryList, 'counts'>> {
  const where = conditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        channel: outbox.channel,
        purpose: outbox.purpose,
        recipient: outbox.recipient,
        status: outbox.status,
        attempts: outbox.attempts,
        lastAttemptAt: outbox.lastAttemptAt,
        sentAt: outbox.sentAt,
        lastError: outbox.lastError,
        userId: outbox.userId,
        login: users.login,
      })
      .from(outbox)
      .leftJoin(users, eq(users.id, outbox.userId))
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(filter.size)
      .offset(filter.page * filter.size),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  const items: Delivery[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    sentAt: iso(row.sentAt),
  }));
  return { items, totalRows: total?.total ?? 0, subTotal: items.length };
}

/** Messages by status over the whole outbox (one grouped count on the status index). */
export async function deliveryCounts(db: DbOrTx): Promise<DeliveryList['counts']> {
  const rows = await db.select({ status: outbox.status, total: count() }).from(outbox).groupBy(outbox.status);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as DeliveryList['counts'];
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}
