import { CONTACT_CHANGE_MESSAGES, contactChangeReply } from '@portail/contract/schemas/contact-change';
import { correspondantSavedReply } from '@portail/contract/schemas/correspondants';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, correspondants, oneTimeCodes, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { CIVILITY } from '../src/demo/reference';
import { createTestContext, passwordRequest, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const post = (signed: SignedIn, url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: signed.headers, payload });
const principal = (signed: SignedIn) => post(signed, '/api/oauth/principal', {});
const confirm = (signed: SignedIn, canal: 'EMAIL' | 'PORTABLE', code: string) =>
  post(signed, '/api/user/contact/confirmation', { canal, code });

async function userRow(login: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row;
}

async function auditCount(action: string, userId: number) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))));
  return row?.n ?? 0;
}

/** The code of the last mail sent to an address. */
function mailedCode(to: string): string {
  const mail = [...ctx.notifier.mails].reverse().find((entry) => entry.to === to);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a stolen session is not a stolen account', () => {
  it('cannot change the mobile without the current password, and a wrong one changes and sends nothing', async () => {
    const signed = await signIn(ctx, 'participant.test1', 'participant');
    const before = await userRow('participant.test1');
    const texts = ctx.notifier.texts.length;
    const missing = await post(signed, '/api/user', { email: before.email, portable: '07 81 22 33 44' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ field: 'motDePasse', defaultMessage: 'errors.required' }]);
    const wrong = await post(signed, '/api/user', {
      email: before.email,
      portable: '07 81 22 33 44',
      motDePasse: 'Deviné#2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.motDePasseActuel' }],
      ciemException: {
        messages: [{ level: 'WARN', errorCode: CONTACT_CHANGE_MESSAGES.wrongPassword, args: ['2'] }],
      },
    });
    const after = await userRow('participant.test1');
    expect(after.mobile).toBe(before.mobile);
    expect(ctx.notifier.texts).toHaveLength(texts);
    const account = await post(signed, '/api/user', {});
    expect(account.statusCode).toBe(400);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: signed.headers });
    expect(me.json().enAttente).toEqual({ email: null, portable: null });
  });

  it('wrong passwords from the contact form, change-password and the question share sign-in’s lock', async () => {
    const other = await signIn(ctx, 'participant.test3', 'participant');
    const signed = await signIn(ctx, 'participant.test3', 'participant');
    const me = await userRow('participant.test3');
    const first = await post(signed, '/api/user', {
      email: 'x@example.org',
      portable: '07 81 22 33 44',
      motDePasse: 'Faux#0001',
    });
    expect(first.json().ciemException.messages[0].args).toEqual(['2']);
    const second = await post(signed, '/api/oauth/changePassword', {
      ancienMotDePasse: 'Faux#0002',
      motDePasse: 'Brume#Falaise27',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      fieldErrors: [{ field: 'ancienMotDePasse', defaultMessage: 'errors.ancienMotDePasse' }],
      ciemException: { messages: [{ errorCode: CONTACT_CHANGE_MESSAGES.wrongPassword, args: ['1'] }] },
    });
    const third = await post(signed, '/api/user/question', {
      id: 4,
      response: 'Lyon',
      motDePasse: 'Faux#0003',
    });
    expect(third.statusCode).toBe(403);
    expect(third.json().ciemException.messages).toEqual([
      { level: 'ERROR', errorCode: CONTACT_CHANGE_MESSAGES.locked },
    ]);
    // Locked as sign-in locks: every session ends, and even the right password is refused.
    expect((await principal(signed)).statusCode).toBe(401);
    expect((await principal(other)).statusCode).toBe(401);
    expect((await userRow('participant.test3')).lockedAt).not.toBeNull();
    expect(await auditCount('ACCOUNT_LOCKED', me.id)).toBe(1);
    const signInReply = await passwordRequest(ctx.app, 'participant.test3', false);
    expect(signInReply.statusCode).toBe(400);
    expect(signInReply.json().error_description).toBe('user.locked');
  });

  it('a right current password clears the count, as a sign-in does', async () => {
    const signed = await signIn(ctx, 'corr.entreprise', 'correspondant');
    for (const guess of ['Faux#0001', 'Faux#0002']) {
      const reply = await post(signed, '/api/oauth/changePassword', {
        ancienMotDePasse: guess,
        motDePasse: 'Brume#Falaise27',
      });
      expect(reply.statusCode).toBe(400);
    }
    const right = await post(signed, '/api/user/question', {
      id: 4,
      response: 'Lyon',
      motDePasse: DEMO_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    const wrongSignIn = await passwordRequest(ctx.app, 'corr.entreprise', true, 'Faux#0004');
    expect(wrongSignIn.json().error_description).toBe('tentative.1');
  });
});

describe('a new mobile or e-mail waits for the code sent to it', () => {
  it('keeps the old mobile for sign-in codes until confirmed, then applies it, tells the old address and ends the other sessions', async () => {
    const other = await signIn(ctx, 'participant.test2', 'participant');
    const signed = await signIn(ctx, 'participant.test2', 'participant');
    const before = await userRow('participant.test2');
    const reply = await post(signed, '/api/user', {
      email: before.email,
      portable: '07 98 76 54 32',
      motDePasse: DEMO_PASSWORD,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(contactChangeReply.parse(reply.json())).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: CONTACT_CHANGE_MESSAGES.codeSent }] },
      enAttente: { email: null, portable: '07 98 76 54 32' },
    });
    const code = ctx.notifier.lastCode('07 98 76 54 32');
    expect((await userRow('participant.test2')).mobile).toBe(before.mobile);
    expect((await principal(other)).statusCode).toBe(200);
    // Sign-in still texts the number on file: a typo in the new one locks nobody out.
    expect((await passwordRequest(ctx.app, 'participant.test2', false)).statusCode).toBe(200);
    expect(ctx.notifier.texts.at(-1)?.to).toBe(before.mobile);

    const mails = ctx.notifier.mails.length;
    const confirmed = await confirm(signed, 'PORTABLE', code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: CONTACT_CHANGE_MESSAGES.confirmed }] },
      enAttente: { email: null, portable: null },
    });
    expect((await userRow('participant.test2')).mobile).toBe('07 98 76 54 32');
    expect((await principal(other)).statusCode).toBe(401);
    expect((await principal(signed)).statusCode).toBe(200);
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    expect(ctx.notifier.mails.at(-1)).toMatchObject({
      to: before.email,
      subject: expect.stringMatching(/coordonnées de contact/),
    });
    expect(await auditCount('USER_CONTACT_CHANGED', before.id)).toBe(1);
    expect((await passwordRequest(ctx.app, 'participant.test2', false)).statusCode).toBe(200);
    expect(ctx.notifier.texts.at(-1)?.to).toBe('07 98 76 54 32');
  });

  it('counts wrong codes, then drops the change; an expired code and a cancelled change apply nothing', async () => {
    const signed = await signIn(ctx, 'participant.test4', 'participant');
    const before = await userRow('participant.test4');
    const ask = () =>
      post(signed, '/api/user', {
        email: 'neuf@example.org',
        portable: before.mobile,
        motDePasse: DEMO_PASSWORD,
      });
    expect((await ask()).statusCode).toBe(200);
    const code = mailedCode('neuf@example.org');
    const first = await confirm(signed, 'EMAIL', wrongOf(code));
    expect(first.statusCode).toBe(409);
    expect(first.json().ciemException.messages).toEqual([
      { level: 'WARN', errorCode: CONTACT_CHANGE_MESSAGES.wrongCode, args: ['2'] },
    ]);
    await confirm(signed, 'EMAIL', wrongOf(code));
    const third = await confirm(signed, 'EMAIL', wrongOf(code));
    expect(third.json().ciemException.messages[0].errorCode).toBe(CONTACT_CHANGE_MESSAGES.exhausted);
    const late = await confirm(signed, 'EMAIL', code);
    expect(late.json().ciemException.messages[0].errorCode).toBe(CONTACT_CHANGE_MESSAGES.none);

    expect((await ask()).statusCode).toBe(200);
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, before.id), eq(oneTimeCodes.purpose, 'CONTACT_EMAIL')));
    const expired = await confirm(signed, 'EMAIL', mailedCode('neuf@example.org'));
    expect(expired.json().ciemException.messages[0].errorCode).toBe(CONTACT_CHANGE_MESSAGES.expired);

    expect((await ask()).statusCode).toBe(200);
    const resentTooSoon = await post(signed, '/api/user/contact/resend', { canal: 'EMAIL' });
    expect(resentTooSoon.statusCode).toBe(429);
    const cancelled = await post(signed, '/api/user/contact/cancel', { canal: 'TOUS' });
    expect(cancelled.json().enAttente).toEqual({ email: null, portable: null });
    const afterCancel = await confirm(signed, 'EMAIL', mailedCode('neuf@example.org'));
    expect(afterCancel.json().ciemException.messages[0].errorCode).toBe(CONTACT_CHANGE_MESSAGES.none);
    expect((await userRow('participant.test4')).email).toBe(before.email);
    expect(await auditCount('USER_CONTACT_CHANGED', before.id)).toBe(0);
  });

  it('two confirmations sent together apply the change once', async () => {
    const signed = await signIn(ctx, 'participant.test5', 'participant');
    const before = await userRow('participant.test5');
    await post(signed, '/api/user', {
      email: 'double@example.org',
      portable: before.mobile,
      motDePasse: DEMO_PASSWORD,
    });
    const code = mailedCode('double@example.org');
    const mails = ctx.notifier.mails.length;
    const replies = await Promise.all([confirm(signed, 'EMAIL', code), confirm(signed, 'EMAIL', code)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect(await auditCount('USER_CONTACT_CHANGED', before.id)).toBe(1);
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    expect(ctx.notifier.mails.at(-1)?.to).toBe(before.email);
    expect((await userRow('participant.test5')).email).toBe('double@example.org');
  });
});

describe("a correspondant's own record takes the same path", () => {
  it('saves the name at once behind the password; the mail and mobile wait for their codes, then reach record and account', async () => {
    const signed = await signIn(ctx, 'corr.annuaire', 'correspondant');
    const before = await userRow('corr.annuaire');
    const id = before.correspondantId ?? -1;
    const body = {
      civilite: CIVILITY.mrs,
      nom: 'Lemaître',
      prenom: 'Anaïs',
      telephone: '01 45 67 89 10',
      portable: '06 55 44 33 22',
      fax: '',
      mail: 'anais.pro@example.com',
      fonction: 'Responsable RH',
    };
    const refused = await post(signed, `/api/correspondant/${id}`, { ...body, motDePasse: 'Faux#0001' });
    expect(refused.statusCode).toBe(400);
    expect((await userRow('corr.annuaire')).lastName).toBe(before.lastName);

    const reply = await post(signed, `/api/correspondant/${id}`, { ...body, motDePasse: DEMO_PASSWORD });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = correspondantSavedReply.parse(reply.json());
    expect(saved.enAttente).toEqual({ email: 'anais.pro@example.com', portable: '06 55 44 33 22' });
    expect(saved.correspondant.contact).toMatchObject({
      nom: 'Lemaître',
      mail: before.email,
      portable: before.mobile,
    });
    const [record] = await ctx.database.db.select().from(correspondants).where(eq(correspondants.id, id));
    expect(record).toMatchObject({ lastName: 'Lemaître', email: before.email, mobile: before.mobile });

    const mobileCode = ctx.notifier.lastCode('06 55 44 33 22');
    expect((await confirm(signed, 'EMAIL', mailedCode('anais.pro@example.com'))).statusCode).toBe(200);
    expect((await confirm(signed, 'PORTABLE', mobileCode)).statusCode).toBe(200);
    const [applied] = await ctx.database.db.select().from(correspondants).where(eq(correspondants.id, id));
    expect(applied).toMatchObject({ email: 'anais.pro@example.com', mobile: '06 55 44 33 22' });
    expect(await userRow('corr.annuaire')).toMatchObject({
      email: 'anais.pro@example.com',
      mobile: '06 55 44 33 22',
    });
    // The mail change is told to the address it replaced.
    expect(
      ctx.notifier.mails.some((mail) => mail.to === before.email && /coordonnées/.test(mail.subject)),
    ).toBe(true);
  });
});
