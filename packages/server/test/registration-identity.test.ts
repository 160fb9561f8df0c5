import { participantCreatedReply } from '@portail/contract/schemas/participants';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activationCodes, participants, throttles, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { headersOf, validForm } from './participants-fixtures';
import {
  centreCode,
  confirmCode,
  linkOwner,
  participantForm,
  registrationCall,
  resultOf,
  stateOf,
  tokenIn,
} from './registration-fixtures';

/**
 * Issue 17, item 6: a participant's account is activated by the participant only. The employer types
 * the e-mail, mobile and birth date; only the centre's activation code proves who is registering.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
// Each case counts its own tries: the client address is the same for every injected request.
beforeEach(async () => {
  await ctx.database.db.delete(throttles).where(like(throttles.key, 'registration:identity:%'));
});

const INCORRECT = { level: 'ERROR', errorCode: 'registration.identiteIncorrecte' };
const prove = (token: string, dateNaissance: string, codeActivation: string) =>
  registrationCall(ctx, 'POST', 'identite', token, { dateNaissance, codeActivation });

let serial = 0;

/** A correspondant creates a participant with the mail and mobile they choose (their own, say). */
async function participantOfCorrespondant(
  mail = `employe.${++serial}@example.org`,
  mobile = '06 12 34 56 78',
  overrides: Partial<ReturnType<typeof validForm>> = {},
) {
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: '/api/adherentsCorrespondant/detail',
    headers: await headersOf(ctx, 'corr.etablissement', 'correspondant'),
    payload: { ...validForm({ mail, telephonePortable: mobile, ...overrides }) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const id = participantCreatedReply.parse(reply.json()).idParticipant;
  const mailed = [...ctx.notifier.mails].reverse().find((m) => m.to === mail);
  const [account] = await ctx.database.db.select().from(users).where(eq(users.participantId, id));
  if (!account || !mailed) throw new Error('no account or no mail');
  return { id, account, mail: mailed, token: tokenIn(mailed.text) };
}

describe('a correspondant cannot take hold of an employee account', () => {
  it('gets the link and knows the birth date, but cannot register without the centre code', async () => {
    const own = { mail: 'rh.attaque@example.org', mobile: '06 98 76 54 32' };
    const { id, account, mail, token } = await participantOfCorrespondant(own.mail, own.mobile);
    // The mail says the code comes from the centre, never from the employer.
    expect(mail.text).toContain('jamais de votre employeur');
    // The link tells the holder neither the login nor anything that lets them proceed.
    expect(await stateOf(ctx, token)).toMatchObject({ ok: true, identifiant: '', identiteConfirmee: false });

    const texts = ctx.notifier.texts.length;
    const sent = await registrationCall(ctx, 'POST', 'otp', token);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toBe('');
    expect(ctx.notifier.texts).toHaveLength(texts);
    const typed = await resultOf(await registrationCall(ctx, 'PUT', 'otp', token, { code: '123456' }));
    expect(typed.exception.messages).toEqual([
      { level: 'ERROR', errorCode: 'registration.identiteNonConfirmee' },
    ]);
    // The birth date the correspondant typed, with a guessed code.
    const guess = await resultOf(await prove(token, '1980-05-17', 'ABCD-EFGH'));
    expect(guess).toEqual({ ok: false, exception: { messages: [INCORRECT] } });
    const done = await resultOf(
      await registrationCall(ctx, 'POST', 'confirmation', token, participantForm({ accepterDMC: true })),
    );
    expect(done.ok).toBe(false);

    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, account.id));
    expect(after).toMatchObject({ active: false, passwordHash: null, email: own.mail });
    const [record] = await ctx.database.db.select().from(participants).where(eq(participants.id, id));
    expect(record?.dmcStatus).toBe('NONE');
  });

  it('registers the participant once the centre has given them the code', async () => {
    const { account, token } = await participantOfCorrespondant('zoe.vraie@example.org', '06 21 43 65 87');
    const code = await centreCode(ctx, token);
    expect((await resultOf(await prove(token, '1980-05-17', code))).ok).toBe(true);
    expect((await stateOf(ctx, token)).identifiant).toBe(account.login);
    expect((await confirmCode(ctx, token, '06 21 43 65 87')).ok).toBe(true);
  });

  it('gives logins that cannot be derived from the name, different for two people of one name', async () => {
    // Two people of one name (different birth dates: not duplicates of each other).
    const jean = { prenom: 'Jean', nom: 'Petit' };
    const one = await participantOfCorrespondant(undefined, undefined, {
      ...jean,
      dateNaissance: '1970-02-03',
    });
    const two = await participantOfCorrespondant(undefined, undefined, {
      ...jean,
      dateNaissance: '1975-04-05',
    });
    for (const { account, id } of [one, two]) {
      expect(account.login).toMatch(/^j\.petit\.[a-hjkmnp-z2-9]{8}$/);
      expect(account.login).not.toContain(String(id));
    }
    expect(one.account.login).not.toBe(two.account.login);
  });
});

describe('the birth date and activation code (step 1)', () => {
  it('answers one message for a wrong date or a wrong code, and spends nothing', async () => {
    const { token } = await participantOfCorrespondant();
    const { birthDate } = await linkOwner(ctx, token);
    const code = await centreCode(ctx, token);
    const wrongDate = await resultOf(await prove(token, '1901-01-01', code));
    const wrongCode = await resultOf(
      await prove(token, birthDate, code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA'),
    );
    expect(wrongDate).toEqual({ ok: false, exception: { messages: [INCORRECT] } });
    expect(wrongCode).toEqual(wrongDate);
    expect((await resultOf(await prove(token, birthDate, code))).ok).toBe(true);
  });

  it('counts the tries per account: the sixth in the hour is refused, right or wrong (429)', async () => {
    const { token } = await participantOfCorrespondant();
    const { birthDate } = await linkOwner(ctx, token);
    const code = await centreCode(ctx, token);
    const replies = await Promise.all(Array.from({ length: 12 }, () => prove(token, birthDate, 'ZZZZ-ZZZZ')));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(7);
    const right = await prove(token, birthDate, code);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await stateOf(ctx, token)).identiteConfirmee).toBe(false);
  });

  it('counts the tries per client address across accounts (twenty an hour)', async () => {
    const links = [];
    for (let i = 0; i < 5; i++) links.push(await participantOfCorrespondant());
    const statuses: number[] = [];
    for (const { token } of links)
      for (let i = 0; i < 4; i++) statuses.push((await prove(token, '1901-01-01', 'ZZZZZZZZ')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const other = await participantOfCorrespondant();
    expect((await prove(other.token, '1901-01-01', 'ZZZZZZZZ')).statusCode).toBe(429);
  });

  it('takes a code once: of two presentations at once one proves, and it never works again', async () => {
    const { account: user, token } = await participantOfCorrespondant();
    const { birthDate } = await linkOwner(ctx, token);
    const code = await centreCode(ctx, token);
    const both = await Promise.all([prove(token, birthDate, code), prove(token, birthDate, code)]);
    const oks = (await Promise.all(both.map(resultOf))).filter((r) => r.ok);
    expect(oks).toHaveLength(1);
    // Given again, it is said to be used (only to whoever knows the birth date and the code).
    expect(await resultOf(await prove(token, birthDate, code))).toEqual({
      ok: false,
      exception: { messages: [{ level: 'ERROR', errorCode: 'registration.codeActivationUtilise' }] },
    });
    expect(await resultOf(await prove(token, '1901-01-01', code))).toEqual({
      ok: false,
      exception: { messages: [INCORRECT] },
    });
    const rows = await ctx.database.db
      .select({ usedAt: activationCodes.usedAt })
      .from(activationCodes)
      .where(eq(activationCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.usedAt).toBeInstanceOf(Date);
  });

  it('says an expired code has expired only when the birth date and the code are right', async () => {
    const { account: user, token } = await participantOfCorrespondant();
    const { birthDate } = await linkOwner(ctx, token);
    const code = await centreCode(ctx, token);
    await ctx.database.db
      .update(activationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(activationCodes.userId, user.id)));
    expect((await resultOf(await prove(token, '1901-01-01', code))).exception.messages).toEqual([INCORRECT]);
    expect((await resultOf(await prove(token, birthDate, code))).exception.messages).toEqual([
      { level: 'ERROR', errorCode: 'registration.codeActivationExpire' },
    ]);
  });

  it('refuses a malformed body with field errors (400), never a 500', async () => {
    const { token } = await participantOfCorrespondant();
    const bad = await registrationCall(ctx, 'POST', 'identite', token, {
      dateNaissance: '17/05/1980',
      codeActivation: 'O0I1-L!',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fieldErrors: expect.arrayContaining([
        { field: 'dateNaissance', defaultMessage: 'errors.date' },
        { field: 'codeActivation', defaultMessage: 'registration.identite.codeFormat' },
      ]),
    });
  });
});
