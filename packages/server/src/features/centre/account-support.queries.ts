import {
  type AccountCard,
  type AccountState,
  type AccountSummary,
  AUDIT_ACTION_GROUPS,
} from '@portail/contract/schemas/centre';
import { and, desc, eq, gt, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { lockHolds } from '../../auth/lockout';
import { type Factors, factorsOf, hasStrongFactor } from '../../auth/second-step';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { accountTokens, auditLog, participants, sessions, users } from '../../db/schema';
import { escapeLike, foldedSql, foldText } from '../../lib/text-search';
import { listDeliveries } from './deliveries.queries';

/** At most this many accounts answer a search: the operator narrows it rather than pages through. */
export const SEARCH_LIMIT = 20;

/** What the card lists of the account's recent history. */
const RECENT = 20;

/** The audit actions of signing in, as the card shows them (time, address, browser). */
const SIGN_IN_ACTIONS: readonly string[] = AUDIT_ACTION_GROUPS.SIGN_IN;

/** What the centre's staff did to an account (account-support.service.ts), as the card lists it. */
const STAFF_ACCOUNT_ACTIONS: readonly string[] = AUDIT_ACTION_GROUPS.STAFF.filter(
  (action) => action.startsWith('STAFF_') && action !== 'STAFF_ACCOUNT_VIEWED',
);

const accountColumns = {
  id: users.id,
  kind: users.kind,
  login: users.login,
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  mobile: users.mobile,
  participantId: users.participantId,
  correspondantId: users.correspondantId,
  active: users.active,
  passwordHash: users.passwordHash,
  lockedAt: users.lockedAt,
  participantActive: participants.active,
};

type AccountRow = {
  active: boolean;
  passwordHash: string | null;
  lockedAt: Date | null;
  participantActive: boolean | null;
};

/**
 * Where an account stands: deactivated (by the centre, or a participant whose record the employer
 * ended), locked (three wrong passwords, until the lock lifts), waiting for its registration (no
 * password yet), or active.
 */
export function accountState(row: AccountRow, config: Config, now = Date.now()): AccountState {
  if (row.passwordHash === null && row.participantActive !== false) return 'PENDING';
  if (!row.active || row.participantActive === false) return 'DEACTIVATED';
  if (lockHolds(row.lockedAt, config.lockDurationS, now)) return 'LOCKED';
  return 'ACTIVE';
}

function summary(row: AccountRowFull, config: Config): AccountSummary {
  return {
    id: row.id,
    kind: row.kind,
    login: row.login,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    mobile: row.mobile,
    participantId: row.participantId,
    correspondantId: row.correspondantId,
    state: accountState(row, config),
  };
}

interface AccountRowFull extends AccountRow {
  id: number;
  kind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
  login: string;
  lastName: string;
  firstName: string;
  email: string | null;
  mobile: string | null;
  participantId: number | null;
  correspondantId: number | null;
}

/**
 * What a typed search looks for: `p:123` / `c:45` a participant's or correspondant's record id; a
 * number of six digits or more, a mobile (compared on its digits, whatever the spaces or +33); an
 * address with `@`, an e-mail; otherwise the start of an identifier, a last name or a first name.
 */
function searchCondition(q: string): SQL {
  const record = /^([pc]):\s*(\d{1,9})$/i.exec(q);
  if (record?.[1] && record[2]) {
    const id = Number(record[2]);
    return record[1].toLowerCase() === 'p' ? eq(users.participantId, id) : eq(users.correspondantId, id);
  }
  const digits = q.replace(/[\s.+-]/g, '');
  if (/^\d+$/.test(digits)) {
    // A record id fits a 32-bit integer; a longer number can only be a mobile.
    const ids =
      digits.length <= 9
        ? [eq(users.participantId, Number(digits)), eq(users.correspondantId, Number(digits))]
        : [];
    const national = digits.replace(/^(33|0)/, '');
    const byMobile =
      national.length >= 6
        ? [sql`regexp_replace(${users.mobile}, '[^0-9]', '', 'g') like ${`%${national}%`}`]
        : [];
    return or(...ids, ...byMobile) ?? sql`false`;
  }
  if (q.includes('@')) return ilike(users.email, `%${escapeLike(q.toLowerCase())}%`);
  // Names compare without case or accents, as the other searches of the portal (lib/text-search.ts).
  const prefix = `${escapeLike(foldText(q))}%`;
  return (
    or(
      ilike(users.login, `${escapeLike(q.toLowerCase())}%`),
      like(foldedSql(users.lastName), prefix),
      like(foldedSql(users.firstName), prefix),
      like(foldedSql(sql`${users.lastName} || ' ' || ${users.firstName}`), prefix),
      like(foldedSql(sql`${users.firstName} || ' ' || ${users.lastName}`), prefix),
    ) ?? sql`false`
  );
}

export async function searchAccounts(
  db: DbOrTx,
  config: Config,
  query: { q: string; kind?: AccountSummary['kind'] | undefined },
): Promise<{ items: AccountSummary[]; more: boolean }> {
  const rows = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(participants, eq(participants.id, users.participantId))
    .where(and(searchCondition(query.q), query.kind ? eq(users.kind, query.kind) : undefined))
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(SEARCH_LIMIT + 1);
  return {
    items: rows.slice(0, SEARCH_LIMIT).map((row) => summary(row, config)),
    more: rows.length > SEARCH_LIMIT,
  };
}

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...accountColumns,
      englishOnly: users.englishOnly,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      smsCodeOff: users.smsCodeOff,
    })
    .from(users)
    .leftJoin(participants, eq(participants.id, users.participantId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
export type SupportedAccount = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The actions an account's state allows (the card offers these; the service refuses the others). */
export function allowedActions(
  account: Pick<SupportedAccount, 'kind' | 'email' | 'active' | 'passwordHash'>,
  state: AccountState,
  hasOpenSessions: boolean,
  factors: Factors,
): AccountCard['actions'] {
  const actions: AccountCard['actions'] = [];
  if (state === 'LOCKED') actions.push('UNLOCK');
  if (hasOpenSessions) actions.push('END_SESSIONS');
  if (state === 'PENDING' && account.kind !== 'STAFF' && account.email) actions.push('REGISTRATION_LINK');
  if ((state === 'ACTIVE' || state === 'LOCKED') && account.email) actions.push('RESET_LINK');
  if (state === 'ACTIVE' || state === 'LOCKED') actions.push('DEACTIVATE');
  if (state === 'DEACTIVATED' && !account.active && account.passwordHash !== null) actions.push('REACTIVATE');
  // A holder who lost their passkeys or app (docs/second-factors.md#lost-factors).
  if (hasStrongFactor(factors) || factors.recoveryLeft > 0) actions.push('RESET_FACTORS');
  return actions;
}

/** Whether the account has a session that is neither ended nor expired. */
export async function hasOpenSession(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Everything the support card shows of an account: no password, code, token or message body. */
export async function accountCard(
  db: DbOrTx,
  config: Config,
  account: SupportedAccount,
): Promise<AccountCard> {
  const now = new Date();
  const [signIns, openSessions, link, lockRow, staffRows, messages] = await Promise.all([
    db
      .select({ at: auditLog.at, action: auditLog.action, ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, account.id), inArray(auditLog.action, [...SIGN_IN_ACTIONS])))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(RECENT),
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        browser: sessions.browser,
        required: sessions.secondFactorRequired,
        confirmedAt: sessions.secondFactorConfirmedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(RECENT),
    db
      .select({ expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, account.id),
          eq(accountTokens.purpose, 'REGISTRATION'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(accountTokens.expiresAt))
      .limit(1),
    account.lockedAt
      ? db
          .select({ details: auditLog.details })
          .from(auditLog)
          .where(and(eq(auditLog.actorUserId, account.id), eq(auditLog.action, 'ACCOUNT_LOCKED')))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(1)
      : Promise.resolve([]),
    db
      .select({ at: auditLog.at, action: auditLog.action, details: auditLog.details, by: users.login })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(
        and(
          eq(auditLog.targetType, 'user'),
          eq(auditLog.targetId, String(account.id)),
          inArray(auditLog.action, [...STAFF_ACCOUNT_ACTIONS]),
        ),
      )
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(RECENT),
    listDeliveries(db, { userId: account.id, page: 0, size: 10 }),
  ]);
  const state = accountState(account, config, now.getTime());
  const locked = state === 'LOCKED' ? account.lockedAt : null;
  const factors = await factorsOf(db, account);
  const actions = allowedActions(account, state, openSessions.length > 0, factors);
  return {
    ...summary(account, config),
    englishOnly: account.englishOnly,
    createdAt: account.createdAt.toISOString(),
    lastLoginAt: iso(account.lastLoginAt),
    lockedAt: iso(locked),
    lockedAfter: locked ? (text(lockRow[0]?.details?.after) ?? 'SIGN_IN') : null,
    lockedUntil: locked ? new Date(locked.getTime() + config.lockDurationS * 1000).toISOString() : null,
    registrationLinkExpiresAt: state === 'PENDING' ? iso(link[0]?.expiresAt ?? null) : null,
    signIns: signIns.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      ip: row.ip,
      browser: text(row.details?.browser),
    })),
    sessions: openSessions.map((row) => ({
      label: row.id.slice(0, 8),
      startedAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ip: row.ip,
      browser: row.browser,
      confirmed: !row.required || row.confirmedAt !== null,
    })),
    staffActions: staffRows.map((row) => ({
      at: row.at.toISOString(),
      action: row.action,
      by: row.by,
      reason: text(row.details?.reason),
    })),
    messages: messages.items,
    factors: { passkeys: factors.passkeys, app: factors.app, smsOff: factors.smsOff },
    actions,
  };
}
