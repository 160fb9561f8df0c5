import { confirmCodeReply } from '@portail/contract/schemas/auth';
import {
  appOptionsReply,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodesReply,
} from '@portail/contract/schemas/authenticator-app';
import { factorsReply, secondStepMethodsReply } from '@portail/contract/schemas/second-factors';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from '../src/auth/sealed';
import { auditLog, authenticatorApps, recoveryCodes, sessions, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { openAppSecret, verifyAppCode } from '../src/features/second-factors/authenticator-app.service';
import { claimsOf, createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Kind = 'participant' | 'correspondant' | 'staff';

const post = (signed: SignedIn, url: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: signed.headers, payload });
const get = (signed: SignedIn, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: signed.headers });

const OPTIONS = '/api/user/facteurs/application/options';
const CONFIRM = '/api/user/facteurs/application';
const REMOVE = '/api/user/facteurs/application/suppression';
const RENEW = '/api/user/facteurs/secours';
const APP_STEP = '/api/oauth/doubleAuthentification/application';
const RECOVERY_STEP = '/api/oauth/doubleAuthentification/secours';

const now = () => Math.floor(Date.now() / 1000);
const stepNow = () => Math.floor(now() / 30);
/** The app's code for a time step (what the holder's phone would show then). */
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

const userIdOf = async (login: string) => {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
};

const lastAudit = async (action: string, userId: number) => {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, userId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** Signs in, starts an enrolment and confirms it with the code of `step` (now by default). */
async function enrol(login: string, kind: Kind, step = stepNow()) {
  const signed = await signIn(ctx, login, kind);
  const options = await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD });
  expect(options.statusCode).toBe(200);
  const { secret } = appOptionsReply.parse(options.json());
  const confirmed = await post(signed, CONFIRM, { code: await codeAt(secret, step) });
  expect(confirmed.statusCode).toBe(200);
  const { codesSecours } = recoveryCodesReply.parse(confirmed.json());
  return { signed, secret, codes: codesSecours };
}

/** A new session of an account with an app: the password step only (no text goes out). */
const passwordOnly = (login: string, kind: Kind = 'participant') =>
  signIn(ctx, login, kind, { confirm: false });

const failuresOf = async (signed: SignedIn) => {
  const [row] = await ctx.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, claimsOf(signed.access).sid));
  return row;
};

describe('TOTP codes are RFC 6238 codes', () => {
  // RFC 6238 Appendix B, SHA-1, key "12345678901234567890": the eight-digit values at the RFC's
  // times; a six-digit code is their last six digits (RFC 4226 truncation modulo 10^6).
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const VECTORS: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  it('the key is the RFC’s key in base32', () => {
    expect(Buffer.from(RFC_SECRET.replace(/=+$/, '')).length).toBe(32);
    // Independent base32 decoding (RFC 4648): 5 bits a character.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    const bits = [...RFC_SECRET].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
    const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
    expect(bytes.toString('ascii')).toBe('12345678901234567890');
  });

  it.each(VECTORS)('at T=%i the RFC code %s is accepted for its own time step', async (time, eight) => {
    expect(await verifyAppCode(RFC_SECRET, eight.slice(2), 0, time)).toBe(Math.floor(time / 30));
  });

  it('a code is accepted one step either side of the clock, not two, and never for a step already used', async () => {
    const [time, eight] = [1234567890, '89005924'];
    const code = eight.slice(2);
    const step = Math.floor(time / 30);
    expect(await verifyAppCode(RFC_SECRET, code, 0, time + 30)).toBe(step);
    expect(await verifyAppCode(RFC_SECRET, code, 0, time - 30)).toBe(step);
    expect(await verifyAppCode(RFC_SECRET, code, 0, time + 60)).toBeNull();
    expect(await verifyAppCode(RFC_SECRET, code, 0, time - 60)).toBeNull();
    expect(await verifyAppCode(RFC_SECRET, code, step, time)).toBeNull();
    expect(await verifyAppCode(RFC_SECRET, code, step - 1, time)).toBe(step);
    expect(await verifyAppCode(RFC_SECRET, code, step + 5, time)).toBeNull();
    expect(await verifyAppCode(RFC_SECRET, '000000', 0, time)).toBeNull();
    expect(await verifyAppCode(RFC_SECRET, '12345', 0, time)).toBeNull();
  });
});

describe('sealed secrets', () => {
  const key = new TextEncoder().encode('a key of the tests, long enough for HKDF');
  it('open under the same key, purpose and context only, and fail when altered', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key, 'totp-secret', 'authenticator_apps:1');
    expect(sealed.split('.')).toHaveLength(3);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal('JBSWY3DPEHPK3PXP', key, 'totp-secret', 'authenticator_apps:1')).not.toBe(sealed);
    expect(unseal(sealed, key, 'totp-secret', 'authenticator_apps:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => unseal(sealed, key, 'totp-secret', 'authenticator_apps:2')).toThrow();
    expect(() => unseal(sealed, key, 'other', 'authenticator_apps:1')).toThrow();
    expect(() =>
      unseal(sealed, new TextEncoder().encode('x'), 'totp-secret', 'authenticator_apps:1'),
    ).toThrow();
    const [iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      unseal(`${iv}.${flipped.toString('base64url')}.${tag}`, key, 'totp-secret', 'authenticator_apps:1'),
    ).toThrow();
  });
});

describe('adding an authenticator app', () => {
  it('asks the current password, answers a secret, its URI and a QR code, and keeps the secret sealed and unconfirmed', async () => {
    const signed = await signIn(ctx, 'participant.dmc', 'participant');
    const missing = await post(signed, OPTIONS, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.required' }],
    });
    const wrong = await post(signed, OPTIONS, { motDePasse: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: [{ field: 'motDePasse' }] });

    const reply = await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD });
    expect(reply.statusCode).toBe(200);
    const options = appOptionsReply.parse(reply.json());
    expect(options.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(options.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${ctx.config.productName}:participant.dmc`);
    expect(uri.searchParams.get('secret')).toBe(options.secret);
    expect(uri.searchParams.get('issuer')).toBe(ctx.config.productName);
    expect(options.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(options.qr.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const userId = await userIdOf('participant.dmc');
    const [row] = await ctx.database.db
      .select()
      .from(authenticatorApps)
      .where(eq(authenticatorApps.userId, userId));
    expect(row?.confirmedAt).toBeNull();
    expect(row?.secretEncrypted).not.toContain(options.secret);
    expect(openAppSecret(ctx.config, userId, row?.secretEncrypted ?? '')).toBe(options.secret);
    // Not enrolled until a code confirms it.
    expect(factorsReply.parse((await get(signed, '/api/user/facteurs')).json()).application).toBeNull();

    // Starting again replaces the pending secret.
    const again = appOptionsReply.parse((await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD })).json());
    expect(again.secret).not.toBe(options.secret);
    const stale = await post(signed, CONFIRM, { code: await codeAt(options.secret, stepNow()) });
    expect(stale.statusCode).toBe(400);
  });

  it('refuses a wrong code with a field error and confirms nothing; the right one answers ten recovery codes once, audited and mailed', async () => {
    const signed = await signIn(ctx, 'participant.test1', 'participant');
    const userId = await userIdOf('participant.test1');
    const { secret } = appOptionsReply.parse(
      (await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD })).json(),
    );
    const right = await codeAt(secret, stepNow());
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await post(signed, CONFIRM, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fieldErrors: [{ field: 'code', defaultMessage: 'secondFactor.app.error.wrong' }],
      ciemException: {
        messages: [{ level: 'WARN', errorCode: 'facteurs.application.codeErrone', args: ['2'] }],
      },
    });
    const malformed = await post(signed, CONFIRM, { code: '12ab56' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      fieldErrors: [{ field: 'code', defaultMessage: 'secondFactor.app.error.format' }],
    });
    expect(factorsReply.parse((await get(signed, '/api/user/facteurs')).json()).application).toBeNull();

    const mailsBefore = ctx.notifier.mails.length;
    const reply = await post(signed, CONFIRM, { code: `${right.slice(0, 3)} ${right.slice(3)}` });
    expect(reply.statusCode).toBe(200);
    const { codesSecours, ciemException } = recoveryCodesReply.parse(reply.json());
    expect(ciemException.messages).toEqual([{ level: 'INFO', errorCode: 'facteurs.application.ajoutee' }]);
    expect(new Set(codesSecours).size).toBe(10);
    const format = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{5}-[${RECOVERY_CODE_ALPHABET}]{5}$`);
    for (const code of codesSecours) expect(code).toMatch(format);
    const stored = await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codesSecours.map(normaliseRecoveryCode)).not.toContain(row.codeHash);

    const factors = factorsReply.parse((await get(signed, '/api/user/facteurs')).json());
    expect(factors.application).toMatchObject({ codesSecoursRestants: 10, derniereUtilisation: null });
    expect(await lastAudit('SECOND_FACTOR_ADDED', userId)).toMatchObject({ details: { factor: 'app' } });
    expect((await lastAudit('SECOND_FACTOR_ADDED', userId))?.participantId).not.toBeNull();
    expect(ctx.notifier.mails.slice(mailsBefore).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("application d'authentification a été ajoutée"),
    ]);

    // One app at a time: another is refused until this one is removed.
    const another = await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD });
    expect(another.statusCode).toBe(409);
    expect(another.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'facteurs.application.dejaAjoutee' }] },
    });
    // The confirming code cannot confirm anything else.
    expect((await post(signed, CONFIRM, { code: right })).statusCode).toBe(409);
  });

  it('drops the pending secret at the third wrong code: the enrolment starts again', async () => {
    const signed = await signIn(ctx, 'participant.test2', 'participant');
    const { secret } = appOptionsReply.parse(
      (await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD })).json(),
    );
    const right = await codeAt(secret, stepNow());
    const wrongCode = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await post(signed, CONFIRM, { code: wrongCode })).statusCode).toBe(400);
    expect((await post(signed, CONFIRM, { code: wrongCode })).json()).toMatchObject({
      ciemException: { messages: [{ args: ['1'] }] },
    });
    const third = await post(signed, CONFIRM, { code: wrongCode });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'facteurs.application.recommencer' }] },
    });
    const late = await post(signed, CONFIRM, { code: await codeAt(secret, stepNow()) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'facteurs.application.aucuneEnCours' }] },
    });
    // A new start gives three new tries.
    const fresh = appOptionsReply.parse((await post(signed, OPTIONS, { motDePasse: DEMO_PASSWORD })).json());
    expect((await post(signed, CONFIRM, { code: await codeAt(fresh.secret, stepNow()) })).statusCode).toBe(
      200,
    );
  });

  it('is refused to a participant’s session that has not passed its second step (403)', async () => {
    const waiting = await signIn(ctx, 'participant.test3', 'participant', { confirm: false });
    expect((await post(waiting, OPTIONS, { motDePasse: DEMO_PASSWORD })).statusCode).toBe(403);
    expect((await post(waiting, OPTIONS, {})).statusCode).toBe(403);
    expect((await post(waiting, CONFIRM, { code: '123456' })).statusCode).toBe(403);
  });
});

describe('the second step with the app', () => {
  it('no text goes out; a code passes once; reused it is refused; the next step’s code passes', async () => {
    const { secret } = await enrol('participant.sansdmc', 'participant', stepNow() - 1);
    const texts = ctx.notifier.texts.length;
    const first = await passwordOnly('participant.sansdmc');
    expect(ctx.notifier.texts.length).toBe(texts);
    const methods = secondStepMethodsReply.parse(
      (await get(first, '/api/oauth/doubleAuthentification/methodes')).json(),
    );
    expect(methods.methodes).toEqual(['application', 'secours', 'sms']);
    expect(methods.smsEnvoye).toBe(false);
    expect((await get(first, '/api/user')).statusCode).toBe(403);

    const step = stepNow();
    const code = await codeAt(secret, step);
    const ok = await post(first, APP_STEP, { code });
    expect(confirmCodeReply.parse(ok.json())).toEqual({ ok: true, ciemException: { messages: [] } });
    expect((await get(first, '/api/user')).statusCode).toBe(200);
    expect((await failuresOf(first))?.secondFactorMethod).toBe('app');
    // Through: the step answers 409 now.
    expect((await post(first, APP_STEP, { code })).statusCode).toBe(409);

    const second = await passwordOnly('participant.sansdmc');
    const reused = await post(second, APP_STEP, { code });
    expect(confirmCodeReply.parse(reused.json())).toEqual({
      ok: false,
      ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
    });
    const older = await post(second, APP_STEP, { code: await codeAt(secret, step - 1) });
    expect(older.json()).toMatchObject({ ok: false });
    const next = await post(second, APP_STEP, { code: await codeAt(secret, step + 1) });
    expect(next.json()).toMatchObject({ ok: true });
    const factors = factorsReply.parse((await get(second, '/api/user/facteurs')).json());
    expect(factors.application?.derniereUtilisation).not.toBeNull();
  });

  it('of two sessions sending one code together, exactly one passes', async () => {
    const { secret } = await enrol('participant.refus', 'participant', stepNow() - 1);
    const a = await passwordOnly('participant.refus');
    const b = await passwordOnly('participant.refus');
    const code = await codeAt(secret, stepNow());
    const replies = await Promise.all([post(a, APP_STEP, { code }), post(b, APP_STEP, { code })]);
    const outcomes = replies.map((reply) => confirmCodeReply.parse(reply.json()).ok).sort();
    expect(outcomes).toEqual([false, true]);
  });

  it('a malformed code is a format error that spends no try; three wrong codes end the session', async () => {
    const { secret } = await enrol('participant.test4', 'participant');
    const signed = await passwordOnly('participant.test4');
    for (const code of ['12345', '1234567', 'abcdef', '', '12 34 56']) {
      const reply = await post(signed, APP_STEP, { code });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({
        fieldErrors: [{ field: 'code', defaultMessage: 'secondFactor.app.error.format' }],
      });
    }
    expect((await failuresOf(signed))?.secondStepFailures).toBe(0);
    const right = await codeAt(secret, stepNow());
    const wrongCode = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expect((await post(signed, APP_STEP, { code: wrongCode })).json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'tentative.1' }] },
    });
    expect((await post(signed, APP_STEP, { code: wrongCode })).json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'tentative.2' }] },
    });
    expect((await post(signed, APP_STEP, { code: wrongCode })).json()).toEqual({
      ok: false,
      ciemException: { messages: [{ level: 'ERROR', errorCode: 'tentative.3' }] },
    });
    expect((await post(signed, APP_STEP, { code: right })).statusCode).toBe(401);
  });

  it('is refused (409) to an account without an app, and the recovery step to one without codes', async () => {
    const signed = await signIn(ctx, 'participant.en', 'participant', { confirm: false });
    for (const [url, code] of [
      [APP_STEP, '123456'],
      [RECOVERY_STEP, 'ABCDE-FGHJK'],
    ] as const) {
      const reply = await post(signed, url, { code });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({
        ciemException: { messages: [{ errorCode: 'facteurs.methodeIndisponible' }] },
      });
    }
  });
});

describe('recovery codes', () => {
  it('a recovery code passes once (in any case, with or without its dash), then is refused; its use is audited and mailed', async () => {
    const { codes } = await enrol('participant.visites', 'participant');
    const userId = await userIdOf('participant.visites');
    const [first] = codes;
    const typed = (first ?? '').toLowerCase().replace('-', ' ');
    const mails = ctx.notifier.mails.length;
    const signed = await passwordOnly('participant.visites');
    const ok = await post(signed, RECOVERY_STEP, { code: typed });
    expect(confirmCodeReply.parse(ok.json())).toEqual({
      ok: true,
      ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.secours.restants', args: ['9'] }] },
    });
    expect((await failuresOf(signed))?.secondFactorMethod).toBe('recovery');
    expect(await lastAudit('RECOVERY_CODE_USED', userId)).toMatchObject({ details: { left: 9 } });
    expect(ctx.notifier.mails.slice(mails).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('un code de secours a été utilisé'),
    ]);
    const factors = factorsReply.parse((await get(signed, '/api/user/facteurs')).json());
    expect(factors.application?.codesSecoursRestants).toBe(9);

    const again = await passwordOnly('participant.visites');
    const refused = await post(again, RECOVERY_STEP, { code: first ?? '' });
    expect(confirmCodeReply.parse(refused.json())).toEqual({
      ok: false,
      ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
    });
    const malformed = await post(again, RECOVERY_STEP, { code: 'ABCDE-FGHI1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      fieldErrors: [{ field: 'code', defaultMessage: 'secondFactor.recovery.error.format' }],
    });
    expect((await failuresOf(again))?.secondStepFailures).toBe(1);
    expect((await post(again, RECOVERY_STEP, { code: codes[1] ?? '' })).json()).toMatchObject({ ok: true });
  });

  it('renewing asks the password and only with an app; the former codes no longer work, the new ones do', async () => {
    const { signed, codes } = await enrol('participant.test5', 'participant');
    const userId = await userIdOf('participant.test5');
    expect((await post(signed, RENEW, { motDePasse: 'wrong' })).statusCode).toBe(400);
    const mails = ctx.notifier.mails.length;
    const reply = await post(signed, RENEW, { motDePasse: DEMO_PASSWORD });
    expect(reply.statusCode).toBe(200);
    const renewed = recoveryCodesReply.parse(reply.json());
    expect(renewed.ciemException.messages).toEqual([
      { level: 'INFO', errorCode: 'facteurs.secours.renouveles' },
    ]);
    expect(renewed.codesSecours.filter((code) => codes.includes(code))).toEqual([]);
    expect(await lastAudit('RECOVERY_CODES_RENEWED', userId)).toBeDefined();
    expect(ctx.notifier.mails.slice(mails).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('vos codes de secours ont été renouvelés'),
    ]);
    const session = await passwordOnly('participant.test5');
    expect((await post(session, RECOVERY_STEP, { code: codes[0] ?? '' })).json()).toMatchObject({
      ok: false,
    });
    expect(
      (await post(session, RECOVERY_STEP, { code: renewed.codesSecours[0] ?? '' })).json(),
    ).toMatchObject({
      ok: true,
    });

    const withoutApp = await signIn(ctx, 'corr.annuaire', 'correspondant');
    const refused = await post(withoutApp, RENEW, { motDePasse: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'facteurs.application.absente' }] },
    });
  });
});

describe('removing the app', () => {
  it('asks the password, removes the app and its codes, turns the text-message code back on and says so', async () => {
    const { signed, secret, codes } = await enrol('corr.entreprise', 'correspondant');
    const userId = await userIdOf('corr.entreprise');
    // The holder turned the text-message code off while the app could sign in instead.
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/user/facteurs/sms',
          headers: signed.headers,
          payload: { actif: false, motDePasse: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await post(signed, REMOVE, {})).statusCode).toBe(400);
    expect((await post(signed, REMOVE, { motDePasse: 'wrong' })).statusCode).toBe(400);
    const mails = ctx.notifier.mails.length;
    const reply = await post(signed, REMOVE, { motDePasse: DEMO_PASSWORD });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      ciemException: {
        messages: [
          { level: 'INFO', errorCode: 'facteurs.application.retiree' },
          { level: 'INFO', errorCode: 'facteurs.sms.active' },
        ],
      },
    });
    expect(
      await ctx.database.db.select().from(authenticatorApps).where(eq(authenticatorApps.userId, userId)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    ).toEqual([]);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.smsCodeOff).toBe(false);
    expect(await lastAudit('SECOND_FACTOR_REMOVED', userId)).toMatchObject({ details: { factor: 'app' } });
    expect(ctx.notifier.mails.slice(mails).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("l'application d'authentification a été retirée"),
    ]);
    // Signs in without a second step again (an optional policy, no factor left).
    const next = await signIn(ctx, 'corr.entreprise', 'correspondant');
    expect((await get(next, '/api/user/facteurs')).statusCode).toBe(200);
    expect(secret).not.toBe('');
    expect(codes).toHaveLength(10);
    const again = await post(next, REMOVE, { motDePasse: DEMO_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'facteurs.application.absente' }] },
    });
  });
});

describe('a correspondant the centre requires a factor of, with no way through', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ env: { CORRESPONDANT_SECOND_FACTOR: 'required' } });
    await strict.database.db.update(users).set({ mobile: null }).where(eq(users.login, 'corr.groupe'));
  });
  afterAll(async () => strict.close());

  it('enrols an app before the second step without a password, and the enrolment passes the session', async () => {
    const signed = await signIn(strict, 'corr.groupe', 'correspondant');
    const call = (url: string, payload: Record<string, unknown>) =>
      strict.app.inject({ method: 'POST', url, headers: signed.headers, payload });
    expect(
      (await strict.app.inject({ method: 'GET', url: '/api/user', headers: signed.headers })).statusCode,
    ).toBe(403);
    const options = await call(OPTIONS, {});
    expect(options.statusCode).toBe(200);
    const { secret } = appOptionsReply.parse(options.json());
    const confirmed = await call(CONFIRM, { code: await codeAt(secret, stepNow()) });
    expect(confirmed.statusCode).toBe(200);
    expect(recoveryCodesReply.parse(confirmed.json()).codesSecours).toHaveLength(10);
    expect(
      (await strict.app.inject({ method: 'GET', url: '/api/user', headers: signed.headers })).statusCode,
    ).toBe(200);
    const [session] = await strict.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claimsOf(signed.access).sid));
    expect(session?.secondFactorMethod).toBe('enrolment');
  });
});
