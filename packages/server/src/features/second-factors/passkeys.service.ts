import { createHmac, randomBytes } from 'node:crypto';
import type { TokenReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import {
  AUTHENTICATOR_TRANSPORTS,
  type AuthenticationResponse,
  creationOptions,
  PASSKEY_MESSAGES,
  type PasskeyAssertionRequest,
  type RegistrationResponse,
  requestOptions,
} from '@portail/contract/schemas/passkeys';
import { SECOND_FACTOR_MESSAGES } from '@portail/contract/schemas/second-factors';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { lockHolds } from '../../auth/lockout';
import { reauthenticate } from '../../auth/reauthenticate';
import {
  factorsOf,
  failSecondStep,
  methodsFor,
  passSecondStep,
  type StepOutcome,
  secondStepRequired,
} from '../../auth/second-step';
import { hit } from '../../auth/throttle';
import type { DbOrTx } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, forbidden, infoMessage, tooManyRequests } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { type AccountDeps, type AccountRequest, mailAccountNotice } from '../account';
import {
  countSignInFromAddress,
  type GrantResult,
  invalidGrant,
  recordSignIn,
  rolesOf,
  SIGN_IN_IP_WINDOW_S,
  tokensFor,
  unavailable,
} from '../auth';
import {
  afterFactorRemoval,
  concerning,
  lockAccountFactors,
  mayEnrolBeforeSecondStep,
  secondStepAccount,
} from './factors.service';

/**
 * Passkeys (WebAuthn, docs/second-factors.md#passkeys), with @simplewebauthn/server: enrolment from the
 * "Sécurité" tab, the sign-in's second step, and sign-in with a passkey alone. The authenticator must
 * verify its user (a PIN, a fingerprint) every time, and every passkey is discoverable, so that it can
 * sign in without an identifier. Each ceremony's challenge is kept in `webauthn_challenges` and taken
 * once, atomically, before the answer is verified: a replayed answer finds it spent.
 */

/** How long a ceremony's challenge may be answered. */
export const CHALLENGE_TTL_S = 300;
/** How long the browser lets the person answer (the challenge lives a little longer). */
const CEREMONY_TIMEOUT_MS = 240_000;
/** EdDSA, ES256, RS256: what authenticators sign with, the library's default without its newer ones. */
const ALGORITHMS = [-8, -7, -257];

type Purpose = 'REGISTER' | 'SECOND_STEP' | 'SIGN_IN';

/**
 * The WebAuthn user handle of an account: an opaque, stable value derived from its id under
 * CODE_SECRET, so that an authenticator holds neither the login nor the name as the account's id.
 */
export function userHandle(codeSecret: Uint8Array, userId: number): string {
  return createHmac('sha256', codeSecret).update(`webauthn-user:${userId}`).digest('base64url');
}

/** A new challenge for one ceremony; the session's earlier unanswered ones of the same kind go. */
async function newChallenge(
  db: DbOrTx,
  purpose: Purpose,
  owner: { userId: number; sessionId: string } | null,
): Promise<{ defi: string; challenge: string }> {
  const defi = randomBytes(16).toString('base64url');
  const challenge = randomBytes(32).toString('base64url');
  if (owner) {
    await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.sessionId, owner.sessionId),
          eq(webauthnChallenges.purpose, purpose),
          isNull(webauthnChallenges.usedAt),
        ),
      );
  }
  await db.insert(webauthnChallenges).values({
    id: defi,
    purpose,
    userId: owner?.userId ?? null,
    sessionId: owner?.sessionId ?? null,
    challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_S * 1000),
  });
  return { defi, challenge };
}

/**
 * Takes a challenge once: in one statement, only when it is of this ceremony, this account's and
 * session's (none for a sign-in), unused and unexpired. Null otherwise: replayed, expired, someone
 * else's or made up.
 */
async function takeChallenge(
  db: DbOrTx,
  defi: string,
  purpose: Purpose,
  owner: { userId: number; sessionId: string } | null,
): Promise<string | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(webauthnChallenges.id, defi),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        ...(owner
          ? [eq(webauthnChallenges.userId, owner.userId), eq(webauthnChallenges.sessionId, owner.sessionId)]
          : [isNull(webauthnChallenges.userId)]),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

const KNOWN_TRANSPORTS = new Set<string>(AUTHENTICATOR_TRANSPORTS);
const knownTransports = (transports: readonly string[] | undefined): AuthenticatorTransport[] =>
  (transports ?? []).filter((transport): transport is AuthenticatorTransport =>
    KNOWN_TRANSPORTS.has(transport),
  );

const ownerOf = (caller: Caller) => ({ userId: caller.userId, sessionId: caller.sessionId });

const refusedEnrolment = () => new BusinessError([errorMessage(PASSKEY_MESSAGES.refused)], 400);
const notFoundPasskey = () => new BusinessError([errorMessage(PASSKEY_MESSAGES.notFound)], 404);

/**
 * Who may start or finish an enrolment: a session past its second step, with the current password at
 * the start; a session before it only when it has no way through at all (mayEnrolBeforeSecondStep),
 * which has no password to give again. Anyone else: 403 `auth.confirmationRequired`.
 */
async function mayEnrol(deps: AccountDeps, ctx: AccountRequest, password: string | undefined | null) {
  if (!ctx.caller.confirmed) {
    if (!(await mayEnrolBeforeSecondStep(deps, ctx.caller))) throw forbidden('auth.confirmationRequired');
    return;
  }
  if (password === undefined || password === null) {
    throw new FieldErrors([{ field: 'motDePasse', defaultMessage: 'errors.required' }]);
  }
  await reauthenticate(deps, { userId: ctx.caller.userId, ip: ctx.ip }, password);
}

/** POST /user/facteurs/cles/options: the creation options, the account's passkeys excluded. */
export async function passkeyEnrolmentOptions(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: { motDePasse?: string | undefined },
) {
  await mayEnrol(deps, ctx, body.motDePasse);
  const { db, config } = deps;
  const [account] = await db
    .select({ login: users.login, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.caller.userId))
    .limit(1);
  const keys = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.caller.userId))
    .orderBy(asc(passkeys.id));
  const { defi, challenge } = await newChallenge(db, 'REGISTER', ownerOf(ctx.caller));
  const options = await generateRegistrationOptions({
    rpName: config.productName,
    rpID: config.webauthn.rpId,
    userName: account?.login ?? '',
    userID: Buffer.from(userHandle(config.codeSecret, ctx.caller.userId), 'base64url'),
    userDisplayName: account ? `${account.firstName} ${account.lastName}`.trim() : '',
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: keys.map((key) => ({
      id: key.credentialId,
      transports: knownTransports(key.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  // The library's loose types, read as the contract's (which the reply is written by).
  return { defi, options: creationOptions.parse(options) };
}

/**
 * POST /user/facteurs/cles: verifies the browser's answer against the challenge it was given (taken
 * first, whatever the outcome), then keeps the credential. A session before its second step passes it
 * by this enrolment ('enrolment'). The holder is mailed once it committed.
 */
export async function enrolPasskey(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: { defi: string; nom: string; reponse: RegistrationResponse },
) {
  const { db, config } = deps;
  const { caller } = ctx;
  if (!caller.confirmed && !(await mayEnrolBeforeSecondStep(deps, caller))) {
    throw forbidden('auth.confirmationRequired');
  }
  const expectedChallenge = await takeChallenge(db, body.defi, 'REGISTER', ownerOf(caller));
  if (expectedChallenge === null) throw refusedEnrolment();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body.reponse,
      expectedChallenge,
      expectedOrigin: config.webauthn.origins,
      expectedRPID: config.webauthn.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    ctx.log.info({ reason: (error as Error).message }, 'passkey enrolment refused');
    throw refusedEnrolment();
  }
  if (!verified.verified) throw refusedEnrolment();
  const info = verified.registrationInfo;
  const id = await db.transaction(async (tx) => {
    await lockAccountFactors(tx, caller.userId);
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: caller.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: knownTransports(body.reponse.response.transports),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: body.nom,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (!added) throw new BusinessError([errorMessage(PASSKEY_MESSAGES.alreadyRegistered)], 409);
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'SECOND_FACTOR_ADDED',
      targetType: 'passkey',
      targetId: added.id,
      details: { factor: 'passkey', ...(caller.confirmed ? {} : { beforeSecondStep: true }) },
      ...concerning(caller),
      ip: ctx.ip,
    });
    if (!caller.confirmed) await passSecondStep(deps, caller, 'enrolment', ctx.ip, tx);
    return added.id;
  });
  const account = await secondStepAccount(db, caller.userId);
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'passkeyAdded', account.id);
  return { id, ciemException: { messages: [infoMessage(PASSKEY_MESSAGES.added)] } };
}

/** PUT /user/facteurs/cles/:id: a new name; another account's passkey answers as a missing one. */
export async function renamePasskey(deps: AccountDeps, ctx: AccountRequest, id: number, name: string) {
  const [renamed] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, ctx.caller.userId)))
    .returning({ id: passkeys.id });
  if (!renamed) throw notFoundPasskey();
  await audit(deps.db, {
    actorUserId: ctx.caller.userId,
    action: 'PASSKEY_RENAMED',
    targetType: 'passkey',
    targetId: id,
    ...concerning(ctx.caller),
    ip: ctx.ip,
  });
  return { id, ciemException: { messages: [infoMessage(PASSKEY_MESSAGES.renamed)] } };
}

/**
 * POST /user/facteurs/cles/:id/suppression: with the current password; never the last way through
 * (afterFactorRemoval, 409), and the text-message code comes back when no passkey or app remains.
 */
export async function removePasskey(
  deps: AccountDeps,
  ctx: AccountRequest,
  id: number,
  body: { motDePasse: string },
) {
  const { caller } = ctx;
  await reauthenticate(deps, { userId: caller.userId, ip: ctx.ip }, body.motDePasse);
  const { smsBackOn } = await deps.db.transaction(async (tx) => {
    await lockAccountFactors(tx, caller.userId);
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.userId)))
      .returning({ id: passkeys.id });
    if (!removed) throw notFoundPasskey();
    const after = await afterFactorRemoval(tx, deps.config, caller.userId);
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'SECOND_FACTOR_REMOVED',
      targetType: 'passkey',
      targetId: id,
      details: { factor: 'passkey', ...(after.smsBackOn ? { smsBackOn: true } : {}) },
      ...concerning(caller),
      ip: ctx.ip,
    });
    return after;
  });
  const account = await secondStepAccount(deps.db, caller.userId);
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'passkeyRemoved', account.id);
  const messages: Message[] = [infoMessage(PASSKEY_MESSAGES.removed)];
  if (smsBackOn) messages.push(infoMessage(PASSKEY_MESSAGES.smsBackOn));
  return { ciemException: { messages } };
}

/** The second step by passkey is for a session that has not passed it, of an account holding one. */
async function requirePasskeyMethod(deps: AccountDeps, caller: Caller): Promise<void> {
  const unavailableMethod = () =>
    new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.methodUnavailable)], 409);
  if (caller.confirmed) throw unavailableMethod();
  const account = await secondStepAccount(deps.db, caller.userId);
  if (!methodsFor(account, await factorsOf(deps.db, account)).includes('cle')) throw unavailableMethod();
}

/** POST /oauth/doubleAuthentification/cle/options: request options naming the account's passkeys. */
export async function secondStepOptions(deps: AccountDeps, caller: Caller) {
  await requirePasskeyMethod(deps, caller);
  const keys = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, caller.userId))
    .orderBy(asc(passkeys.id));
  const { defi, challenge } = await newChallenge(deps.db, 'SECOND_STEP', ownerOf(caller));
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    allowCredentials: keys.map((key) => ({
      id: key.credentialId,
      transports: knownTransports(key.transports),
    })),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  return { defi, options: requestOptions.parse(options) };
}

type Stored = typeof passkeys.$inferSelect;

/** Why an assertion was refused (the audit trail's `reason`; the caller is told nothing of it). */
type Refusal =
  | 'challenge'
  | 'unknown_credential'
  | 'other_account'
  | 'user_handle'
  | 'verification'
  | 'counter'
  | 'locked'
  | 'inactive';

/**
 * Verifies an assertion made with a stored passkey against a challenge already taken: the origin,
 * the relying party, user presence and verification, the signature, and a counter that moves forward
 * (when the authenticator keeps one: the library refuses one that does not grow). The new counter and
 * the time of use are written in one statement that requires the counter not to have moved meanwhile:
 * two answers racing cannot both pass on the same stored counter.
 */
async function verifyAssertion(
  deps: AccountDeps,
  key: Stored,
  expectedChallenge: string,
  response: AuthenticationResponse,
): Promise<Refusal | null> {
  const { config } = deps;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== userHandle(config.codeSecret, key.userId)) return 'user_handle';
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: config.webauthn.origins,
      expectedRPID: config.webauthn.rpId,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
        transports: knownTransports(key.transports),
      },
      requireUserVerification: true,
    });
  } catch {
    return 'verification';
  }
  if (!verified.verified) return 'verification';
  const next = verified.authenticationInfo.newCounter;
  const [updated] = await deps.db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: sql`now()`, backedUp: verified.authenticationInfo.credentialBackedUp })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
    .returning({ id: passkeys.id });
  return updated ? null : 'counter';
}

async function passkeyOf(deps: AccountDeps, credentialId: string): Promise<Stored | undefined> {
  const [key] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return key;
}

/**
 * POST /oauth/doubleAuthentification/cle: the second step by passkey. Any refusal (a spent, expired or
 * foreign challenge, an unknown passkey or another account's, a bad origin or signature, a counter
 * going backwards) counts as a wrong try (failSecondStep: the third ends the session); a pass
 * confirms the session ('passkey').
 */
export async function passkeySecondStep(
  deps: AccountDeps,
  caller: Caller,
  body: PasskeyAssertionRequest,
  ip: string,
): Promise<StepOutcome> {
  await requirePasskeyMethod(deps, caller);
  const refuse = async (reason: Refusal) => {
    await audit(deps.db, {
      actorUserId: caller.userId,
      action: 'PASSKEY_REFUSED',
      targetType: 'session',
      targetId: caller.sessionId,
      details: { reason },
      ip,
    });
    return failSecondStep(deps, caller, 'passkey', ip);
  };
  const expectedChallenge = await takeChallenge(deps.db, body.defi, 'SECOND_STEP', ownerOf(caller));
  if (expectedChallenge === null) return refuse('challenge');
  const key = await passkeyOf(deps, body.reponse.id);
  if (!key) return refuse('unknown_credential');
  if (key.userId !== caller.userId) return refuse('other_account');
  const refusal = await verifyAssertion(deps, key, expectedChallenge, body.reponse);
  if (refusal) return refuse(refusal);
  await passSecondStep(deps, caller, 'passkey', ip);
  return { ok: true, messages: [] };
}

/**
 * POST /oauth/cle/options: request options for a discoverable passkey (no identifier asked). Each
 * call keeps a challenge: a client address gets SIGN_IN_IP_LIMIT of them in 15 minutes, as it gets
 * password grants.
 */
export async function signInOptions(deps: AccountDeps, ip: string) {
  const outcome = await hit(deps.db, `webauthn:ip:${ip}`, {
    limit: deps.config.signInIpLimit,
    windowS: SIGN_IN_IP_WINDOW_S,
  });
  if (!outcome.allowed) throw tooManyRequests(outcome.retryAfterS, 'login.throttled');
  const { defi, challenge } = await newChallenge(deps.db, 'SIGN_IN', null);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  return { defi, options: requestOptions.parse(options) };
}

/**
 * POST /oauth/cle: sign-in with a passkey alone (docs/second-factors.md#passkeys). The
 * client address is counted first, as for a password grant. A locked or inactive account is refused
 * like an unknown passkey: one answer (`invalid_grant`, `cle.refusee`) for every failure, its reason in
 * the audit trail. The session opens confirmed: a passkey that verified its user is both factors.
 */
export async function passkeySignIn(
  deps: AccountDeps,
  body: PasskeyAssertionRequest,
  ip: string,
  browser: string | null,
): Promise<GrantResult> {
  const { db, config } = deps;
  const fromAddress = await countSignInFromAddress(db, config, ip);
  if (!fromAddress.allowed) return unavailable(429, 'login.throttled', fromAddress.retryAfterS);
  const refuse = async (reason: Refusal, userId: number | null = null): Promise<GrantResult> => {
    await audit(db, {
      actorUserId: userId,
      action: 'PASSKEY_SIGN_IN_FAILED',
      details: { reason, ...(browser ? { browser } : {}) },
      ip,
    });
    return invalidGrant(PASSKEY_MESSAGES.signInRefused);
  };
  const expectedChallenge = await takeChallenge(db, body.defi, 'SIGN_IN', null);
  if (expectedChallenge === null) return refuse('challenge');
  const key = await passkeyOf(deps, body.reponse.id);
  if (!key) return refuse('unknown_credential');
  const [user] = await db.select().from(users).where(eq(users.id, key.userId)).limit(1);
  if (!user) return refuse('unknown_credential');
  if (!user.active) return refuse('inactive', user.id);
  if (lockHolds(user.lockedAt, config.lockDurationS)) return refuse('locked', user.id);
  const refusal = await verifyAssertion(deps, key, expectedChallenge, body.reponse);
  if (refusal) return refuse(refusal, user.id);
  const required = secondStepRequired(user, await factorsOf(db, user), config);
  const { sessionId, refreshToken } = await db.transaction(async (tx) => {
    const created = await recordSignIn(tx, config, user, required, { ip, browser, method: 'passkey' });
    await passSecondStep(deps, { userId: user.id, sessionId: created.sessionId }, 'passkeySignIn', ip, tx);
    return created;
  });
  const tokens = await tokensFor(deps, user.id, rolesOf(user), sessionId, refreshToken);
  const reply: TokenReply = { ...tokens, tel: '', confirmationRequise: false };
  return { ok: true, reply };
}
