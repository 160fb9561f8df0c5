import { errorReply } from '@portail/contract/schemas/common';
import { REGISTRATION_OTP_RESEND_S } from '@portail/contract/schemas/registration';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, participants, throttles, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import {
  confirmCode,
  correspondantForm,
  freshPendingLink,
  linkFromOutbox,
  participantForm,
  proveIdentity,
  registrationCall,
  resultOf,
  stateOf,
  userByLogin,
} from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const codes = (messages: { level: string; errorCode: string }[]) =>
  messages.map((m) => `${m.level} ${m.errorCode}`);

/** Lets the next code be asked at once, as if the minute had passed. */
const forgetMinute = () =>
  ctx.database.db.delete(throttles).where(like(throttles.key, 'registration:otp:minute:%'));

async function userRow(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('the code sent by text message', () => {
  it('warns tentative.1 and .2, spends the code at the third wrong one (tentative.3)', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 0);
    await proveIdentity(ctx, token);
    expect((await registrationCall(ctx, 'POST', 'otp', token)).statusCode).toBe(200);
    const right = ctx.notifier.lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        codes(
          (await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: wrong }))).exception
            .messages,
        ),
      );
    }
    expect(answers).toEqual([['WARN tentative.1'], ['WARN tentative.2'], ['ERROR tentative.3']]);
    // The right code no longer works.
    const late = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: right }));
    expect(late.ok).toBe(false);
    expect(codes(late.exception.messages)).toEqual(['ERROR tentative.3']);
    expect((await stateOf(ctx, token)).codeConfirme).toBe(false);
    // A new code may be asked once the minute has passed, and it works.
    await forgetMinute();
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
  });

  it('answers otpExpire when no code was sent or it expired, and a new code spends the old', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 1);
    await proveIdentity(ctx, token);
    const none = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: '123456' }));
    expect(codes(none.exception.messages)).toEqual(['ERROR registration.otpExpire']);

    await registrationCall(ctx, 'POST', 'otp', token);
    const first = ctx.notifier.lastCode();
    await forgetMinute();
    await registrationCall(ctx, 'POST', 'otp', token);
    const second = ctx.notifier.lastCode();
    if (first !== second) {
      const old = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: first }));
      expect(codes(old.exception.messages)).toEqual(['WARN tentative.1']);
    }
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user.id));
    const expired = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: second }));
    expect(codes(expired.exception.messages)).toEqual(['ERROR registration.otpExpire']);
  });

  it('sends at most one code a minute and five a day per link (429 with Retry-After)', async () => {
    const { token } = await freshPendingLink(ctx, 'PARTICIPANT', 2);
    await proveIdentity(ctx, token);
    expect((await registrationCall(ctx, 'POST', 'otp', token)).statusCode).toBe(200);
    const soon = await registrationCall(ctx, 'POST', 'otp', token);
    expect(soon.statusCode).toBe(429);
    const wait = Number(soon.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(REGISTRATION_OTP_RESEND_S);
    for (let i = 0; i < 4; i++) {
      await forgetMinute();
      expect((await registrationCall(ctx, 'POST', 'otp', token)).statusCode).toBe(200);
    }
    await forgetMinute();
    const sixth = await registrationCall(ctx, 'POST', 'otp', token);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(REGISTRATION_OTP_RESEND_S);
  });

  it('sends nothing when the participant has no mobile on file', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 3);
    await ctx.database.db.update(users).set({ mobile: null }).where(eq(users.id, user.id));
    await ctx.database.db
      .update(participants)
      .set({ mobile: null })
      .where(eq(participants.id, (await userRow(user.id))?.participantId ?? -1));
    const texts = ctx.notifier.texts.length;
    const reply = await registrationCall(ctx, 'POST', 'otp', token);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('');
    expect(ctx.notifier.texts).toHaveLength(texts);
    expect((await stateOf(ctx, token)).portableProfessionnel).toBeNull();
  });
});

describe('the later steps of a participant', () => {
  it('are refused without a confirmed code, or one confirmed more than 30 minutes ago', async () => {
    const { user, token } = await freshPendingLink(ctx, 'PARTICIPANT', 4);
    const contact = { emailPersonnel: 'a@example.net', portablePersonnel: '06 11 22 33 44' };
    // Before the proof of identity (issue 17), then before the code.
    for (const step of ['validerDonnesConnexion', 'confirmation'] as const) {
      const early = await resultOf(
        await registrationCall(
          ctx,
          'POST',
          step,
          token,
          step === 'confirmation' ? participantForm() : contact,
        ),
      );
      expect([early.ok, ...codes(early.exception.messages)]).toEqual([
        false,
        'ERROR registration.identiteNonConfirmee',
      ]);
    }
    await proveIdentity(ctx, token);
    const refused = ['ERROR registration.codeNonConfirme'];
    const step4 = await resultOf(
      await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, contact),
    );
    expect([step4.ok, ...codes(step4.exception.messages)]).toEqual([false, ...refused]);
    const step6 = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm()),
    );
    expect([step6.ok, ...codes(step6.exception.messages)]).toEqual([false, ...refused]);

    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date(Date.now() - 31 * 60_000) })
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'REGISTRATION')));
    const stale = await resultOf(
      await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, contact),
    );
    expect(codes(stale.exception.messages)).toEqual(refused);
    expect((await userRow(user.id))?.active).toBe(false);
  });

  it('checks the personal contact (step 4) and the consent rule (step 6), writing nothing', async () => {
    const login = 'participant.inscription3';
    const user = await userByLogin(ctx, login);
    const token = await linkFromOutbox(ctx, login);
    expect((await confirmCode(ctx, token, user.mobile)).ok).toBe(true);
    const check = async (body: object) =>
      resultOf(await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, body));
    expect((await check({ emailPersonnel: 'c@example.net', portablePersonnel: '07 81 23 45 67' })).ok).toBe(
      true,
    );
    // A landline passes the schema but is no mobile: the specified message, and the field it concerns.
    const landline = await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, {
      emailPersonnel: 'c@example.net',
      portablePersonnel: '01 42 00 00 00',
    });
    expect(landline.statusCode).toBe(400);
    const landlineReply = errorReply.parse(landline.json());
    expect(landlineReply.fieldErrors).toEqual([
      { field: 'portablePersonnel', defaultMessage: 'errors.portable' },
    ]);
    expect(codes(landlineReply.ciemException?.messages ?? [])).toEqual([
      'ERROR registration.donneesConnexionIncorrectes',
    ]);
    const badMail = await registrationCall(ctx, 'POST', 'validerDonnesConnexion', token, {
      emailPersonnel: 'not-a-mail',
      portablePersonnel: '06 12 34 56 78',
    });
    expect(badMail.statusCode).toBe(400);
    expect(errorReply.parse(badMail.json()).fieldErrors).toEqual([
      { field: 'emailPersonnel', defaultMessage: 'errors.email' },
    ]);

    const confirm = async (overrides: Record<string, unknown>) =>
      resultOf(await registrationCall(ctx, 'POST', 'confirmation', token, participantForm(overrides)));
    for (const consent of [
      { accepterDMC: true, refuserDMC: true },
      { accepterDMC: false, refuserDMC: false },
      {},
    ]) {
      const form =
        Object.keys(consent).length === 0 ? { accepterDMC: undefined, refuserDMC: undefined } : consent;
      const refused = await confirm(form);
      expect([refused.ok, ...codes(refused.exception.messages)]).toEqual([
        false,
        'ERROR registration.consentementIncomplet',
      ]);
    }
    const noContact = await registrationCall(
      ctx,
      'POST',
      'confirmation',
      token,
      participantForm({ emailPersonnel: undefined, portablePersonnel: undefined }),
    );
    expect(noContact.statusCode).toBe(400);
    const noContactReply = errorReply.parse(noContact.json());
    expect(noContactReply.fieldErrors).toEqual([
      { field: 'emailPersonnel', defaultMessage: 'errors.required' },
      { field: 'portablePersonnel', defaultMessage: 'errors.required' },
    ]);
    expect(codes(noContactReply.ciemException?.messages ?? [])).toEqual([
      'ERROR registration.donneesConnexionIncorrectes',
    ]);
    expect(await userByLogin(ctx, login)).toMatchObject({
      active: false,
      passwordHash: null,
      email: user.email,
    });
    expect((await stateOf(ctx, token)).ok).toBe(true);
  });

  it('refuses a weak or common password and an unknown question with field errors', async () => {
    const login = 'corr.inscription2';
    const token = await linkFromOutbox(ctx, login);
    const fieldErrorsOf = async (overrides: Record<string, unknown>) => {
      const reply = await registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm(overrides));
      expect(reply.statusCode, reply.body).toBe(400);
      return errorReply.parse(reply.json());
    };
    const common = await fieldErrorsOf({ password: 'Password1!', confirmPassword: 'Password1!' });
    expect(common.fieldErrors).toEqual([{ field: 'password', defaultMessage: 'errors.passwordFaible' }]);
    expect(common.ciemException?.messages.map((m) => m.errorCode)).toEqual([
      'registration.donneesConfidentiellesIncorrectes',
    ]);
    const ownName = await fieldErrorsOf({
      password: 'Corr.inscription2!',
      confirmPassword: 'Corr.inscription2!',
    });
    expect(ownName.fieldErrors).toEqual([{ field: 'password', defaultMessage: 'errors.passwordFaible' }]);
    expect((await fieldErrorsOf({ password: 'short', confirmPassword: 'short' })).fieldErrors).toEqual([
      { field: 'password', defaultMessage: 'errors.passwordRegles' },
    ]);
    expect((await fieldErrorsOf({ confirmPassword: 'Autre-Chose#2026' })).fieldErrors).toEqual([
      { field: 'confirmPassword', defaultMessage: 'errors.missmatch' },
    ]);
    expect((await fieldErrorsOf({ questionSecrete: 9999 })).fieldErrors).toEqual([
      { field: 'questionSecrete', defaultMessage: 'errors.invalid' },
    ]);
    expect((await fieldErrorsOf({ reponseQuestionSecrete: ' ' })).fieldErrors).toEqual([
      { field: 'reponseQuestionSecrete', defaultMessage: 'errors.required' },
    ]);
    expect(await userByLogin(ctx, login)).toMatchObject({ active: false, passwordHash: null });
    expect(
      (await resultOf(await registrationCall(ctx, 'POST', 'confirmation', token, correspondantForm()))).ok,
    ).toBe(true);
  });
});

describe('bad input', () => {
  it('answers 400, never 500, to missing or malformed tokens and bodies', async () => {
    const token = await linkFromOutbox(ctx, 'participant.inscription');
    const routes: ['GET' | 'POST' | 'PUT', string][] = [
      ['POST', 'token'],
      ['POST', 'otp'],
      ['PUT', 'otp'],
      ['POST', 'validerDonnesConnexion'],
      ['POST', 'confirmation'],
      ['POST', 'resend'],
    ];
    for (const [method, path] of routes) {
      const missing = await ctx.app.inject({ method, url: `/api/registration/${path}`, payload: {} });
      expect(missing.statusCode, `${method} ${path}`).toBe(400);
      const long = await registrationCall(ctx, method, path, 'x'.repeat(500), {});
      expect(long.statusCode, `${method} ${path}`).toBe(400);
    }
    const bodies: [string, 'PUT' | 'POST', unknown][] = [
      ['otp', 'PUT', { code: 123456 }],
      ['otp', 'PUT', { code: '1'.repeat(50) }],
      ['otp', 'PUT', 'not json'],
      ['validerDonnesConnexion', 'POST', { emailPersonnel: ['a'], portablePersonnel: null }],
      ['confirmation', 'POST', { ...participantForm(), questionSecrete: '2' }],
      ['confirmation', 'POST', { ...participantForm(), accepterDMC: 'yes' }],
      ['confirmation', 'POST', { ...participantForm(), password: 'x'.repeat(300) }],
      ['confirmation', 'POST', null],
    ];
    for (const [path, method, payload] of bodies) {
      const reply = await ctx.app.inject({
        method,
        url: `/api/registration/${path}?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(reply.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
    }
    // listeQuestion needs no token, and ignores one.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/registration/listeQuestion' })).statusCode).toBe(
      200,
    );
    expect((await stateOf(ctx, token)).ok).toBe(true);
  });
});
