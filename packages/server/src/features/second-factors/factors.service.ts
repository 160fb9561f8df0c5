import { maskPhone } from '@portail/contract/rules/phone';
import { type FactorsReply, SECOND_FACTOR_MESSAGES } from '@portail/contract/schemas/second-factors';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { sessionHasCode } from '../../auth/codes';
import { reauthenticate } from '../../auth/reauthenticate';
import { factorsOf, hasStrongFactor, methodsFor, secondStepRequired } from '../../auth/second-step';
import type { DbOrTx } from '../../db/client';
import { authenticatorApps, passkeys, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, forbidden, infoMessage, notFound } from '../../lib/errors';
import { type AccountDeps, type AccountRequest, mailAccountNotice } from '../account';

/** The account as the second step reads it, with what the notices need. */
export async function secondStepAccount(db: DbOrTx, userId: number) {
  const [account] = await db
    .select({
      id: users.id,
      kind: users.kind,
      mobile: users.mobile,
      smsCodeOff: users.smsCodeOff,
      email: users.email,
      englishOnly: users.englishOnly,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw notFound();
  return account;
}

/**
 * GET /oauth/doubleAuthentification/methodes (docs/second-factors.md#second-step): the ways through
 * this session's second step. Open to a session that has not passed it: it says nothing of the person
 * beyond the masked mobile the code screen already shows.
 */
export async function secondStepMethods(deps: AccountDeps, caller: Caller) {
  const account = await secondStepAccount(deps.db, caller.userId);
  const factors = await factorsOf(deps.db, account);
  const methods = methodsFor(account, factors);
  return {
    methodes: methods,
    tel: methods.includes('sms') ? maskPhone(account.mobile) : '',
    smsEnvoye: await sessionHasCode(deps.db, caller.sessionId),
    // mayEnrolBeforeSecondStep's rule, on the account and factors already read here.
    enrolementRequis:
      !caller.confirmed &&
      account.kind === 'CORRESPONDANT' &&
      secondStepRequired(account, factors, deps.config) &&
      methods.length === 0,
    facteurDemande: factorRequired(account, deps.config) && !hasStrongFactor(factors),
  };
}

/**
 * Whether a session that has not passed its second step may enrol a factor: only when it has no way
 * through at all (a correspondant the centre requires a factor of, with none and no mobile). Their
 * first factor then stands on the password alone (trust on first use, in the audit trail and mailed).
 */
export async function mayEnrolBeforeSecondStep(deps: AccountDeps, caller: Caller): Promise<boolean> {
  if (caller.confirmed) return true;
  const account = await secondStepAccount(deps.db, caller.userId);
  if (account.kind !== 'CORRESPONDANT') return false;
  const factors = await factorsOf(deps.db, account);
  return secondStepRequired(account, factors, deps.config) && methodsFor(account, factors).length === 0;
}

/**
 * After a factor was deleted, in the deletion's transaction (the account row locked): refuses (409
 * `facteurs.dernierRequis`, the transaction rolls back) to leave an account that needs a second step
 * with no way through it (no passkey, no app, no mobile); turns the text-message code back on when no
 * passkey or app remains. Says whether it did.
 */
export async function afterFactorRemoval(
  tx: DbOrTx,
  config: AccountDeps['config'],
  userId: number,
): Promise<{ smsBackOn: boolean }> {
  const account = await secondStepAccount(tx, userId);
  const factors = await factorsOf(tx, account);
  if (
    secondStepRequired(account, factors, config) &&
    methodsFor(account, { ...factors, smsOff: false }).length === 0
  ) {
    throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.lastRequired)], 409);
  }
  if (hasStrongFactor(factors) || !account.smsCodeOff) return { smsBackOn: false };
  await tx.update(users).set({ smsCodeOff: false }).where(eq(users.id, userId));
  return { smsBackOn: true };
}

/** Locks the account row for a change of its factors (one change at a time per account). */
export async function lockAccountFactors(tx: DbOrTx, userId: number): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound();
}

/** The centre requires a second factor of this account (CORRESPONDANT_SECOND_FACTOR, docs/second-factors.md#policy). */
const factorRequired = (account: { kind: string }, config: AccountDeps['config']) =>
  account.kind === 'CORRESPONDANT' && config.correspondantSecondFactor === 'required';

/** GET /user/facteurs: the account's passkeys, app and text-message code, for the "Sécurité" tab. */
export async function accountFactors(deps: AccountDeps, caller: Caller): Promise<FactorsReply> {
  const { db } = deps;
  if (!(await mayEnrolBeforeSecondStep(deps, caller))) throw forbidden('auth.confirmationRequired');
  const account = await secondStepAccount(db, caller.userId);
  const factors = await factorsOf(db, account);
  const keys = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, account.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  const [app] = await db
    .select()
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, account.id), isNotNull(authenticatorApps.confirmedAt)))
    .limit(1);
  const smsOn = account.mobile !== null && !factors.smsOff;
  return {
    exige: factorRequired(account, deps.config),
    cles: keys.map((key) => ({
      id: key.id,
      nom: key.name,
      creeLe: key.createdAt.toISOString(),
      derniereUtilisation: key.lastUsedAt?.toISOString() ?? null,
      synchronisee: key.deviceType === 'multiDevice',
    })),
    application: app
      ? {
          creeLe: (app.confirmedAt ?? app.createdAt).toISOString(),
          derniereUtilisation: app.lastUsedAt?.toISOString() ?? null,
          codesSecoursRestants: factors.recoveryLeft,
        }
      : null,
    sms: {
      tel: maskPhone(account.mobile),
      actif: smsOn,
      modifiable: smsOn ? hasStrongFactor(factors) : account.mobile !== null,
    },
  };
}

/** Whose record an audit row concerns: a participant's own, so that "My activity" lists it. */
export const concerning = (caller: Caller) =>
  caller.participantId === null ? {} : { participantId: caller.participantId };

/**
 * PUT /user/facteurs/sms (docs/second-factors.md#text-message-code): the text-message code off, while
 * a passkey or an app can sign in instead, or back on, with the current password (a stolen session
 * must not weaken the account). The holder is told by mail; the audit trail keeps it.
 */
export async function switchSmsFactor(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: { actif: boolean; motDePasse: string },
) {
  await reauthenticate(deps, { userId: ctx.caller.userId, ip: ctx.ip }, body.motDePasse);
  const account = await deps.db.transaction(async (tx) => {
    await lockAccountFactors(tx, ctx.caller.userId);
    const row = { id: ctx.caller.userId };
    const current = await secondStepAccount(tx, row.id);
    const factors = await factorsOf(tx, current);
    if (body.actif && current.mobile === null) {
      throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.smsNoMobile)], 409);
    }
    if (!body.actif && !hasStrongFactor(factors)) {
      throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.smsNeedsStrong)], 409);
    }
    const wasOff = factors.smsOff;
    if (wasOff === !body.actif) return { ...current, changed: false };
    await tx.update(users).set({ smsCodeOff: !body.actif }).where(eq(users.id, row.id));
    await audit(tx, {
      actorUserId: row.id,
      action: body.actif ? 'SMS_CODE_TURNED_ON' : 'SMS_CODE_TURNED_OFF',
      targetType: 'user',
      targetId: row.id,
      ...concerning(ctx.caller),
      ip: ctx.ip,
    });
    return { ...current, changed: true };
  });
  if (account.changed) {
    await mailAccountNotice(
      deps,
      ctx.log,
      account.email,
      account.englishOnly,
      body.actif ? 'smsOn' : 'smsOff',
      account.id,
    );
  }
  return {
    actif: body.actif,
    ciemException: {
      messages: [infoMessage(body.actif ? SECOND_FACTOR_MESSAGES.smsOn : SECOND_FACTOR_MESSAGES.smsOff)],
    },
  };
}
