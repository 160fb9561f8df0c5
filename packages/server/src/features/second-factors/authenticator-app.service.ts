import { MAX_CODE_ATTEMPTS } from '@portail/contract/constants';
import {
  APP_CODE_FIELD,
  type AppOptionsReply,
  AUTHENTICATOR_APP_MESSAGES,
} from '@portail/contract/schemas/authenticator-app';
import { CURRENT_PASSWORD_FIELD } from '@portail/contract/schemas/contact-change';
import { SECOND_FACTOR_MESSAGES } from '@portail/contract/schemas/second-factors';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Caller } from '../../auth/caller';
import { reauthenticate } from '../../auth/reauthenticate';
import { seal, unseal } from '../../auth/sealed';
import {
  countSecondStepTry,
  factorsOf,
  failSecondStep,
  methodsFor,
  passSecondStep,
  type StepOutcome,
} from '../../auth/second-step';
import { forget, hit } from '../../auth/throttle';
import type { Config } from '../../config';
import { authenticatorApps, recoveryCodes, throttles } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, forbidden, infoMessage, warnMessage } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { type AccountDeps, type AccountRequest, mailAccountNotice } from '../account';
import {
  afterFactorRemoval,
  concerning,
  lockAccountFactors,
  mayEnrolBeforeSecondStep,
  secondStepAccount,
} from './factors.service';
import { replaceRecoveryCodes } from './recovery-codes.service';

/**
 * The authenticator app (TOTP, RFC 6238, docs/second-factors.md#authenticator-app): SHA-1, six digits,
 * 30-second steps, what every app supports. The secret (20 random bytes) is sealed under a key derived
 * from CODE_SECRET; a code is accepted within one step either side of the server's clock, and only for
 * a step newer than the last one accepted: a code never works twice.
 */

export const TOTP_PERIOD_S = 30;
/** The HKDF purpose of the key that seals app secrets. */
const SEAL_INFO = 'totp-secret';
const sealContext = (userId: number) => `authenticator_apps:${userId}`;

export const sealAppSecret = (config: Pick<Config, 'codeSecret'>, userId: number, secret: string) =>
  seal(secret, config.codeSecret, SEAL_INFO, sealContext(userId));
/**
 * The app's secret, or null when it does not open (sealed under another CODE_SECRET: the setting must
 * never change; docs/second-factors.md#authenticator-app): then no code matches,
 * and the holder passes by another method or has the centre remove the app.
 */
export function openAppSecret(
  config: Pick<Config, 'codeSecret'>,
  userId: number,
  sealed: string,
): string | null {
  try {
    return unseal(sealed, config.codeSecret, SEAL_INFO, sealContext(userId));
  } catch {
    return null;
  }
}

/**
 * Checks a six-digit code against a base32 secret at `epochS` (seconds): the step it was made for when
 * it matches one step either side of now, strictly after `afterTimeStep`; null otherwise.
 */
export async function verifyAppCode(
  secret: string | null,
  code: string,
  afterTimeStep: number,
  epochS = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (secret === null || !/^\d{6}$/.test(token)) return null;
  // Nothing in the window is newer than the last accepted step (otplib refuses such a bound).
  if (afterTimeStep >= Math.floor(epochS / TOTP_PERIOD_S) + 1) return null;
  const result = await verify({
    secret,
    token,
    epoch: epochS,
    epochTolerance: TOTP_PERIOD_S,
    ...(afterTimeStep > 0 ? { afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A session that has not passed its second step enrols only when it has no way through it (403). */
async function enrollingSession(deps: AccountDeps, caller: Caller) {
  if (!caller.confirmed && !(await mayEnrolBeforeSecondStep(deps, caller))) {
    throw forbidden('auth.confirmationRequired');
  }
}

/**
 * Whether this session may change its factors now: a session through its second step with the
 * current password (counted toward the lock), or one that may enrol before it without a password
 * (a correspondant the centre requires a factor of, with no way through yet); anyone else 403.
 */
async function mayEnrol(deps: AccountDeps, ctx: AccountRequest, password: string | undefined) {
  await enrollingSession(deps, ctx.caller);
  if (!ctx.caller.confirmed) return;
  if (password === undefined) {
    throw new FieldErrors([{ field: CURRENT_PASSWORD_FIELD, defaultMessage: 'errors.required' }]);
  }
  await reauthenticate(deps, { userId: ctx.caller.userId, ip: ctx.ip }, password);
}

/** The enrolment's codes tried for the pending secret (three, then it is dropped). */
const enrolTriesKey = (userId: number) => `app-enrol:user:${userId}`;
const ENROL_WINDOW_S = 60 * 60;

/**
 * POST /user/facteurs/application/options: a new secret for the app to add, replacing one not yet
 * confirmed (its tries start over); refused (409) while an app is enrolled: it is removed first.
 */
export async function startAppEnrolment(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: { motDePasse?: string | undefined },
): Promise<AppOptionsReply> {
  const userId = ctx.caller.userId;
  await mayEnrol(deps, ctx, body.motDePasse);
  const secret = generateSecret({ length: 20 });
  await deps.db.transaction(async (tx) => {
    await lockAccountFactors(tx, userId);
    const [current] = await tx
      .select({ confirmedAt: authenticatorApps.confirmedAt })
      .from(authenticatorApps)
      .where(eq(authenticatorApps.userId, userId))
      .limit(1);
    if (current?.confirmedAt) {
      throw new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.alreadyEnrolled)], 409);
    }
    const row = {
      secretEncrypted: sealAppSecret(deps.config, userId, secret),
      confirmedAt: null,
      lastTimeStep: 0,
      createdAt: new Date(),
      lastUsedAt: null,
    };
    await tx
      .insert(authenticatorApps)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: authenticatorApps.userId, set: row });
    await forget(tx, enrolTriesKey(userId));
  });
  const uri = generateURI({ issuer: deps.config.productName, label: ctx.caller.profile.login, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Drops the pending secret: the enrolment starts again with a new one. Its tries stay spent (a try
 * already under way then finds none left) until the new start clears them.
 */
async function dropPending(deps: AccountDeps, userId: number) {
  await deps.db
    .delete(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNull(authenticatorApps.confirmedAt)));
}

/**
 * POST /user/facteurs/application: the app's first code confirms it. Each try is counted before it
 * is checked (concurrent guesses included): a wrong code is a field error; the third drops the
 * pending secret (409, start again). A right one confirms the app, makes ten recovery codes (the
 * former ones go) and answers them, once; a session enrolling before its second step passes it.
 */
export async function confirmAppEnrolment(deps: AccountDeps, ctx: AccountRequest, code: string) {
  const { db, config } = deps;
  const { caller } = ctx;
  const userId = caller.userId;
  await enrollingSession(deps, caller);
  const restart = () => new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.restart)], 409);
  const [pending] = await db
    .select()
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNull(authenticatorApps.confirmedAt)))
    .limit(1);
  if (!pending) throw new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.noPending)], 409);
  const reserved = await hit(db, enrolTriesKey(userId), {
    limit: MAX_CODE_ATTEMPTS,
    windowS: ENROL_WINDOW_S,
  });
  if (!reserved.allowed) {
    await dropPending(deps, userId);
    throw restart();
  }
  const step = await verifyAppCode(openAppSecret(config, userId, pending.secretEncrypted), code, 0);
  if (step === null) {
    const [tries] = await db
      .select({ hits: throttles.hits })
      .from(throttles)
      .where(eq(throttles.key, enrolTriesKey(userId)));
    const left = MAX_CODE_ATTEMPTS - (tries?.hits ?? MAX_CODE_ATTEMPTS);
    if (left <= 0) {
      await dropPending(deps, userId);
      throw restart();
    }
    throw new FieldErrors(
      [{ field: APP_CODE_FIELD, defaultMessage: 'secondFactor.app.error.wrong' }],
      [warnMessage(AUTHENTICATOR_APP_MESSAGES.wrongCode, [String(left)])],
    );
  }
  const codes = await db.transaction(async (tx) => {
    await lockAccountFactors(tx, userId);
    const [confirmed] = await tx
      .update(authenticatorApps)
      .set({ confirmedAt: new Date(), lastTimeStep: step })
      .where(
        and(
          eq(authenticatorApps.userId, userId),
          isNull(authenticatorApps.confirmedAt),
          eq(authenticatorApps.secretEncrypted, pending.secretEncrypted),
        ),
      )
      .returning({ userId: authenticatorApps.userId });
    // Replaced or dropped meanwhile (another tab started again): this code was for a secret gone.
    if (!confirmed) throw new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.noPending)], 409);
    const fresh = await replaceRecoveryCodes(tx, config.codeSecret, userId);
    await audit(tx, {
      actorUserId: userId,
      action: 'SECOND_FACTOR_ADDED',
      targetType: 'user',
      targetId: userId,
      details: { factor: 'app' },
      ...concerning(caller),
      ip: ctx.ip,
    });
    await forget(tx, enrolTriesKey(userId));
    if (!caller.confirmed) await passSecondStep(deps, caller, 'enrolment', ctx.ip, tx);
    return fresh;
  });
  const account = await secondStepAccount(db, userId);
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'appAdded', userId);
  return {
    codesSecours: codes,
    ciemException: { messages: [infoMessage(AUTHENTICATOR_APP_MESSAGES.added)] },
  };
}

/**
 * POST /user/facteurs/application/suppression: removes the app and its recovery codes, with the
 * current password; refused (409) when it would leave no way through a required second step. The text-
 * message code comes back on when no passkey remains (said in the reply).
 */
export async function removeApp(deps: AccountDeps, ctx: AccountRequest, body: { motDePasse: string }) {
  const userId = ctx.caller.userId;
  await reauthenticate(deps, { userId, ip: ctx.ip }, body.motDePasse);
  const { smsBackOn } = await deps.db.transaction(async (tx) => {
    await lockAccountFactors(tx, userId);
    const removed = await tx
      .delete(authenticatorApps)
      .where(eq(authenticatorApps.userId, userId))
      .returning({ confirmedAt: authenticatorApps.confirmedAt });
    if (!removed.some((row) => row.confirmedAt !== null)) {
      throw new BusinessError([errorMessage(AUTHENTICATOR_APP_MESSAGES.notEnrolled)], 409);
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const outcome = await afterFactorRemoval(tx, deps.config, userId);
    await audit(tx, {
      actorUserId: userId,
      action: 'SECOND_FACTOR_REMOVED',
      targetType: 'user',
      targetId: userId,
      details: { factor: 'app' },
      ...concerning(ctx.caller),
      ip: ctx.ip,
    });
    return outcome;
  });
  const account = await secondStepAccount(deps.db, userId);
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'appRemoved', userId);
  return {
    ciemException: {
      messages: [
        infoMessage(AUTHENTICATOR_APP_MESSAGES.removed),
        ...(smsBackOn ? [infoMessage(SECOND_FACTOR_MESSAGES.smsOn)] : []),
      ],
    },
  };
}

/**
 * POST /oauth/doubleAuthentification/application (docs/second-factors.md#second-step): an app code
 * passes the second step. Refused (409) to a session already through or an account without an app;
 * the try is counted against the account first (429 past the bound). The step the code was made for
 * is recorded in one statement that requires it newer than the last one: of two sessions sending one
 * code together, one passes. A wrong or reused code counts toward the session's three.
 */
export async function appCodeStep(
  deps: AccountDeps,
  ctx: AccountRequest,
  code: string,
): Promise<StepOutcome> {
  const { db, config } = deps;
  const { caller, ip } = ctx;
  const account = await secondStepAccount(db, caller.userId);
  if (caller.confirmed || !methodsFor(account, await factorsOf(db, account)).includes('application')) {
    throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.methodUnavailable)], 409);
  }
  const slot = await countSecondStepTry(deps, caller, ip);
  if (!slot.ok) return slot.outcome;
  const [app] = await db
    .select()
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, caller.userId), isNotNull(authenticatorApps.confirmedAt)))
    .limit(1);
  const step = app
    ? await verifyAppCode(openAppSecret(config, caller.userId, app.secretEncrypted), code, app.lastTimeStep)
    : null;
  if (step !== null) {
    const [won] = await db
      .update(authenticatorApps)
      .set({ lastTimeStep: step, lastUsedAt: new Date() })
      .where(
        and(
          eq(authenticatorApps.userId, caller.userId),
          isNotNull(authenticatorApps.confirmedAt),
          lt(authenticatorApps.lastTimeStep, step),
        ),
      )
      .returning({ userId: authenticatorApps.userId });
    if (won) {
      await passSecondStep(deps, caller, 'app', ip);
      return { ok: true, messages: [] };
    }
  }
  return failSecondStep(deps, caller, 'app', ip, slot.attempt);
}
