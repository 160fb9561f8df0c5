import type { Delivery } from '@portail/contract/schemas/centre';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, notFound } from '../../lib/errors';
import type { MessageQueue } from '../../notify/delivery-queue';
import { CENTRE_MESSAGES, type StaffRequest } from './account-support.service';
import { listDeliveries } from './deliveries.queries';

/**
 * Sends a dead message again (an operator, once the provider is fixed or the number corrected at the
 * source): back to QUEUED with a new job, its attempts starting over, in one transaction with the
 * audit row that says who asked and why. Only a dead message: the queue retries the others itself.
 */
export async function resendDelivery(
  deps: { db: Db; queue: MessageQueue },
  ctx: StaffRequest,
  id: number,
  reason: string,
): Promise<Delivery> {
  const { db, queue } = deps;
  const requeued = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({ status: 'QUEUED', attempts: 0 })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'DEAD')))
      .returning({
        id: outbox.id,
        channel: outbox.channel,
        purpose: outbox.purpose,
        userId: outbox.userId,
        lastError: outbox.lastError,
      });
    if (!row) return null;
    // A letter is printed by the centre, not sent: it is never dead, so never here.
    if (row.channel === 'LETTER') throw new BusinessError([errorMessage(CENTRE_MESSAGES.notDead)]);
    await queue.enqueue(tx, [{ outboxId: row.id, channel: row.channel, purpose: row.purpose }]);
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'STAFF_RESEND_MESSAGE',
      targetType: 'outbox',
      targetId: id,
      details: { reason, lastError: row.lastError, ...(row.userId ? { userId: row.userId } : {}) },
      ip: ctx.ip,
    });
    return row;
  });
  if (!requeued) {
    const [exists] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
    if (!exists) throw notFound();
    throw new BusinessError([errorMessage(CENTRE_MESSAGES.notDead)]);
  }
  const { items } = await listDeliveries(db, { page: 0, size: 1, id });
  const item = items[0];
  if (!item) throw notFound();
  return item;
}
