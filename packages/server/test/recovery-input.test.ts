import { errorReply } from '@portail/contract/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import { checkToken, freshIp, requestResetLink, savePassword } from './recovery-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const NEW_PASSWORD = 'Brume#Falaise27';

describe('bad input', () => {
  it('answers 400 with field errors, never 500, and sends nothing', async () => {
    const mails = ctx.notifier.mails.length;
    const ip = freshIp();
    const post = (url: string, payload?: unknown, contentType = 'application/json') =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        ...(payload === undefined
          ? {}
          : {
              headers: { 'content-type': contentType },
              payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
            }),
      });
    const answer = { idQuestion: 2, response: 'paris', mail: 'participant.dmc@example.com' };
    const cases: [string, unknown, string?][] = [
      ['/api/resetPassword/user/mail', undefined],
      ['/api/resetPassword/user/mail?email=', undefined],
      ['/api/resetPassword/user/mail?email=pas-un-mail', undefined],
      [`/api/resetPassword/user/mail?email=${'a'.repeat(260)}%40example.com`, undefined],
      ['/api/resetPassword/user/mail?email=a%40example.com&roleCorrespondant=peut-etre', undefined],
      ['/api/resetPassword', undefined],
      ['/api/resetPassword', {}],
      ['/api/resetPassword', { ...answer, idQuestion: '2' }],
      ['/api/resetPassword', { ...answer, idQuestion: 1.5 }],
      ['/api/resetPassword', { ...answer, idQuestion: -1 }],
      ['/api/resetPassword', { ...answer, response: '' }],
      ['/api/resetPassword', { ...answer, response: '   ' }],
      ['/api/resetPassword', { ...answer, response: 'x'.repeat(101) }],
      ['/api/resetPassword', { ...answer, response: ['paris'] }],
      ['/api/resetPassword', { ...answer, mail: null }],
      ['/api/resetPassword', { ...answer, roleCorrespondant: 'oui' }],
      ['/api/resetPassword', '{"idQuestion": 2,'],
      ['/api/resetPassword', 'idQuestion=2', 'text/plain'],
      ['/api/resetPassword', [answer]],
      ['/api/resetPassword/user/phone', {}],
      ['/api/resetPassword/user/phone', { portable: '0612345678', dateDeNaissance: '2999-01-01' }],
      ['/api/resetPassword/user/phone', { portable: '0612345678', dateDeNaissance: '1980-02-31' }],
      ['/api/resetPassword/user/phone', { portable: '0'.repeat(31), dateDeNaissance: '1980-01-01' }],
      ['/api/resetPassword/user/phone', 'not json'],
      ['/api/forgotLogin', { idQuestion: 2, response: 'paris', phone: '0612345678' }],
      [
        '/api/forgotLogin',
        { idQuestion: 2, response: 'paris', phone: 612345678, dateDeNaissance: '1980-01-01' },
      ],
      ['/api/resetPassword/token', undefined],
      [`/api/resetPassword/token?token=${'x'.repeat(201)}`, undefined],
      ['/api/reinitpassword', {}],
      ['/api/reinitpassword', { token: 'abc', password: NEW_PASSWORD, passwordConfirm: 'Autre#Chose99' }],
      ['/api/reinitpassword', { token: 'abc', password: 'x'.repeat(201), passwordConfirm: 'x'.repeat(201) }],
      ['/api/reinitpassword', { token: '', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }],
      ['/api/savePassword', '<xml/>', 'application/xml'],
      ['/api/savePassword', ''],
    ];
    for (const [url, payload, contentType] of cases) {
      const reply = await post(url, payload, contentType);
      const label = `${url} ${JSON.stringify(payload)}`;
      expect(reply.statusCode, label).toBe(400);
      const body = errorReply.parse(reply.json());
      expect(body.fieldErrors?.length, label).toBeGreaterThan(0);
      for (const error of body.fieldErrors ?? []) expect(error.defaultMessage, label).toMatch(/^errors\./);
    }
    expect(ctx.notifier.mails).toHaveLength(mails);
  });

  it('refuses a new password that breaks the rules or is easily guessed, keeping the link', async () => {
    const { token } = await requestResetLink(ctx, 'participant.test5@example.com');
    for (const [password, expected] of [
      ['Motdepasse1!', 'errors.passwordFaible'],
      ['Azerty123!', 'errors.passwordFaible'],
      ['Cour#1A', 'errors.passwordRegles'],
      ['sansmajuscule#2027', 'errors.passwordRegles'],
    ] as const) {
      const reply = await savePassword(ctx, 'reinitpassword', token, password);
      expect(reply.statusCode, password).toBe(400);
      expect(reply.json().fieldErrors).toEqual([{ field: 'password', defaultMessage: expected }]);
    }
    expect((await checkToken(ctx, token)).json()).toBe(true);
    expect((await passwordRequest(ctx.app, 'participant.test5', false, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
