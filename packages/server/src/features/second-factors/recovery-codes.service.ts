import { randomInt } from 'node:crypto';
import {
  AUTHENTICATOR_APP_MESSAGES,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@portail/contract/schemas/authenticator-app';
import { SECOND_FACTOR_MESSAGES } from '@portail/contract/schemas/second-factors';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { reauthenticate } from '../../auth/reauthenticate';
import {
  countSecondStepTry,
  factorsOf,
  failSecondStep,
  methodsFor,
  passSecondStep,
  type StepOutcome,
} from '../../auth/second-step';
import { hashCode } from '../../auth/secrets';
import type { DbOrTx } from '../../db/client';
import { authenticatorApps, recoveryCodes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage } from '../../lib/errors';
import { type AccountDeps, type AccountRequest, mailAccountNotice } from '../account';
import { concerning, lockAccountFactors, secondStepAccount } from './factors.service';

/**
 * Recovery codes (docs/second-factors.md#recovery-codes): ten single-use codes that come with the
 * authenticator app, for the day the phone is lost. Shown once; stored as an HMAC keyed with
 * CODE_SECRET (49 random bits each: too few for a plain hash).
 */

/** One code, `ABCDE-FGHJK`, from a cryptographic source. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;
}

/**
 * Replaces the account's recovery codes with ten new ones, in the caller's transaction (the account's
 * factors locked), and answers them: the only time they are seen.
 */
export async function replaceRecoveryCodes(tx: DbOrTx, key: Uint8Array, userId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: hashCode(normaliseRecoveryCode(code), key) })));
  return [...codes];
}

/**
 * POST /user/facteurs/secours: ten new recovery codes, with the current password, only while an app is
 * enrolled; the former ones no longer work. Audited and mailed.
 */
export async function renewRecoveryCodes(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: { motDePasse: string },
) {
  const userId = ctx.caller.userId;
  await reauthenticate(deps, { userId, ip: ctx.ip }, body.motDePasse);
  const codes = await deps.db.transaction(async (tx) => {
    await lockAccountFactors(tx, userId);
    const [app] = await tx
      .select({ userId: authenticatorApps.userId })
      .from(authenticatorApps)
      .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.confirmedAt)))
      .limit(1);
    if (!app) throw new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.notEnrolled)], 409);
    const fresh = await replaceRecoveryCodes(tx, deps.config.codeSecret, userId);
    await audit(tx, {
      actorUserId: userId,
      action: 'RECOVERY_CODES_RENEWED',
      targetType: 'user',
      targetId: userId,
      ...concerning(ctx.caller),
      ip: ctx.ip,
    });
    return fresh;
  });
  const account = await secondStepAccount(deps.db, userId);
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'recoveryCodesRenewed', userId);
  return {
    codesSecours: codes,
    ciemException: { messages: [infoMessage(AUTHENTICATOR_APP_MESSAGES.recoveryRenewed)] },
  };
}

/**
 * POST /oauth/doubleAuthentification/secours (docs/second-factors.md#second-step): a recovery code
 * passes the second step once. Refused (409) to a session already through or an account without
 * recovery codes; the try is counted against the account first (429 past the bound); the code is
 * taken in one statement, so two sessions typing it together cannot both pass. A wrong or used code
 * counts toward the session's three.
 */
export async function recoveryCodeStep(
  deps: AccountDeps,
  ctx: AccountRequest,
  code: string,
): Promise<StepOutcome> {
  const { db } = deps;
  const { caller, ip } = ctx;
  const account = await secondStepAccount(db, caller.userId);
  if (caller.confirmed || !methodsFor(account, await factorsOf(db, account)).includes('secours')) {
    throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.methodUnavailable)], 409);
  }
  const slot = await countSecondStepTry(deps, caller, ip);
  if (!slot.ok) return slot.outcome;
  const [taken] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, caller.userId),
        eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(code), deps.config.codeSecret)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!taken) return failSecondStep(deps, caller, 'recovery', ip, slot.attempt);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, caller.userId), isNull(recoveryCodes.usedAt)));
  const remaining = left?.n ?? 0;
  await passSecondStep(deps, caller, 'recovery', ip);
  await audit(db, {
    actorUserId: caller.userId,
    action: 'RECOVERY_CODE_USED',
    targetType: 'session',
    targetId: caller.sessionId,
    details: { left: remaining },
    ...concerning(caller),
    ip,
  });
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'recoveryCodeUsed', account.id);
  return {
    ok: true,
    messages: [
      { level: 'INFO', errorCode: AUTHENTICATOR_APP_MESSAGES.recoveryLeft, args: [String(remaining)] },
    ],
  };
}
