import {
  defaultPreference,
  type NotificationChannel,
  type NotificationKind,
} from '@portail/contract/schemas/notifications';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  appointments,
  documents,
  type NotificationEvent,
  notificationPreferences,
  participants,
  pendingNotifications,
  users,
  visits,
} from '../../db/schema';
import type { Notifier } from '../../notify/notifier';
import { isCancelledLabel, REMINDER_BEFORE_MS } from './notification-record';
import { type NoticeEvent, noticeFor } from './notification-texts';
import { outsideQuietHours } from './quiet-hours';

export interface NotificationDeps {
  db: Db;
  notifier: Notifier;
  config: Pick<Config, 'productName' | 'publicUrl' | 'notificationGroupS'>;
}

/** The kind of the preferences an event belongs to. */
export function kindOf(event: NotificationEvent): NotificationKind {
  if (event === 'DOCUMENT') return 'DOCUMENTS';
  if (event === 'REMINDER') return 'REMINDERS';
  if (event.startsWith('TRANSFER_')) return 'TRANSFERS';
  return 'APPOINTMENTS';
}

/** One instance at a time runs a round, whatever the number of instances (the lock ends with the transaction). */
const LOCK = sql`select pg_try_advisory_xact_lock(hashtext('portail-notifications')) as locked`;
/** Persons handled per round: a big batch is told over a few rounds. */
const USERS_PER_ROUND = 200;
const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Row {
  id: number;
  userId: number;
  event: NotificationEvent;
  subject: string;
  subjectAt: Date | null;
}

/** Appointments within 48 hours not reminded yet for their start get their reminder, due 48 hours before it. */
async function addReminders(tx: DbOrTx, now: Date): Promise<void> {
  const from = now.toISOString();
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
  await tx.execute(sql`
    insert into pending_notifications (user_id, event, subject, subject_at, due_at)
    select u.id, 'REMINDER', a.subject, a.starts_at, a.starts_at - interval '48 hours'
      from (
        select 'vis-' || v.id as subject, v.participant_id, v.starts_at
          from visits v
         where v.starts_at > ${from}::timestamptz and v.starts_at <= ${until}::timestamptz
           and coalesce(v.state_label, '') !~* 'annul'
        union all
        select 'rdv-' || b.id, b.participant_id, b.starts_at
          from appointments b
         where b.starts_at > ${from}::timestamptz and b.starts_at <= ${until}::timestamptz
           and b.status !~* 'annul'
      ) a
      join users u on u.participant_id = a.participant_id and u.kind = 'PARTICIPANT'
                  and u.active and u.password_hash is not null
    on conflict (user_id, subject, subject_at) where event = 'REMINDER' do nothing`);
}

/** Whether an event is still worth telling now; `later` when a held document is not visible yet. */
async function stillTrue(tx: DbOrTx, rows: readonly Row[], now: Date) {
  const documentIds = rows.filter((r) => r.event === 'DOCUMENT').map((r) => Number(r.subject.split('/')[1]));
  const visitIds = rows.filter((r) => r.subject.startsWith('vis-')).map((r) => Number(r.subject.slice(4)));
  const bookingIds = rows.filter((r) => r.subject.startsWith('rdv-')).map((r) => Number(r.subject.slice(4)));
  const documentRows =
    documentIds.length === 0
      ? []
      : await tx
          .select({ id: documents.id, active: documents.active, availableFrom: documents.availableFrom })
          .from(documents)
          .where(inArray(documents.id, documentIds));
  const docs = new Map(documentRows.map((doc) => [`document/${doc.id}`, doc]));
  const visitRows =
    visitIds.length === 0
      ? []
      : await tx
          .select({ id: visits.id, startsAt: visits.startsAt, label: visits.stateLabel })
          .from(visits)
          .where(inArray(visits.id, visitIds));
  const bookingRows =
    bookingIds.length === 0
      ? []
      : await tx
          .select({ id: appointments.id, startsAt: appointments.startsAt, label: appointments.status })
          .from(appointments)
          .where(inArray(appointments.id, bookingIds));
  const booked = new Map<string, { startsAt: Date | null; cancelled: boolean }>([
    ...visitRows.map(
      (v) => [`vis-${v.id}`, { startsAt: v.startsAt, cancelled: isCancelledLabel(v.label) }] as const,
    ),
    ...bookingRows.map(
      (b) => [`rdv-${b.id}`, { startsAt: b.startsAt, cancelled: isCancelledLabel(b.label) }] as const,
    ),
  ]);
  return (row: Row): 'yes' | 'no' | Date => {
    if (row.event === 'DOCUMENT') {
      const doc = docs.get(row.subject);
      if (!doc?.active) return 'no';
      if (doc.availableFrom && doc.availableFrom > now) return doc.availableFrom;
      return 'yes';
    }
    if (row.event === 'BOOKED' || row.event === 'MOVED' || row.event === 'REMINDER') {
      const current = booked.get(row.subject);
      // Cancelled or moved again since: the later event tells it.
      if (!current || current.cancelled || current.startsAt?.getTime() !== row.subjectAt?.getTime())
        return 'no';
      return current.startsAt && current.startsAt > now ? 'yes' : 'no';
    }
    return 'yes';
  };
}

interface Person {
  id: number;
  email: string | null;
  mobile: string | null;
  english: boolean;
  reachable: boolean;
}

async function peopleOf(tx: DbOrTx, userIds: readonly number[]): Promise<Map<number, Person>> {
  const found = await tx
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      english: users.englishOnly,
      reachable: sql<boolean>`(${users.active} and ${users.passwordHash} is not null
        and (${users.kind} <> 'PARTICIPANT'
             or (${participants.id} is not null
                 and (${participants.terminationDate} is null or ${participants.terminationDate} > current_date))))`,
    })
    .from(users)
    .leftJoin(participants, eq(participants.id, users.participantId))
    .where(inArray(users.id, [...userIds]));
  return new Map(found.map((row) => [row.id, row]));
}

async function choicesOf(tx: DbOrTx, userIds: readonly number[]) {
  const rows = await tx
    .select({
      userId: notificationPreferences.userId,
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  const chosen = new Map(rows.map((row) => [`${row.userId}:${row.kind}:${row.channel}`, row.enabled]));
  return (userId: number, kind: NotificationKind, channel: NotificationChannel) =>
    chosen.get(`${userId}:${kind}:${channel}`) ?? defaultPreference(kind, channel);
}

interface Composed {
  mails: { to: string; subject: string; text: string; about: { purpose: 'NOTIFICATION'; userId: number } }[];
  texts: { to: string; text: string; about: { purpose: 'NOTIFICATION'; userId: number } }[];
  /** Events told (one message per channel for all of a person's), skipped (no longer true, nobody to tell). */
  told: number[];
  skipped: number[];
  /** Documents still held: due again at the end of their hold. */
  later: { id: number; dueAt: Date }[];
}

/** The messages of `rows` (PENDING events of `userIds`), as they are at `at`: one per person and channel. */
async function compose(
  tx: DbOrTx,
  config: NotificationDeps['config'],
  userIds: readonly number[],
  rows: readonly Row[],
  at: Date,
): Promise<Composed> {
  const check = await stillTrue(tx, rows, at);
  const people = await peopleOf(tx, userIds);
  const chosen = await choicesOf(tx, userIds);
  const portal = { productName: config.productName, publicUrl: config.publicUrl };
  const out: Composed = { mails: [], texts: [], told: [], skipped: [], later: [] };
  for (const userId of userIds) {
    const person = people.get(userId);
    const told: Row[] = [];
    for (const row of rows.filter((entry) => entry.userId === userId)) {
      const verdict = person?.reachable ? check(row) : 'no';
      if (verdict === 'no') out.skipped.push(row.id);
      else if (verdict === 'yes') told.push(row);
      else out.later.push({ id: row.id, dueAt: verdict });
    }
    if (!person || told.length === 0) continue;
    const language = person.english ? 'en' : 'fr';
    const about = { purpose: 'NOTIFICATION' as const, userId };
    const forChannel = (channel: NotificationChannel): NoticeEvent[] =>
      told
        .filter((row) => chosen(userId, kindOf(row.event), channel))
        .map((row) => ({ event: row.event, at: row.subjectAt }));
    const email = person.email?.trim() ?? '';
    const mailNotice = MAIL.test(email) ? noticeFor(language, forChannel('MAIL'), portal) : null;
    if (mailNotice) out.mails.push({ to: email, subject: mailNotice.subject, text: mailNotice.mail, about });
    const mobile = person.mobile?.trim() ?? '';
    const textNotice = mobile.length > 0 ? noticeFor(language, forChannel('SMS'), portal) : null;
    if (textNotice) out.texts.push({ to: mobile, text: textNotice.sms, about });
    (mailNotice || textNotice ? out.told : out.skipped).push(...told.map((row) => row.id));
  }
  return out;
}

const PENDING_COLUMNS = {
  id: pendingNotifications.id,
  userId: pendingNotifications.userId,
  event: pendingNotifications.event,
  subject: pendingNotifications.subject,
  subjectAt: pendingNotifications.subjectAt,
};

/**
 * One round of the notifications (docs/notifications-and-delivery.md#notifications): reminders due are
 * added, then each person whose first waiting event is older than the grouping window gets ONE message
 * per channel they chose for all their events. In the quiet hours nothing is recorded: the events due
 * wait for 08:00 (those no longer true are skipped), and the first round after 08:00 and the grouping
 * window tells everything of the night in one message (docs/notifications-and-delivery.md#quiet-hours).
 * Returns how many messages were recorded. Only one instance runs a round at a time.
 */
export async function runNotifications(deps: NotificationDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(tx, LOCK);
    if (!lock?.locked) return 0;
    await addReminders(tx, now);
    // Told or skipped events are kept a while (the reminders' record of what was reminded), then go.
    await tx.execute(sql`
      delete from pending_notifications
       where state <> 'PENDING' and processed_at < ${now.toISOString()}::timestamptz - interval '30 days'`);
    const morning = outsideQuietHours(now);
    const night = morning.getTime() > now.getTime();
    // At night every event due waits for the morning at once: no grouping window to wait for.
    const windowStart = night
      ? now.toISOString()
      : new Date(now.getTime() - deps.config.notificationGroupS * 1000).toISOString();
    const ready = await rowsOf<{ user_id: number }>(
      tx,
      sql`
      select user_id from pending_notifications
       where state = 'PENDING' and due_at <= ${now.toISOString()}::timestamptz
       group by user_id
      having min(due_at) <= ${windowStart}::timestamptz
       order by min(due_at)
       limit ${USERS_PER_ROUND}`,
    );
    const userIds = ready.map((row) => Number(row.user_id));
    if (userIds.length === 0) return 0;
    const rows: Row[] = await tx
      .select(PENDING_COLUMNS)
      .from(pendingNotifications)
      .where(
        and(
          inArray(pendingNotifications.userId, userIds),
          eq(pendingNotifications.state, 'PENDING'),
          sql`${pendingNotifications.dueAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(pendingNotifications.id)
      .for('update');
    const composed = await compose(tx, deps.config, userIds, rows, now);
    const mark = async (ids: number[], state: 'SENT' | 'SKIPPED') => {
      if (ids.length > 0)
        await tx
          .update(pendingNotifications)
          .set({ state, processedAt: now })
          .where(inArray(pendingNotifications.id, ids));
    };
    const dueAt = async (ids: number[], at: Date) => {
      if (ids.length > 0)
        await tx.update(pendingNotifications).set({ dueAt: at }).where(inArray(pendingNotifications.id, ids));
    };
    for (const held of composed.later) await dueAt([held.id], held.dueAt);
    await mark(composed.skipped, 'SKIPPED');
    if (night) {
      // Kept PENDING, due at 08:00: told together, with what comes until then, in the morning.
      await dueAt(composed.told, morning);
      return 0;
    }
    await deps.notifier.mailsIn(tx, composed.mails);
    await deps.notifier.textsIn(tx, composed.texts);
    await mark(composed.told, 'SENT');
    return composed.mails.length + composed.texts.length;
  });
}

/**
 * Demo outbox only (features/dev): at night, the messages the first round after 08:00 will record for
 * the events waiting until then, composed as they will be sent; none in the day.
 */
export async function noticesOfTheMorning(
  db: Db,
  config: NotificationDeps['config'],
  now = new Date(),
): Promise<{ notBefore: Date; mails: Composed['mails']; texts: Composed['texts'] }> {
  const morning = outsideQuietHours(now);
  if (morning.getTime() <= now.getTime()) return { notBefore: morning, mails: [], texts: [] };
  const rows: Row[] = await db
    .select(PENDING_COLUMNS)
    .from(pendingNotifications)
    .where(
      and(
        eq(pendingNotifications.state, 'PENDING'),
        sql`${pendingNotifications.dueAt} <= ${morning.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(pendingNotifications.id);
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (userIds.length === 0) return { notBefore: morning, mails: [], texts: [] };
  const composed = await compose(db, config, userIds, rows, morning);
  return { notBefore: morning, mails: composed.mails, texts: composed.texts };
}
