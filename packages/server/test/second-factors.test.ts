import { factorsReply, secondStepMethodsReply } from '@portail/contract/schemas/second-factors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys, sessions, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { afterFactorRemoval } from '../src/features/second-factors/factors.service';
import {
  claimsOf,
  createTestContext,
  passwordRequest,
  type SignedIn,
  signIn,
  type TestContext,
} from './helper';

/**
 * The second step's methods and the account's factors (issue 24, docs/second-factors.md), with the
 * centre requiring a correspondant's second factor (CORRESPONDANT_SECOND_FACTOR=required). Passkeys
 * and apps have their own tests; here a passkey row stands for "a strong factor is enrolled".
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { CORRESPONDANT_SECOND_FACTOR: 'required' } });
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

async function account(login: string) {
  const [row] = await db().select().from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row;
}

/** Stands for an enrolled passkey (its own tests go through the WebAuthn ceremony). */
async function givePasskey(login: string) {
  const user = await account(login);
  await db()
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: `test-${login}-${Math.random().toString(36).slice(2)}`,
      publicKey: 'AA',
      deviceType: 'singleDevice',
      name: 'Clé de test',
    });
  return user;
}

/** A password sign-in that stops before the second step. */
async function password(login: string, correspondant: boolean) {
  const reply = await passwordRequest(ctx.app, login, correspondant);
  expect(reply.statusCode).toBe(200);
  const body = reply.json<{ access_token: string; tel: string; confirmationRequise: boolean }>();
  return { body, headers: { authorization: `Bearer ${body.access_token}` } };
}

const methodsOf = async (headers: { authorization: string }) => {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/oauth/doubleAuthentification/methodes',
    headers,
  });
  expect(reply.statusCode).toBe(200);
  return secondStepMethodsReply.parse(reply.json());
};

const factorsOf = async (signed: Pick<SignedIn, 'headers'>) => {
  const reply = await ctx.app.inject({ method: 'GET', url: '/api/user/facteurs', headers: signed.headers });
  expect(reply.statusCode).toBe(200);
  return factorsReply.parse(reply.json());
};

const switchSms = (signed: Pick<SignedIn, 'headers'>, actif: boolean, motDePasse = DEMO_PASSWORD) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/facteurs/sms',
    headers: signed.headers,
    payload: { actif, motDePasse },
  });

describe('the centre requires a correspondant’s second factor', () => {
  it('texts a correspondant with a mobile and no factor a code, as the fallback, and asks for a factor once in', async () => {
    const texts = ctx.notifier.texts.length;
    const { body, headers } = await password('corr.etablissement', true);
    expect(body.confirmationRequise).toBe(true);
    expect(body.tel).toMatch(/••/);
    expect(ctx.notifier.texts.length).toBe(texts + 1);
    const methods = await methodsOf(headers);
    expect(methods).toMatchObject({
      methodes: ['sms'],
      smsEnvoye: true,
      enrolementRequis: false,
      facteurDemande: true,
    });
    // Nothing else before the code.
    const home = await ctx.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(home.statusCode).toBe(403);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers,
      payload: { code: ctx.notifier.lastCode() },
    });
    expect(confirm.json()).toMatchObject({ ok: true });
    const factors = await factorsOf({ headers });
    expect(factors).toMatchObject({ exige: true, cles: [], application: null });
    expect(factors.sms).toMatchObject({ actif: true, modifiable: false });
    const [row] = await db()
      .select({ method: sessions.secondFactorMethod })
      .from(sessions)
      .where(eq(sessions.id, claimsOf(body.access_token).sid));
    expect(row?.method).toBe('sms');
  });

  it('has a correspondant with no factor and no mobile enrol one first, and reads their factors then', async () => {
    await db().update(users).set({ mobile: null }).where(eq(users.login, 'corr.autre'));
    const texts = ctx.notifier.texts.length;
    const { body, headers } = await password('corr.autre', true);
    expect(body).toMatchObject({ confirmationRequise: true, tel: '' });
    expect(ctx.notifier.texts.length).toBe(texts);
    expect(await methodsOf(headers)).toMatchObject({
      methodes: [],
      enrolementRequis: true,
      smsEnvoye: false,
    });
    const factors = await factorsOf({ headers });
    expect(factors.sms).toMatchObject({ tel: '', actif: false, modifiable: false });
    // Everything else still waits for the second step.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sessions', headers })).statusCode).toBe(
      403,
    );
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/renvoyer-code',
      headers,
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().ciemException.messages[0].errorCode).toBe('facteurs.methodeIndisponible');
  });

  it('gives a participant waiting for the code nothing of their factors', async () => {
    const { headers } = await password('participant.sansdmc', false);
    expect((await methodsOf(headers)).enrolementRequis).toBe(false);
    const factors = await ctx.app.inject({ method: 'GET', url: '/api/user/facteurs', headers });
    expect(factors.statusCode).toBe(403);
  });
  // Without the setting (demo and the other suites) a correspondant signs in with a password alone:
  // auth-signin.test.ts.
});

describe('a holder with a passkey', () => {
  it('gets no text unasked, may ask for one, and confirms with it', async () => {
    await givePasskey('participant.refus');
    const texts = ctx.notifier.texts.length;
    const { body, headers } = await password('participant.refus', false);
    expect(body).toMatchObject({ confirmationRequise: true, tel: '' });
    expect(ctx.notifier.texts.length).toBe(texts);
    const methods = await methodsOf(headers);
    expect(methods).toMatchObject({ methodes: ['cle', 'sms'], smsEnvoye: false });
    expect(methods.tel).toMatch(/••/);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/renvoyer-code',
      headers,
    });
    expect(resend.statusCode).toBe(200);
    expect(ctx.notifier.texts.length).toBe(texts + 1);
    expect((await methodsOf(headers)).smsEnvoye).toBe(true);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers,
      payload: { code: ctx.notifier.lastCode() },
    });
    expect(confirm.json()).toMatchObject({ ok: true });
  });

  it('turns the text-message code off with the password, is told by mail, then signs in without a text', async () => {
    const signed = await signIn(ctx, 'participant.en', 'participant');
    const user = await givePasskey('participant.en');
    expect((await factorsOf(signed)).sms).toMatchObject({ actif: true, modifiable: true });
    const wrong = await switchSms(signed, false, 'Pas le bon 1!');
    expect(wrong.statusCode).toBe(400);
    expect((await account('participant.en')).smsCodeOff).toBe(false);
    const mails = ctx.notifier.mails.length;
    const off = await switchSms(signed, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ actif: false });
    expect(off.json().ciemException.messages[0].errorCode).toBe('facteurs.sms.desactive');
    expect(ctx.notifier.mails.length).toBe(mails + 1);
    expect(ctx.notifier.mails.at(-1)?.subject).toMatch(/text-message code was turned off/);
    expect((await factorsOf(signed)).sms).toMatchObject({ actif: false, modifiable: true });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SMS_CODE_TURNED_OFF'), eq(auditLog.actorUserId, user.id)));
    expect(audited?.participantId).toBe(user.participantId);
    const activity = await ctx.app.inject({
      method: 'GET',
      url: '/api/participant/activite?type=signIns',
      headers: signed.headers,
    });
    expect(activity.json<{ items: { kind: string }[] }>().items.map((item) => item.kind)).toContain(
      'smsCodeOff',
    );

    const texts = ctx.notifier.texts.length;
    const { headers } = await password('participant.en', false);
    expect(ctx.notifier.texts.length).toBe(texts);
    expect((await methodsOf(headers)).methodes).toEqual(['cle']);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/renvoyer-code',
      headers,
    });
    expect(resend.statusCode).toBe(409);
    expect(ctx.notifier.texts.length).toBe(texts);

    const on = await switchSms(signed, true);
    expect(on.json()).toMatchObject({ actif: true });
    expect((await methodsOf(headers)).methodes).toEqual(['cle', 'sms']);
  });

  it('turns the text message back on when the last passkey goes, and never leaves no way through', async () => {
    const user = await givePasskey('participant.test5');
    await db().update(users).set({ smsCodeOff: true }).where(eq(users.id, user.id));
    const outcome = await db().transaction(async (tx) => {
      await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
      return afterFactorRemoval(tx, ctx.config, user.id);
    });
    expect(outcome).toEqual({ smsBackOn: true });
    expect((await account('participant.test5')).smsCodeOff).toBe(false);

    // No mobile and the last passkey: the removal is refused and rolled back.
    const other = await givePasskey('participant.test4');
    await db().update(users).set({ mobile: null }).where(eq(users.id, other.id));
    await expect(
      db().transaction(async (tx) => {
        await tx.delete(passkeys).where(eq(passkeys.userId, other.id));
        return afterFactorRemoval(tx, ctx.config, other.id);
      }),
    ).rejects.toThrow();
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, other.id))).toHaveLength(1);
  });
});

describe('the text-message switch refuses', () => {
  it('to go off without a passkey or an app, and to go on without a mobile', async () => {
    const signed = await signIn(ctx, 'participant.test3', 'participant');
    const off = await switchSms(signed, false);
    expect(off.statusCode).toBe(409);
    expect(off.json().ciemException.messages[0].errorCode).toBe('facteurs.sms.facteurRequis');
    expect((await account('participant.test3')).smsCodeOff).toBe(false);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/facteurs/sms',
      headers: signed.headers,
      payload: { actif: 'oui' },
    });
    expect(malformed.statusCode).toBe(400);

    const user = await account('participant.test3');
    await db().update(users).set({ mobile: null }).where(eq(users.id, user.id));
    const on = await switchSms(signed, true);
    expect(on.statusCode).toBe(409);
    expect(on.json().ciemException.messages[0].errorCode).toBe('facteurs.sms.aucunMobile');
  });
});

describe('a holder who lost their passkeys or app', () => {
  it('has them removed by the centre’s staff, with a reason, every session ended and a mail', async () => {
    const user = await givePasskey('participant.test1');
    await db().update(users).set({ smsCodeOff: true }).where(eq(users.id, user.id));
    const operator = await signIn(ctx, 'operateur', 'staff');
    const card = await ctx.app.inject({
      method: 'GET',
      url: `/api/centre/accounts/${user.id}`,
      headers: operator.headers,
    });
    expect(card.json()).toMatchObject({ factors: { passkeys: 1, app: false, smsOff: true } });
    expect(card.json().actions).toContain('RESET_FACTORS');
    const mails = ctx.notifier.mails.length;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/centre/accounts/${user.id}/reset-factors`,
      headers: operator.headers,
      payload: { reason: 'Téléphone et ordinateur perdus, identité vérifiée au guichet' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ factors: { passkeys: 0, app: false, smsOff: false } });
    expect(reset.json().actions).not.toContain('RESET_FACTORS');
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect((await account('participant.test1')).smsCodeOff).toBe(false);
    expect(ctx.notifier.mails.length).toBe(mails + 1);
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'STAFF_RESET_FACTORS'), eq(auditLog.targetId, String(user.id))));
    expect(audited?.details).toMatchObject({ passkeys: 1, app: false });
    // Nothing left to remove: the action is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/centre/accounts/${user.id}/reset-factors`,
      headers: operator.headers,
      payload: { reason: 'Deuxième essai pour rien' },
    });
    expect(again.statusCode).toBe(409);
  });
});
