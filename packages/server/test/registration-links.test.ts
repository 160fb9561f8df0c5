import { formatPersonName } from '@portail/contract/rules/person-name';
import { participantCreatedReply } from '@portail/contract/schemas/participants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../src/auth/secrets';
import { accountTokens, auditLog, users } from '../src/db/schema';
import { issueRegistrationLink, registrationMail } from '../src/features/registration/registration-links';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import { headersOf, validForm } from './participants-fixtures';
import {
  confirmCode,
  linkFromOutbox,
  NEW_PASSWORD,
  participantForm,
  registrationCall,
  resultOf,
  stateOf,
  tokenIn,
  userByLogin,
} from './registration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portail.example.org' } });
});
afterAll(async () => ctx.close());

const NOT_FOUND = { ok: false, notFound: true, foundButExpired: false, identifiant: '' };
const EVIL_HOST = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

describe('the states of a registration link', () => {
  it('answers not found to an unknown token and to a link of an account already active', async () => {
    expect(await stateOf(ctx, randomToken())).toMatchObject(NOT_FOUND);
    const active = await userByLogin(ctx, 'participant.dmc');
    const token = await issueRegistrationLink(ctx.database.db, active.id, ctx.config);
    expect(await stateOf(ctx, token)).toMatchObject({
      ...NOT_FOUND,
      emailProfessionnel: null,
      portableProfessionnel: null,
    });
    // Nothing can be done with it.
    expect((await registrationCall(ctx, 'POST', 'otp', token)).body).toBe('');
    expect((await registrationCall(ctx, 'POST', 'resend', token)).json()).toBe(false);
  });

  it('resends an expired link: the old one is then not found, the new one valid', async () => {
    const login = 'participant.inscription.expiree';
    const expired = await linkFromOutbox(ctx, login);
    const state = await stateOf(ctx, expired);
    expect(state).toMatchObject({
      ok: false,
      notFound: false,
      foundButExpired: true,
      compteParticipant: true,
      identifiant: '',
      emailProfessionnel: null,
    });
    // Nothing but a resend works with an expired link.
    expect((await registrationCall(ctx, 'POST', 'otp', expired)).body).toBe('');
    const user = await userByLogin(ctx, login);

    const mails = ctx.notifier.mails.length;
    const resent = await registrationCall(ctx, 'POST', 'resend', expired, undefined, EVIL_HOST);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toBe(true);
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.subject).toContain('activez votre compte');
    // The account's holder is greeted by name, as the portal writes names.
    expect(mail?.text.startsWith(`Bonjour ${formatPersonName(user.lastName, user.firstName)},\n\n`)).toBe(
      true,
    );
    // Built from PUBLIC_URL, whatever Host the request named.
    expect(mail?.text).toContain('https://portail.example.org/user/registrationCompte?token=');
    expect(mail?.text).not.toContain('evil.example');
    const fresh = tokenIn(mail?.text ?? '');

    expect(await stateOf(ctx, expired)).toMatchObject(NOT_FOUND);
    expect((await registrationCall(ctx, 'POST', 'resend', expired)).json()).toBe(false);
    expect(await stateOf(ctx, fresh)).toMatchObject({ ok: true, identifiant: '', identiteConfirmee: false });
    // A valid link is not resent.
    expect((await registrationCall(ctx, 'POST', 'resend', fresh)).json()).toBe(false);
    expect(ctx.notifier.mails).toHaveLength(mails + 1);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'REGISTRATION_LINK_RESENT'));
    expect(audit?.targetId).toBe(String(user.id));

    // The new link registers the account.
    expect((await confirmCode(ctx, fresh, user.mobile)).ok).toBe(true);
    const done = await resultOf(
      await registrationCall(
        ctx,
        'POST',
        'confirmation',
        fresh,
        participantForm({ emailPersonnel: 'sarah@example.net' }),
      ),
    );
    expect(done.ok).toBe(true);
  });

  it('throttles resends per link and per address with 429 and Retry-After', async () => {
    const token = randomToken();
    const perLink = [];
    for (let i = 0; i < 4; i++) {
      perLink.push(await registrationCall(ctx, 'POST', 'resend', token, undefined, { 'x-test': String(i) }));
    }
    expect(perLink.slice(0, 3).map((r) => r.json())).toEqual([false, false, false]);
    expect(perLink[3]?.statusCode).toBe(429);
    expect(Number(perLink[3]?.headers['retry-after'])).toBeGreaterThan(0);

    const fromOne = async () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/registration/resend?token=${randomToken()}`,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 20; i++) expect((await fromOne()).statusCode).toBe(200);
    const refused = await fromOne();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the registration mail', () => {
  const person = { lastName: 'Taylor', firstName: ' Oliver ' };

  it('greets the person by name, LAST NAME First name, in French or in English', () => {
    const french = registrationMail(ctx.config, {
      token: 't',
      englishOnly: false,
      participant: true,
      person,
    });
    expect(french.text.split('\n\n')[0]).toBe('Bonjour TAYLOR Oliver,');
    const english = registrationMail(ctx.config, {
      token: 't',
      englishOnly: true,
      participant: false,
      person,
    });
    expect(english.subject).toContain('activate your account');
    expect(english.text.split('\n\n')[0]).toBe('Hello TAYLOR Oliver,');
  });

  it('keeps a plain greeting for an account without a name', () => {
    const nameless = { lastName: ' ', firstName: '' };
    const mail = (englishOnly: boolean) =>
      registrationMail(ctx.config, { token: 't', englishOnly, participant: false, person: nameless });
    expect(mail(false).text.split('\n\n')[0]).toBe('Bonjour,');
    expect(mail(true).text.split('\n\n')[0]).toBe('Hello,');
  });
});

describe('links mailed when an account is created', () => {
  it('mails a participant created by a correspondant a link that registers them', async () => {
    const reply = await ctx.app.inject({
      method: 'PUT',
      url: '/api/adherentsCorrespondant/detail',
      headers: { ...(await headersOf(ctx, 'corr.etablissement')), ...EVIL_HOST },
      payload: validForm({ mail: 'zoe.nouvelle@example.org', telephonePortable: '06 70 71 72 73' }),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { idParticipant } = participantCreatedReply.parse(reply.json());
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe('zoe.nouvelle@example.org');
    expect(mail?.text).toContain('https://portail.example.org/user/registrationCompte?token=');
    expect(mail?.text).not.toContain('evil.example');
    const token = tokenIn(mail?.text ?? '');
    const [stored] = await ctx.database.db
      .select({ expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);

    const state = await stateOf(ctx, token);
    expect(state).toMatchObject({
      ok: true,
      compteParticipant: true,
      emailProfessionnel: 'zoe.nouvelle@example.org',
    });
    expect((await confirmCode(ctx, token, '06 70 71 72 73')).ok).toBe(true);
    const done = await resultOf(
      await registrationCall(
        ctx,
        'POST',
        'confirmation',
        token,
        participantForm({ emailPersonnel: 'zoe@example.net' }),
      ),
    );
    expect(done.ok).toBe(true);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.participantId, idParticipant));
    expect(user?.active).toBe(true);
    expect((await passwordRequest(ctx.app, user?.login ?? '', false, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
