import { confirmCodeReply, tokenReply } from '@portail/contract/schemas/auth';
import { errorReply } from '@portail/contract/schemas/common';
import {
  type AuthenticationResponse,
  authenticationOptionsReply,
  passkeyChangeReply,
  type RegistrationResponse,
  registrationOptionsReply,
} from '@portail/contract/schemas/passkeys';
import { factorsReply, secondStepMethodsReply } from '@portail/contract/schemas/second-factors';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/auth/sweep';
import { auditLog, passkeys, sessions, users, webauthnChallenges } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { userHandle } from '../src/features/second-factors/passkeys.service';
import {
  claimsOf,
  createTestContext,
  passwordRequest,
  type SignedIn,
  signIn,
  type TestContext,
} from './helper';
import { type Forgery, SoftwareAuthenticator } from './webauthn-authenticator';

let ctx: TestContext;
let origin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  origin = ctx.config.webauthn.origins[0] ?? '';
});
afterAll(async () => ctx.close());

type Headers = SignedIn['headers'];
const post = (url: string, headers: Headers | Record<string, never>, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

const userOf = async (login: string) => {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user) throw new Error(`no ${login}`);
  return user;
};

const registrationOptions = async (headers: Headers, motDePasse: string | undefined = DEMO_PASSWORD) => {
  const reply = await post(
    '/api/user/facteurs/cles/options',
    headers,
    motDePasse === undefined ? {} : { motDePasse },
  );
  expect(reply.statusCode, reply.body).toBe(200);
  return registrationOptionsReply.parse(reply.json());
};

const sendRegistration = (
  headers: Headers,
  defi: string,
  reponse: RegistrationResponse,
  nom = 'Mon ordinateur',
) => post('/api/user/facteurs/cles', headers, { defi, nom, reponse });

/** Enrols a passkey of a new software authenticator (or the one given) on the signed-in account. */
async function enrol(
  headers: Headers,
  authenticator = new SoftwareAuthenticator(origin),
  nom = 'Mon ordinateur',
) {
  const { defi, options } = await registrationOptions(headers);
  const reply = await sendRegistration(headers, defi, authenticator.register(options), nom);
  expect(reply.statusCode, reply.body).toBe(200);
  return { authenticator, id: passkeyChangeReply.parse(reply.json()).id ?? 0 };
}

const factors = async (headers: Headers) => {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/user/facteurs', headers });
  expect(reply.statusCode, reply.body).toBe(200);
  return factorsReply.parse(reply.json());
};

/** A password sign-in that stops at the second step (no code confirmed). */
async function passwordOnly(login: string, correspondant: boolean): Promise<SignedIn> {
  const reply = await passwordRequest(ctx.app, login, correspondant);
  expect(reply.statusCode, reply.body).toBe(200);
  const body = tokenReply.parse(reply.json());
  expect(body.confirmationRequise).toBe(true);
  return {
    access: body.access_token,
    refresh: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}

const stepOptions = async (headers: Headers) => {
  const reply = await post('/api/oauth/doubleAuthentification/cle/options', headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return authenticationOptionsReply.parse(reply.json());
};
const sendStep = async (headers: Headers, defi: string, reponse: AuthenticationResponse) => {
  const reply = await post('/api/oauth/doubleAuthentification/cle', headers, { defi, reponse });
  expect(reply.statusCode, reply.body).toBe(200);
  return confirmCodeReply.parse(reply.json());
};
/** One second-step try with the authenticator, forged as asked. */
async function step(
  headers: Headers,
  authenticator: SoftwareAuthenticator,
  forgery: Parameters<SoftwareAuthenticator['assert']>[1] = {},
) {
  const { defi, options } = await stepOptions(headers);
  return sendStep(headers, defi, authenticator.assert(options, forgery));
}

const signInOptions = async () => {
  const reply = await post('/api/oauth/cle/options', {});
  expect(reply.statusCode, reply.body).toBe(200);
  return authenticationOptionsReply.parse(reply.json());
};
const sendSignIn = (defi: string, reponse: AuthenticationResponse, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/cle', headers, payload: { defi, reponse } });

const lastAudit = async (userId: number, action: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

const sessionOf = async (signed: SignedIn) => {
  const [row] = await ctx.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, claimsOf(signed.access).sid));
  return row;
};

describe('enrolling a passkey', () => {
  it('asks the current password, then gives creation options: verified user, discoverable, no attestation, an opaque user id', async () => {
    const signed = await signIn(ctx, 'corr.annuaire', 'correspondant');
    const missing = await post('/api/user/facteurs/cles/options', signed.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(errorReply.parse(missing.json()).fieldErrors?.[0]).toMatchObject({ field: 'motDePasse' });
    const wrong = await post('/api/user/facteurs/cles/options', signed.headers, { motDePasse: 'Faux#2026' });
    expect(wrong.statusCode).toBe(400);
    const user = await userOf('corr.annuaire');
    const { defi, options } = await registrationOptions(signed.headers);
    expect(defi).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(options.rp).toEqual({ name: ctx.config.productName, id: ctx.config.webauthn.rpId });
    expect(options.user.id).toBe(userHandle(ctx.config.codeSecret, user.id));
    expect(options.user.id).not.toContain(Buffer.from(user.login).toString('base64url'));
    expect(options.user.name).toBe(user.login);
    expect(options.user.displayName).toBe(`${user.firstName} ${user.lastName}`);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);
  });

  it('keeps the credential with its name, tells the holder, audits it, and excludes it from the next options', async () => {
    const signed = await signIn(ctx, 'corr.annuaire', 'correspondant');
    const user = await userOf('corr.annuaire');
    const mails = ctx.notifier.mails.length;
    const { defi, options } = await registrationOptions(signed.headers);
    const authenticator = new SoftwareAuthenticator(origin);
    const reply = await sendRegistration(
      signed.headers,
      defi,
      authenticator.register(options, { synced: true }),
      '  Téléphone  ',
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const { id } = passkeyChangeReply.parse(reply.json());
    const { cles } = await factors(signed.headers);
    expect(cles).toEqual([
      expect.objectContaining({ id, nom: 'Téléphone', derniereUtilisation: null, synchronisee: true }),
    ]);
    const [stored] = await ctx.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, id ?? 0));
    expect(stored).toMatchObject({
      userId: user.id,
      counter: 0,
      transports: ['internal', 'hybrid'],
      backedUp: true,
    });
    expect(stored?.credentialId).toBe(authenticator.credentials[0]?.id.toString('base64url'));
    expect(ctx.notifier.mails.slice(mails).map((mail) => mail.to)).toEqual([user.email]);
    expect(await lastAudit(user.id, 'SECOND_FACTOR_ADDED')).toMatchObject({
      targetId: String(id),
      details: { factor: 'passkey' },
    });
    const next = await registrationOptions(signed.headers);
    expect(next.options.excludeCredentials?.map((descriptor) => descriptor.id)).toEqual([
      stored?.credentialId,
    ]);
  });

  it('refuses an answer to a spent, expired or foreign challenge, from another origin or relying party, or without user verification', async () => {
    const signed = await signIn(ctx, 'corr.coordonnees', 'correspondant');
    const other = await signIn(ctx, 'corr.coordonnees', 'correspondant');
    const authenticator = new SoftwareAuthenticator(origin);
    const refused = async (defi: string, reponse: RegistrationResponse, headers = signed.headers) => {
      const reply = await sendRegistration(headers, defi, reponse);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(errorReply.parse(reply.json()).ciemException?.messages[0]?.errorCode).toBe(
        'facteurs.cles.refusee',
      );
    };
    const forged = async (forgery: Forgery) => {
      const { defi, options } = await registrationOptions(signed.headers);
      await refused(defi, authenticator.register(options, forgery));
    };
    await forged({ origin: 'https://portail.example.org' });
    await forged({ rpId: 'example.org' });
    await forged({ userVerified: false });
    await forged({ challenge: Buffer.from('autre défi').toString('base64url') });
    // Another session's challenge, of the same account.
    const theirs = await registrationOptions(other.headers);
    await refused(theirs.defi, authenticator.register(theirs.options));
    // Expired.
    const late = await registrationOptions(signed.headers);
    await ctx.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, late.defi));
    await refused(late.defi, authenticator.register(late.options));
    // Spent: the right answer twice.
    const { defi, options } = await registrationOptions(signed.headers);
    const answer = authenticator.register(options);
    expect((await sendRegistration(signed.headers, defi, answer)).statusCode).toBe(200);
    await refused(defi, answer);
    expect((await factors(signed.headers)).cles).toHaveLength(1);
  });

  it('refuses a bad name or a malformed answer with field errors, and changes nothing', async () => {
    const signed = await signIn(ctx, 'corr.groupe', 'correspondant');
    const { defi, options } = await registrationOptions(signed.headers);
    const answer = new SoftwareAuthenticator(origin).register(options);
    for (const nom of ['   ', 'x'.repeat(61)]) {
      const reply = await sendRegistration(signed.headers, defi, answer, nom);
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field).toBe('nom');
    }
    const malformed = await post('/api/user/facteurs/cles', signed.headers, {
      defi,
      nom: 'Clé',
      reponse: { ...answer, response: { ...answer.response, clientDataJSON: 'pas du base64url !' } },
    });
    expect(malformed.statusCode).toBe(400);
    // The challenge was not spent by refused input: the right answer still goes through.
    expect((await sendRegistration(signed.headers, defi, answer)).statusCode).toBe(200);
  });

  it('lets a participant enrol only after their second step', async () => {
    const waiting = await signIn(ctx, 'participant.test1', 'participant', { confirm: false });
    const reply = await post('/api/user/facteurs/cles/options', waiting.headers, {
      motDePasse: DEMO_PASSWORD,
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ message: 'auth.confirmationRequired' });
  });
});

describe('renaming and removing a passkey', () => {
  it('renames one of the caller’s passkeys; another account’s answers as a missing one', async () => {
    const mine = await signIn(ctx, 'corr.entreprise', 'correspondant');
    const theirs = await signIn(ctx, 'corr.autre', 'correspondant');
    const { id } = await enrol(mine.headers);
    const { id: foreign } = await enrol(theirs.headers);
    const rename = (headers: Headers, key: number | string, nom: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/user/facteurs/cles/${key}`, headers, payload: { nom } });
    const renamed = await rename(mine.headers, id, ' Clé USB ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await factors(mine.headers)).cles[0]?.nom).toBe('Clé USB');
    const other = await rename(mine.headers, foreign, 'Volée');
    const missing = await rename(mine.headers, 999_999, 'Volée');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(missing.body);
    expect((await factors(theirs.headers)).cles[0]?.nom).toBe('Mon ordinateur');
    expect((await rename(mine.headers, 'abc', 'x')).statusCode).toBe(400);
    expect((await rename(mine.headers, id, '')).statusCode).toBe(400);
  });

  it('removes with the password, tells the holder, and turns the text-message code back on with the last passkey', async () => {
    const signed = await signIn(ctx, 'participant.test2', 'participant');
    const user = await userOf('participant.test2');
    const { id } = await enrol(signed.headers);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/facteurs/sms',
      headers: signed.headers,
      payload: { actif: false, motDePasse: DEMO_PASSWORD },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await factors(signed.headers)).sms.actif).toBe(false);
    const remove = (key: number, motDePasse: string) =>
      post(`/api/user/facteurs/cles/${key}/suppression`, signed.headers, { motDePasse });
    expect((await remove(id, 'Faux#2026')).statusCode).toBe(400);
    expect((await factors(signed.headers)).cles).toHaveLength(1);
    expect((await remove(999_999, DEMO_PASSWORD)).statusCode).toBe(404);
    const mails = ctx.notifier.mails.length;
    const reply = await remove(id, DEMO_PASSWORD);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(passkeyChangeReply.parse(reply.json()).ciemException.messages.map((m) => m.errorCode)).toEqual([
      'facteurs.cles.supprimee',
      'facteurs.cles.smsRetabli',
    ]);
    const after = await factors(signed.headers);
    expect(after.cles).toEqual([]);
    expect(after.sms.actif).toBe(true);
    expect(ctx.notifier.mails.slice(mails).map((mail) => mail.to)).toEqual([user.email]);
    expect(await lastAudit(user.id, 'SECOND_FACTOR_REMOVED')).toMatchObject({
      targetId: String(id),
      details: { factor: 'passkey', smsBackOn: true },
    });
  });
});

describe('the second step by passkey', () => {
  it('is offered after the password, sends no text, and passes the session with the passkey', async () => {
    const first = await signIn(ctx, 'participant.test3', 'participant');
    const { authenticator, id } = await enrol(first.headers);
    const texts = ctx.notifier.texts.length;
    const signed = await passwordOnly('participant.test3', false);
    expect(ctx.notifier.texts.length).toBe(texts);
    const methods = secondStepMethodsReply.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/oauth/doubleAuthentification/methodes',
          headers: signed.headers,
        })
      ).json(),
    );
    expect(methods.methodes).toEqual(['cle', 'sms']);
    const { defi, options } = await stepOptions(signed.headers);
    const [stored] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(options.allowCredentials?.map((descriptor) => descriptor.id)).toEqual([stored?.credentialId]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(ctx.config.webauthn.rpId);
    const outcome = await sendStep(signed.headers, defi, authenticator.assert(options));
    expect(outcome).toEqual({ ok: true, ciemException: { messages: [] } });
    expect((await sessionOf(signed))?.secondFactorMethod).toBe('passkey');
    const [used] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, id));
    expect(used?.counter).toBe(1);
    expect(used?.lastUsedAt).not.toBeNull();
    // Passed: the step is not offered again.
    const again = await post('/api/oauth/doubleAuthentification/cle/options', signed.headers);
    expect(again.statusCode).toBe(409);
    expect((await factors(signed.headers)).cles).toHaveLength(1);
  });

  it('counts every refused assertion as a wrong try: the third ends the session', async () => {
    const first = await signIn(ctx, 'participant.test4', 'participant');
    const { authenticator } = await enrol(first.headers);
    const signed = await passwordOnly('participant.test4', false);
    expect(await step(signed.headers, authenticator, { origin: 'https://evil.example' })).toMatchObject({
      ok: false,
      ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
    });
    expect(await step(signed.headers, authenticator, { userVerified: false })).toMatchObject({
      ok: false,
      ciemException: { messages: [{ errorCode: 'tentative.2' }] },
    });
    expect(await step(signed.headers, authenticator, { rpId: 'evil.example' })).toMatchObject({
      ok: false,
      ciemException: { messages: [{ level: 'ERROR', errorCode: 'tentative.3' }] },
    });
    expect((await sessionOf(signed))?.revokedAt).not.toBeNull();
    const after = await post('/api/oauth/doubleAuthentification/cle/options', signed.headers);
    expect(after.statusCode).toBe(401);
  });

  it('refuses a replayed answer, an expired challenge, a counter going backwards and another account’s passkey', async () => {
    const mine = await signIn(ctx, 'participant.test5', 'participant');
    const theirs = await signIn(ctx, 'participant.dmc', 'participant');
    const { authenticator } = await enrol(mine.headers);
    const { authenticator: foreign } = await enrol(theirs.headers);
    const user = await userOf('participant.test5');
    const reason = async () => (await lastAudit(user.id, 'PASSKEY_REFUSED'))?.details;

    // Replay: a right answer, sent again in another session, finds its challenge spent and not theirs.
    const one = await passwordOnly('participant.test5', false);
    const { defi, options } = await stepOptions(one.headers);
    const answer = authenticator.assert(options);
    expect((await sendStep(one.headers, defi, answer)).ok).toBe(true);
    const two = await passwordOnly('participant.test5', false);
    expect((await sendStep(two.headers, defi, answer)).ok).toBe(false);
    expect(await reason()).toEqual({ reason: 'challenge' });

    // Expired.
    const three = await passwordOnly('participant.test5', false);
    const late = await stepOptions(three.headers);
    await ctx.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, late.defi));
    expect((await sendStep(three.headers, late.defi, authenticator.assert(late.options))).ok).toBe(false);
    expect(await reason()).toEqual({ reason: 'challenge' });

    // The counter going backwards (a cloned authenticator): the stored one is 1 after the pass above.
    const four = await passwordOnly('participant.test5', false);
    const [before] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(before?.counter).toBe(1);
    expect((await step(four.headers, authenticator, { counter: 1 })).ok).toBe(false);
    expect(await reason()).toEqual({ reason: 'verification' });

    // A signature that is not the passkey's (one byte changed).
    const forged = await passwordOnly('participant.test5', false);
    const forgedOptions = await stepOptions(forged.headers);
    const signed = authenticator.assert(forgedOptions.options);
    const signature = Buffer.from(signed.response.signature, 'base64url');
    signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
    const tampered = {
      ...signed,
      response: { ...signed.response, signature: signature.toString('base64url') },
    };
    expect((await sendStep(forged.headers, forgedOptions.defi, tampered)).ok).toBe(false);
    expect(await reason()).toEqual({ reason: 'verification' });

    // Another account's passkey, however well signed.
    const five = await passwordOnly('participant.test5', false);
    const opts = await stepOptions(five.headers);
    const credential = foreign.credentials[0];
    expect((await sendStep(five.headers, opts.defi, foreign.assert(opts.options, { credential }))).ok).toBe(
      false,
    );
    expect(await reason()).toEqual({ reason: 'other_account' });

    // An unknown one, and a user handle that is not the account's.
    const six = await passwordOnly('participant.test5', false);
    const stranger = new SoftwareAuthenticator(origin);
    stranger.register((await registrationOptions(theirs.headers)).options);
    expect((await step(six.headers, stranger, { credential: stranger.credentials[0] })).ok).toBe(false);
    expect(await reason()).toEqual({ reason: 'unknown_credential' });
    const seven = await passwordOnly('participant.test5', false);
    const mineCredential = authenticator.credentials[0];
    if (!mineCredential) throw new Error('no credential');
    const handle = mineCredential.userHandle;
    mineCredential.userHandle = userHandle(ctx.config.codeSecret, user.id + 1);
    expect((await step(seven.headers, authenticator)).ok).toBe(false);
    mineCredential.userHandle = handle;
    expect(await reason()).toEqual({ reason: 'user_handle' });
    // The counter did not move with any refusal.
    const [after] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(after?.counter).toBe(1);
  });

  it('is not offered to an account without a passkey nor to a confirmed session (409), and refuses malformed input (400)', async () => {
    const waiting = await signIn(ctx, 'participant.test1', 'participant', { confirm: false });
    const reply = await post('/api/oauth/doubleAuthentification/cle/options', waiting.headers);
    expect(reply.statusCode).toBe(409);
    expect(errorReply.parse(reply.json()).ciemException?.messages[0]?.errorCode).toBe(
      'facteurs.methodeIndisponible',
    );
    const answer = await post('/api/oauth/doubleAuthentification/cle', waiting.headers, {
      defi: 'x'.repeat(22),
      reponse: { id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} },
    });
    expect(answer.statusCode).toBe(400);
    expect((await sessionOf(waiting))?.secondStepFailures).toBe(0);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a confirmed session, audits the method and records the sign-in', async () => {
    const first = await signIn(ctx, 'participant.en', 'participant');
    const { authenticator } = await enrol(first.headers);
    const user = await userOf('participant.en');
    const { defi, options } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const reply = await sendSignIn(defi, authenticator.assert(options), {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const tokens = tokenReply.parse(reply.json());
    expect(tokens).toMatchObject({ confirmationRequise: false, tel: '', token_type: 'bearer' });
    const signed = {
      access: tokens.access_token,
      refresh: tokens.refresh_token,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    };
    expect((await factors(signed.headers)).cles).toHaveLength(1);
    expect((await sessionOf(signed))?.secondFactorMethod).toBe('passkeySignIn');
    expect(await lastAudit(user.id, 'SIGN_IN')).toMatchObject({
      details: { browser: expect.stringMatching(/Firefox/), method: 'passkey' },
    });
    const after = await userOf('participant.en');
    expect(after.lastLoginAt?.getTime()).toBeGreaterThan(user.lastLoginAt?.getTime() ?? 0);
    expect(after.previousLoginAt?.getTime()).toBe(user.lastLoginAt?.getTime());
  });

  it('answers every failure alike: replayed, unknown passkey, locked or inactive account, wrong origin', async () => {
    const first = await signIn(ctx, 'participant.refus', 'participant');
    const { authenticator } = await enrol(first.headers);
    const user = await userOf('participant.refus');
    const refused = async (reply: Awaited<ReturnType<typeof sendSignIn>>, reason: string) => {
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({ error: 'invalid_grant', error_description: 'cle.refusee' });
      const [row] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'PASSKEY_SIGN_IN_FAILED'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row?.details).toMatchObject({ reason });
    };
    const { defi, options } = await signInOptions();
    const answer = authenticator.assert(options);
    expect((await sendSignIn(defi, answer)).statusCode).toBe(200);
    await refused(await sendSignIn(defi, answer), 'challenge');

    const stranger = new SoftwareAuthenticator(origin);
    stranger.register((await registrationOptions(first.headers)).options);
    let next = await signInOptions();
    await refused(await sendSignIn(next.defi, stranger.assert(next.options)), 'unknown_credential');

    next = await signInOptions();
    await refused(
      await sendSignIn(next.defi, authenticator.assert(next.options, { origin: 'https://evil.example' })),
      'verification',
    );

    await ctx.database.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id));
    next = await signInOptions();
    await refused(await sendSignIn(next.defi, authenticator.assert(next.options)), 'locked');
    await ctx.database.db.update(users).set({ lockedAt: null, active: false }).where(eq(users.id, user.id));
    next = await signInOptions();
    await refused(await sendSignIn(next.defi, authenticator.assert(next.options)), 'inactive');
    await ctx.database.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    next = await signInOptions();
    expect((await sendSignIn(next.defi, authenticator.assert(next.options))).statusCode).toBe(200);
  });

  it('a second-step challenge does not sign in, nor a sign-in challenge pass a second step', async () => {
    const first = await signIn(ctx, 'participant.visites', 'participant');
    const { authenticator } = await enrol(first.headers);
    const waiting = await passwordOnly('participant.visites', false);
    const stepChallenge = await stepOptions(waiting.headers);
    const reply = await sendSignIn(stepChallenge.defi, authenticator.assert(stepChallenge.options));
    expect(reply.statusCode).toBe(400);
    const signInChallenge = await signInOptions();
    expect(
      (await sendStep(waiting.headers, signInChallenge.defi, authenticator.assert(signInChallenge.options)))
        .ok,
    ).toBe(false);
  });
});

describe('sign-in with a passkey, counted per client address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ env: { SIGN_IN_IP_LIMIT: '2' } });
  });
  afterAll(async () => limited.close());

  it('answers 429 with Retry-After past SIGN_IN_IP_LIMIT, for the options and the answers alike', async () => {
    const options = () => limited.app.inject({ method: 'POST', url: '/api/oauth/cle/options' });
    const answer = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/oauth/cle',
        payload: {
          defi: 'A'.repeat(22),
          reponse: {
            id: 'a',
            rawId: 'a',
            type: 'public-key',
            response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
            clientExtensionResults: {},
          },
        },
      });
    expect((await options()).statusCode).toBe(200);
    expect((await options()).statusCode).toBe(200);
    const third = await options();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await answer()).statusCode).toBe(400);
    expect((await answer()).statusCode).toBe(400);
    const refused = await answer();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'login.throttled',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the sweep', () => {
  it('deletes expired challenges and keeps live ones', async () => {
    const live = await signInOptions();
    const old = await signInOptions();
    await ctx.database.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, old.defi));
    await purgeExpired(ctx.database.db, ctx.config);
    const ids = (await ctx.database.db.select({ id: webauthnChallenges.id }).from(webauthnChallenges)).map(
      (row) => row.id,
    );
    expect(ids).toContain(live.defi);
    expect(ids).not.toContain(old.defi);
  });
});

describe('enrolment before the second step (a correspondant the centre requires a factor of, with no way through)', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ env: { CORRESPONDANT_SECOND_FACTOR: 'required' } });
  });
  afterAll(async () => strict.close());

  it('enrols without the password, which passes the session; afterwards a passkey is asked at sign-in', async () => {
    await strict.database.db.update(users).set({ mobile: null }).where(eq(users.login, 'corr.groupe'));
    const reply = await passwordRequest(strict.app, 'corr.groupe', true);
    const tokens = tokenReply.parse(reply.json());
    expect(tokens.confirmationRequise).toBe(true);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const inject = (url: string, payload: object = {}) =>
      strict.app.inject({ method: 'POST', url, headers, payload });
    const methods = secondStepMethodsReply.parse(
      (
        await strict.app.inject({ method: 'GET', url: '/api/oauth/doubleAuthentification/methodes', headers })
      ).json(),
    );
    expect(methods).toMatchObject({ methodes: [], enrolementRequis: true });
    const started = await inject('/api/user/facteurs/cles/options');
    expect(started.statusCode, started.body).toBe(200);
    const { defi, options } = registrationOptionsReply.parse(started.json());
    const authenticator = new SoftwareAuthenticator(strict.config.webauthn.origins[0] ?? '');
    const done = await inject('/api/user/facteurs/cles', {
      defi,
      nom: 'Clé',
      reponse: authenticator.register(options),
    });
    expect(done.statusCode, done.body).toBe(200);
    const [session] = await strict.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(tokens.access_token).sid));
    expect(session?.secondFactorMethod).toBe('enrolment');
    // Now they hold a way through: a new password sign-in may no longer enrol before its step.
    const next = tokenReply.parse((await passwordRequest(strict.app, 'corr.groupe', true)).json());
    const refused = await strict.app.inject({
      method: 'POST',
      url: '/api/user/facteurs/cles/options',
      headers: { authorization: `Bearer ${next.access_token}` },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});
