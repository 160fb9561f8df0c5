import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { createTestContext, passwordRequest, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const change = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/changePassword', headers, payload });

describe('POST /oauth/changePassword', () => {
  it('refuses a wrong old password and a new one that breaks the rules, changing nothing', async () => {
    const signed = await signIn(ctx, 'corr.entreprise', 'correspondant');
    const wrongOld = await change(signed.headers, {
      ancienMotDePasse: 'Nope#1234',
      motDePasse: 'Brume#Falaise27',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().fieldErrors).toEqual([
      { field: 'ancienMotDePasse', defaultMessage: 'errors.ancienMotDePasse' },
    ]);
    for (const weak of ['Sh#1abc', 'nouveau#2027', 'NOUVEAU#2027', 'Nouveau#abcd', 'Nouveau2027']) {
      const reply = await change(signed.headers, { ancienMotDePasse: DEMO_PASSWORD, motDePasse: weak });
      expect(reply.json().fieldErrors).toEqual([
        { field: 'motDePasse', defaultMessage: 'errors.passwordRegles' },
      ]);
    }
    // Within the rule but among the easily guessed passwords (French and English dictionaries).
    for (const common of ['Motdepasse1!', 'P@ssw0rd!', 'Azerty123!']) {
      const reply = await change(signed.headers, { ancienMotDePasse: DEMO_PASSWORD, motDePasse: common });
      expect(reply.json().fieldErrors).toEqual([
        { field: 'motDePasse', defaultMessage: 'errors.passwordFaible' },
      ]);
    }
    const empty = await change(signed.headers, { ancienMotDePasse: '', motDePasse: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.map((e: { defaultMessage: string }) => e.defaultMessage)).toEqual([
      'errors.required',
      'errors.required',
    ]);
    expect((await passwordRequest(ctx.app, 'corr.entreprise', true)).statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions and tells the user by mail', async () => {
    const other = await signIn(ctx, 'corr.groupe', 'correspondant');
    const signed = await signIn(ctx, 'corr.groupe', 'correspondant');
    const mails = ctx.notifier.mails.length;
    const reply = await change(signed.headers, {
      ancienMotDePasse: DEMO_PASSWORD,
      motDePasse: 'Brume#Falaise27',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: 'password.confirmationChange' }] },
    });
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const principal = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/oauth/principal', headers, payload: {} });
    expect((await principal(other.headers)).statusCode).toBe(401);
    expect((await principal(signed.headers)).statusCode).toBe(200);
    expect((await passwordRequest(ctx.app, 'corr.groupe', true, 'Brume#Falaise27')).statusCode).toBe(200);
  });
});
