import { centreDaysRange } from '@portail/contract/rules/centre-time';
import { formatPersonName } from '@portail/contract/rules/person-name';
import {
  AUDIT_ACTION_GROUPS,
  type AuditEntry,
  type AuditEvent,
  type AuditQuery,
  auditActionGroup,
} from '@portail/contract/schemas/centre';
import { and, count, desc, eq, gte, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, participants, users } from '../../db/schema';

export type AuditFilter = Omit<AuditQuery, 'page' | 'size'>;

/** A family of actions or one action: entries ending in `_` stand for every action they begin. */
function actionCondition(action: string): SQL | undefined {
  const group = auditActionGroup.safeParse(action);
  if (!group.success) return eq(auditLog.action, action);
  const names: readonly string[] = AUDIT_ACTION_GROUPS[group.data];
  const exact = names.filter((name) => !name.endsWith('_'));
  const prefixes = names
    .filter((name) => name.endsWith('_'))
    .map((name) => like(auditLog.action, `${name}%`));
  return or(exact.length > 0 ? inArray(auditLog.action, exact) : undefined, ...prefixes);
}

/**
 * Who acted: the accounts whose identifier it is (participant and staff or correspondant alike), or a
 * system client named so (its name or its client id, as the FHIR calls record them).
 */
async function actorCondition(db: DbOrTx, actor: string): Promise<SQL> {
  const accounts = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.login})`, actor.toLowerCase()));
  return (
    or(
      accounts.length > 0
        ? inArray(
            auditLog.actorUserId,
            accounts.map((account) => account.id),
          )
        : undefined,
      eq(sql`${auditLog.details}->>'clientId'`, actor),
      eq(sql`lower(${auditLog.details}->>'client')`, actor.toLowerCase()),
    ) ?? sql`false`
  );
}

async function conditions(db: DbOrTx, filter: AuditFilter): Promise<SQL | undefined> {
  const days = centreDaysRange(filter.from, filter.to);
  return and(
    filter.participant !== undefined ? eq(auditLog.participantId, filter.participant) : undefined,
    filter.actor ? await actorCondition(db, filter.actor) : undefined,
    filter.action ? actionCondition(filter.action) : undefined,
    // Days of the centre (Europe/Paris), whatever the server's zone.
    days.start ? gte(auditLog.at, days.start) : undefined,
    days.end ? lt(auditLog.at, days.end) : undefined,
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  actorUserId: auditLog.actorUserId,
  login: users.login,
  accountKind: users.kind,
  details: auditLog.details,
  participantId: auditLog.participantId,
  participantLastName: participants.lastName,
  participantFirstName: participants.firstName,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
};

type Row = {
  id: number;
  at: Date;
  action: string;
  actorUserId: number | null;
  login: string | null;
  accountKind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF' | null;
  details: Record<string, unknown> | null;
  participantId: number | null;
  participantLastName: string | null;
  participantFirstName: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

function entryOf(row: Row): AuditEntry {
  const client = text(row.details?.client) ?? text(row.details?.clientId);
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor:
      row.actorUserId !== null
        ? {
            kind: 'USER',
            userId: row.actorUserId,
            login: row.login,
            accountKind: row.accountKind,
            name: null,
          }
        : client && row.action !== 'SYSTEM_TOKEN_REFUSED'
          ? { kind: 'CLIENT', userId: null, login: null, accountKind: null, name: client }
          : { kind: 'NONE', userId: null, login: null, accountKind: null, name: client },
    participantId: row.participantId,
    participantName:
      row.participantLastName !== null
        ? formatPersonName(row.participantLastName, row.participantFirstName ?? '')
        : null,
    targetType: row.targetType,
    targetId: row.targetId,
    ip: row.ip,
  };
}

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(participants, eq(participants.id, auditLog.participantId));
}

/** A page of the trail, newest first, with the total the filters match. */
export async function searchAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { page: number; size: number },
): Promise<{ items: AuditEntry[]; totalRows: number; subTotal: number }> {
  const where = await conditions(db, filter);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map(entryOf);
  return { items, totalRows: total?.total ?? 0, subTotal: items.length };
}

/** One event in full, with what it recorded. */
export async function findAuditEvent(db: DbOrTx, id: number): Promise<AuditEvent | null> {
  const [row] = await select(db).where(eq(auditLog.id, id)).limit(1);
  return row ? { ...entryOf(row), details: row.details } : null;
}

/**
 * The events the filters match, newest first, in batches (keyset on the id): an export of tens of
 * thousands of rows never holds them all at once. Stops after `max` rows.
 */
export async function* auditBatches(
  db: DbOrTx,
  filter: AuditFilter,
  max: number,
  batch = 2000,
): AsyncGenerator<(AuditEntry & { details: Record<string, unknown> | null })[]> {
  const where = await conditions(db, filter);
  let before: number | null = null;
  let sent = 0;
  while (sent < max) {
    const rows: Row[] = await select(db)
      .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(Math.min(batch, max - sent));
    if (rows.length === 0) return;
    sent += rows.length;
    before = rows[rows.length - 1]?.id ?? null;
    yield rows.map((row) => ({ ...entryOf(row), details: row.details }));
    if (rows.length < batch) return;
  }
}
