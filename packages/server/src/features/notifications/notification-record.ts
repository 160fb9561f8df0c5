import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { NotificationEvent } from '../../db/schema';

/**
 * The events notifications tell of, written in the transaction of the write that makes them (a
 * rolled-back write leaves none; docs/notifications-and-delivery.md#notifications). Only accounts that
 * can sign in are recorded (active, a password chosen): a participant who never registered gets nothing.
 * The worker (notification-worker.ts) checks everything again when it sends.
 */

/** How long before an appointment its reminder goes. */
export const REMINDER_BEFORE_MS = 48 * 3600 * 1000;

/** A cancelled visit or booking says so in its state label (features/integration/appointment.write.ts). */
export const isCancelledLabel = (label: string | null): boolean => /annul/i.test(label ?? '');

const ACTIVATED = sql`u.active and u.password_hash is not null`;

/**
 * A document published to a participant: told once it is visible (at once, or at the end of its hold),
 * never while withdrawn. Called again after an update: a document shown again, or whose hold moved, is
 * told once (a pending notice follows the new hold).
 */
export async function recordDocumentPublished(tx: DbOrTx, documentId: number): Promise<void> {
  const subject = `document/${documentId}`;
  await tx.execute(sql`
    update pending_notifications p
       set due_at = greatest(now(), coalesce(d.available_from, now()))
      from documents d
     where d.id = ${documentId} and p.subject = ${subject} and p.state = 'PENDING'`);
  await tx.execute(sql`
    insert into pending_notifications (user_id, event, subject, due_at)
    select u.id, 'DOCUMENT', ${subject}, greatest(now(), coalesce(d.available_from, now()))
      from documents d
      join users u on u.participant_id = d.participant_id and u.kind = 'PARTICIPANT' and ${ACTIVATED}
     where d.id = ${documentId} and d.active
       and not exists (
         select 1 from pending_notifications p
          where p.user_id = u.id and p.subject = ${subject} and p.event = 'DOCUMENT')`);
}

/** An appointment or visit as it stands before or after a write. */
export interface AppointmentState {
  startsAt: Date | null;
  cancelled: boolean;
}

/**
 * What a write of an appointment tells its participant: booked (a start in the future appears),
 * moved (the start changes), cancelled (a future appointment becomes cancelled). An appointment
 * booked or moved less than 48 hours ahead gets that notice only: its reminder is marked as done.
 */
export function appointmentEvent(
  before: AppointmentState | null,
  after: AppointmentState,
  now: Date,
): { event: Extract<NotificationEvent, 'BOOKED' | 'MOVED' | 'CANCELLED'>; at: Date } | null {
  const future = (at: Date | null): at is Date => at !== null && at.getTime() > now.getTime();
  const wasLive = before !== null && !before.cancelled && future(before.startsAt);
  if (after.cancelled)
    return wasLive && before?.startsAt ? { event: 'CANCELLED', at: before.startsAt } : null;
  if (!future(after.startsAt)) return null;
  if (!wasLive) return { event: 'BOOKED', at: after.startsAt };
  if (before?.startsAt?.getTime() === after.startsAt.getTime()) return null;
  return { event: 'MOVED', at: after.startsAt };
}

export async function recordAppointmentChange(
  tx: DbOrTx,
  subject: string,
  participantId: number,
  before: AppointmentState | null,
  after: AppointmentState,
): Promise<void> {
  const now = new Date();
  const change = appointmentEvent(before, after, now);
  if (!change) return;
  // A reminder still waiting for the old time must not go.
  await tx.execute(sql`
    update pending_notifications set state = 'SKIPPED', processed_at = now()
     where subject = ${subject} and event = 'REMINDER' and state = 'PENDING'`);
  await tx.execute(sql`
    insert into pending_notifications (user_id, event, subject, subject_at, due_at)
    select u.id, ${change.event}, ${subject}, ${change.at.toISOString()}::timestamptz, now()
      from users u
     where u.participant_id = ${participantId} and u.kind = 'PARTICIPANT' and ${ACTIVATED}`);
  if (change.event !== 'CANCELLED' && change.at.getTime() - now.getTime() <= REMINDER_BEFORE_MS) {
    await tx.execute(sql`
      insert into pending_notifications (user_id, event, subject, subject_at, due_at, state, processed_at)
      select u.id, 'REMINDER', ${subject}, ${change.at.toISOString()}::timestamptz, now(), 'SKIPPED', now()
        from users u
       where u.participant_id = ${participantId} and u.kind = 'PARTICIPANT' and ${ACTIVATED}
      on conflict (user_id, subject, subject_at) where event = 'REMINDER' do nothing`);
  }
}

/**
 * A transfer requested, accepted or cancelled: the correspondants whose scope holds either end
 * (establishment, company or group of the source or of the destination), but not the one who acted.
 */
export async function recordTransfer(
  tx: DbOrTx,
  mutationId: number,
  event: Extract<NotificationEvent, 'TRANSFER_REQUESTED' | 'TRANSFER_ACCEPTED' | 'TRANSFER_CANCELLED'>,
  actorUserId: number | null,
): Promise<void> {
  await tx.execute(sql`
    insert into pending_notifications (user_id, event, subject, due_at)
    select distinct u.id, ${event}, ${`mutation/${mutationId}`}, now()
      from mutations m
      join correspondants c on
           (c.scope_level = 'ETABLISSEMENT' and c.establishment_id in (m.source_establishment_id, m.destination_establishment_id))
        or (c.scope_level = 'ENTREPRISE' and c.company_id in (m.source_company_id, m.destination_company_id))
        or (c.scope_level = 'GROUPEMENT' and c.group_id in (m.source_group_id, m.destination_group_id))
      join users u on u.correspondant_id = c.id and u.kind = 'CORRESPONDANT' and ${ACTIVATED}
     where m.id = ${mutationId} and u.id <> ${actorUserId ?? 0}`);
}
