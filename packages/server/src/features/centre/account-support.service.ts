import { hasAnyRole } from '@portail/contract/roles';
import type { AccountAction, AccountActionPath, AccountCard } from '@portail/contract/schemas/centre';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import { accountAttemptKey, clearAttempts } from '../../auth/lockout';
import { factorsOf } from '../../auth/second-step';
import type { SessionEvents } from '../../auth/session-events';
import { revokeUserSessions } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  authenticatorApps,
  correspondants,
  participants,
  passkeys,
  recoveryCodes,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, notFound } from '../../lib/errors';
import type { Notifier } from '../../notify/notifier';
import { mailAccountNotice } from '../account';
import { sendPasswordLink } from '../recovery';
import { issueRegistrationLink, mailRegistrationLink } from '../registration';
import {
  accountCard,
  accountState,
  allowedActions,
  findAccount,
  hasOpenSession,
  type SupportedAccount,
} from './account-support.queries';

export interface CentreDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  sessions: SessionEvents;
}

export interface StaffRequest {
  caller: Caller;
  ip: string;
  log: FastifyBaseLogger;
}

/** The messages of the Centre area (web i18n `messages.centre.*`). */
export const CENTRE_MESSAGES = {
  notAllowed: 'centre.actionNotAllowed',
  ownAccount: 'centre.ownAccount',
  staffOnlyAdmin: 'centre.staffOnlyAdmin',
  noEmail: 'centre.noEmail',
  notDead: 'centre.notDead',
} as const;

const ACTION_OF: Record<AccountActionPath, AccountAction> = {
  unlock: 'UNLOCK',
  'end-sessions': 'END_SESSIONS',
  'registration-link': 'REGISTRATION_LINK',
  'reset-link': 'RESET_LINK',
  deactivate: 'DEACTIVATE',
  reactivate: 'REACTIVATE',
  'reset-factors': 'RESET_FACTORS',
};

/**
 * Who may act on an account from the console: nobody on their own (personal details are for that),
 * and only an administrator on a staff account (an operator must not lock an administrator out).
 */
function actingRefusal(caller: Caller, account: SupportedAccount): string | null {
  if (account.id === caller.userId) return CENTRE_MESSAGES.ownAccount;
  if (account.kind === 'STAFF' && !hasAnyRole(caller.roles, ['ROLE_ADMIN']))
    return CENTRE_MESSAGES.staffOnlyAdmin;
  return null;
}

async function loadAccount(db: Db, id: number): Promise<SupportedAccount> {
  const account = await findAccount(db, id);
  if (!account) throw notFound();
  return account;
}

/** The support card of an account; reading it is recorded (who looked at whose account, when). */
export async function readAccountCard(deps: CentreDeps, ctx: StaffRequest, id: number): Promise<AccountCard> {
  const account = await loadAccount(deps.db, id);
  await audit(deps.db, {
    actorUserId: ctx.caller.userId,
    action: 'STAFF_ACCOUNT_VIEWED',
    targetType: 'user',
    targetId: id,
    ...(account.participantId ? { participantId: account.participantId } : {}),
    ip: ctx.ip,
  });
  return cardFor(deps, ctx.caller, account);
}

async function cardFor(deps: CentreDeps, caller: Caller, account: SupportedAccount): Promise<AccountCard> {
  const card = await accountCard(deps.db, deps.config, account);
  return actingRefusal(caller, account) ? { ...card, actions: [] } : card;
}

/** The person an account is for, as the registration mail greets them. */
async function personOf(db: Db, account: SupportedAccount) {
  if (account.participantId) {
    const [row] = await db
      .select({
        lastName: participants.lastName,
        firstName: participants.firstName,
        email: participants.email,
      })
      .from(participants)
      .where(eq(participants.id, account.participantId));
    if (row) return row;
  }
  if (account.correspondantId) {
    const [row] = await db
      .select({
        lastName: correspondants.lastName,
        firstName: correspondants.firstName,
        email: correspondants.email,
      })
      .from(correspondants)
      .where(eq(correspondants.id, account.correspondantId));
    if (row) return row;
  }
  return { lastName: account.lastName, firstName: account.firstName, email: account.email };
}

/**
 * One action of account support, with the operator's reason in the audit trail: unlock, end every
 * session, mail a new registration or reset link, deactivate or re-activate. Refused (409) when the
 * account's state does not allow it (the card offers only what it allows). Answers the new card.
 */
export async function runAccountAction(
  deps: CentreDeps,
  ctx: StaffRequest,
  id: number,
  path: AccountActionPath,
  reason: string,
): Promise<AccountCard> {
  const { db, config } = deps;
  const account = await loadAccount(db, id);
  const refusal = actingRefusal(ctx.caller, account);
  if (refusal) throw new BusinessError([errorMessage(refusal)], 403);
  const action = ACTION_OF[path];
  const state = accountState(account, config);
  if (
    !allowedActions(account, state, await hasOpenSession(db, id), await factorsOf(db, account)).includes(
      action,
    )
  )
    throw new BusinessError([errorMessage(CENTRE_MESSAGES.notAllowed)]);
  const entry = {
    actorUserId: ctx.caller.userId,
    targetType: 'user',
    targetId: id,
    ip: ctx.ip,
    ...(account.participantId ? { participantId: account.participantId } : {}),
  };
  switch (action) {
    case 'UNLOCK':
      await db.transaction(async (tx) => {
        await tx.update(users).set({ lockedAt: null, updatedAt: new Date() }).where(eq(users.id, id));
        await clearAttempts(tx, accountAttemptKey(account));
        const lockedAt = account.lockedAt?.toISOString() ?? null;
        await audit(tx, { ...entry, action: 'STAFF_UNLOCK', details: { reason, lockedAt } });
      });
      break;
    case 'END_SESSIONS':
      await db.transaction(async (tx) => {
        const ended = await revokeUserSessions(tx, deps.sessions, id, null, 'staff');
        await audit(tx, {
          ...entry,
          action: 'STAFF_END_SESSIONS',
          details: { reason, sessionsEnded: ended },
        });
      });
      break;
    case 'DEACTIVATE':
      await db.transaction(async (tx) => {
        await tx.update(users).set({ active: false, updatedAt: new Date() }).where(eq(users.id, id));
        const ended = await revokeUserSessions(tx, deps.sessions, id, null, 'account_deactivated');
        await audit(tx, { ...entry, action: 'STAFF_DEACTIVATE', details: { reason, sessionsEnded: ended } });
      });
      break;
    case 'REACTIVATE':
      await db.transaction(async (tx) => {
        await tx.update(users).set({ active: true, updatedAt: new Date() }).where(eq(users.id, id));
        await audit(tx, { ...entry, action: 'STAFF_REACTIVATE', details: { reason } });
      });
      break;
    case 'RESET_FACTORS': {
      // The holder lost their passkeys or app (docs/second-factors.md#lost-factors): every one goes,
      // the text-message code comes back on, and every session ends; the holder is told by mail.
      const removed = await db.transaction(async (tx) => {
        const keys = await tx.delete(passkeys).where(eq(passkeys.userId, id)).returning({ id: passkeys.id });
        const apps = await tx
          .delete(authenticatorApps)
          .where(eq(authenticatorApps.userId, id))
          .returning({ id: authenticatorApps.userId });
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
        await tx.update(users).set({ smsCodeOff: false, updatedAt: new Date() }).where(eq(users.id, id));
        const ended = await revokeUserSessions(tx, deps.sessions, id, null, 'factors_reset');
        await audit(tx, {
          ...entry,
          action: 'STAFF_RESET_FACTORS',
          details: { reason, passkeys: keys.length, app: apps.length > 0, sessionsEnded: ended },
        });
        return keys.length + apps.length;
      });
      if (removed > 0) {
        await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'factorsReset', id);
      }
      break;
    }
    case 'RESET_LINK': {
      // sendPasswordLink records PASSWORD_LINK_SENT itself; this row says who asked and why.
      const sent = await sendPasswordLink(deps, id, 'RESET_PASSWORD', ctx.ip);
      if (!sent) throw new BusinessError([errorMessage(CENTRE_MESSAGES.noEmail)]);
      await audit(db, { ...entry, action: 'STAFF_RESET_LINK', details: { reason } });
      break;
    }
    case 'REGISTRATION_LINK': {
      const person = await personOf(db, account);
      const to = account.email ?? person.email;
      if (!to) throw new BusinessError([errorMessage(CENTRE_MESSAGES.noEmail)]);
      // A new link spends the earlier ones; a participant's activation code stays the one they hold
      // (the centre gives a new one in person: `npm run invite`).
      const token = await db.transaction(async (tx) => {
        const issued = await issueRegistrationLink(tx, id, config);
        await audit(tx, { ...entry, action: 'STAFF_REGISTRATION_LINK', details: { reason } });
        return issued;
      });
      const mail = {
        token,
        englishOnly: account.englishOnly,
        participant: account.kind === 'PARTICIPANT',
        person: { lastName: person.lastName, firstName: person.firstName },
      };
      await mailRegistrationLink(deps, ctx.log, to, mail, { userId: id });
      break;
    }
  }
  return cardFor(deps, ctx.caller, await loadAccount(db, id));
}
