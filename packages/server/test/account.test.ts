import { ACCOUNT_MESSAGES, secretQuestionsReply, userAccount } from '@portail/contract/schemas/account';
import { errorReply, messagesReply } from '@portail/contract/schemas/common';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseAnswer, verifyPassword } from '../src/auth/passwords';
import { auditLog, companies, correspondants, secretQuestions, users } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER } from '../src/demo/accounts';
import { DEMO_SECRET_QUESTION_ID } from '../src/demo/reference';
import { createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Kind = 'participant' | 'correspondant' | 'staff';

const call = (signed: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: signed.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The principal answers while the session lives and 401 once it has ended. */
const principal = (signed: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/principal', headers: signed.headers, payload: {} });

async function userRow(login: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row;
}

async function auditCount(action: string) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, action));
  return row?.n ?? 0;
}

describe('GET /api/user', () => {
  it.each([
    ['participant.dmc', 'participant', 'ROLE_PARTICIPANT', 'PARTICIPANT'],
    ['corr.etablissement', 'correspondant', 'ROLE_CORRESPONDANT', 'CORRESPONDANT'],
    ['corr.entreprise', 'correspondant', 'ROLE_CORRESPONDANT', 'CORRESPONDANT'],
    ['corr.groupe', 'correspondant', 'ROLE_CORRESPONDANT', 'CORRESPONDANT'],
    ['admin', 'staff', 'ROLE_ADMIN', 'STAFF'],
  ] as const)(
    'gives %s their own account, without password or secret',
    async (login, kind, role, typeuser) => {
      const signed = await signIn(ctx, login, kind);
      const reply = await call(signed, 'GET', '/api/user');
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toMatch(/password|secret|argon2/i);
      const account = userAccount.parse(reply.json());
      const row = await userRow(login);
      expect(account).toMatchObject({
        id: row.id,
        username: login,
        nom: row.lastName,
        prenom: row.firstName,
        email: row.email,
        portable: row.mobile,
        role,
        typeuser,
        actif: true,
      });
      // The sign-in just made is the one shown, at the centre's time.
      expect(account.dateConnexion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(account.heureConnexion).toMatch(/^\d{2}:\d{2}$/);
      expect(account.participant).toEqual(kind === 'participant' ? { id: row.participantId } : null);
      if (kind === 'correspondant') {
        const [c] = await ctx.database.db
          .select({ establishmentId: correspondants.establishmentId, insee: companies.insee })
          .from(correspondants)
          .innerJoin(companies, eq(companies.id, correspondants.companyId))
          .where(eq(correspondants.id, row.correspondantId ?? -1));
        expect(account.etablissement?.id).toBe(c?.establishmentId);
        expect(account.entrepriseInsee).toBe(c?.insee);
      } else {
        expect(account.etablissement).toBeNull();
      }
    },
  );
});

describe('POST /api/user', () => {
  it('refuses missing or invalid contact data with field errors and changes nothing', async () => {
    const other = await signIn(ctx, 'participant.test1', 'participant');
    const signed = await signIn(ctx, 'participant.test1', 'participant');
    const before = await userRow('participant.test1');
    const mails = ctx.notifier.mails.length;
    const audits = await auditCount('USER_CONTACT_CHANGED');
    const cases: [Record<string, unknown>, { field: string; defaultMessage: string; args?: string[] }[]][] = [
      [
        { motDePasse: undefined },
        [
          { field: 'email', defaultMessage: 'errors.required' },
          { field: 'portable', defaultMessage: 'errors.required' },
          { field: 'motDePasse', defaultMessage: 'errors.required' },
        ],
      ],
      [
        { email: 'a@example.org', portable: '06 12 34 56 78', motDePasse: '' },
        [{ field: 'motDePasse', defaultMessage: 'errors.required' }],
      ],
      [
        { email: 'not-a-mail', portable: '06 12 34 56 78' },
        [{ field: 'email', defaultMessage: 'errors.email' }],
      ],
      [{ email: '', portable: '06 12 34 56 78' }, [{ field: 'email', defaultMessage: 'errors.required' }]],
      [
        { email: `${'a'.repeat(250)}@example.org`, portable: '06 12 34 56 78' },
        [{ field: 'email', defaultMessage: 'errors.maxlength', args: ['254'] }],
      ],
      [
        { email: 'a@example.org', portable: '   ' },
        [{ field: 'portable', defaultMessage: 'errors.required' }],
      ],
      // A landline cannot receive the sign-in codes.
      [
        { email: 'a@example.org', portable: '01 44 55 66 77' },
        [{ field: 'portable', defaultMessage: 'errors.portable' }],
      ],
      [
        { email: 'a@example.org', portable: 'abc' },
        [{ field: 'portable', defaultMessage: 'errors.portable' }],
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const reply = await call(signed, 'POST', '/api/user', { motDePasse: DEMO_PASSWORD, ...payload });
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual(fieldErrors);
    }
    const after = await userRow('participant.test1');
    expect({ email: after.email, mobile: after.mobile }).toEqual({
      email: before.email,
      mobile: before.mobile,
    });
    expect(ctx.notifier.mails).toHaveLength(mails);
    expect(await auditCount('USER_CONTACT_CHANGED')).toBe(audits);
    expect((await principal(other)).statusCode).toBe(200);
  });

  it('saving the contact already stored writes, ends and mails nothing', async () => {
    const other = await signIn(ctx, 'corr.autre', 'correspondant');
    const signed = await signIn(ctx, 'corr.autre', 'correspondant');
    const before = await userRow('corr.autre');
    const mails = ctx.notifier.mails.length;
    const audits = await auditCount('USER_CONTACT_CHANGED');
    const reply = await call(signed, 'POST', '/api/user', {
      email: before.email,
      portable: before.mobile,
      motDePasse: DEMO_PASSWORD,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      ciemException: { messages: [{ level: 'INFO', errorCode: ACCOUNT_MESSAGES.contactSaved }] },
      enAttente: { email: null, portable: null },
    });
    expect((await principal(other)).statusCode).toBe(200);
    expect(ctx.notifier.mails).toHaveLength(mails);
    expect(await auditCount('USER_CONTACT_CHANGED')).toBe(audits);
  });
});

describe('secret question', () => {
  it('GET listeQuestion lists the active questions only', async () => {
    const signed = await signIn(ctx, 'admin', 'staff');
    const all = await ctx.database.db.select().from(secretQuestions).orderBy(secretQuestions.id);
    const retired = all.at(-1);
    if (!retired) throw new Error('the demo has no secret question');
    await ctx.database.db
      .update(secretQuestions)
      .set({ active: false })
      .where(eq(secretQuestions.id, retired.id));
    try {
      const reply = await call(signed, 'GET', '/api/listeQuestion');
      expect(reply.statusCode).toBe(200);
      const questions = secretQuestionsReply.parse(reply.json());
      expect(questions.map((q) => q.id)).toEqual(all.slice(0, -1).map((q) => q.id));
      expect(questions[0]).toEqual({
        id: all[0]?.id,
        questionfr: all[0]?.questionFr,
        questionen: all[0]?.questionEn,
      });

      const refused = await call(signed, 'POST', '/api/user/question', {
        id: retired.id,
        response: 'Lyon',
        motDePasse: DEMO_PASSWORD,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorReply.parse(refused.json()).fieldErrors).toEqual([
        { field: 'id', defaultMessage: 'errors.invalid' },
      ]);
    } finally {
      await ctx.database.db
        .update(secretQuestions)
        .set({ active: true })
        .where(eq(secretQuestions.id, retired.id));
    }
  });

  it('refuses an unknown question or an answer that is empty, too short or too long, changing nothing', async () => {
    const signed = await signIn(ctx, 'participant.test3', 'participant');
    const before = await userRow('participant.test3');
    const mails = ctx.notifier.mails.length;
    const cases: [Record<string, unknown>, { field: string; defaultMessage: string; args?: string[] }[]][] = [
      [{ id: 999, response: 'Lyon' }, [{ field: 'id', defaultMessage: 'errors.invalid' }]],
      [{ id: 1, response: '   ' }, [{ field: 'response', defaultMessage: 'errors.required' }]],
      [{ id: 1, response: ' a ' }, [{ field: 'response', defaultMessage: 'errors.minlength', args: ['2'] }]],
      [
        { id: 1, response: 'x'.repeat(101) },
        [{ field: 'response', defaultMessage: 'errors.maxlength', args: ['100'] }],
      ],
      [{ response: 'Lyon' }, [{ field: 'id', defaultMessage: 'errors.required' }]],
    ];
    for (const [payload, fieldErrors] of cases) {
      const reply = await call(signed, 'POST', '/api/user/question', {
        motDePasse: DEMO_PASSWORD,
        ...payload,
      });
      expect(reply.statusCode).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors).toEqual(fieldErrors);
    }
    const after = await userRow('participant.test3');
    expect(after.secretQuestionId).toBe(before.secretQuestionId);
    expect(after.secretAnswerHash).toBe(before.secretAnswerHash);
    expect(ctx.notifier.mails).toHaveLength(mails);
  });

  it.each([
    ['participant.test4', 'participant'],
    ['corr.etablissement', 'correspondant'],
    ['admin', 'staff'],
  ] as const)(
    'stores the normalised answer of %s hashed, audits it and tells the holder',
    async (login, kind) => {
      const signed = await signIn(ctx, login, kind);
      const before = await userRow(login);
      expect(await verifyPassword(before.secretAnswerHash, normaliseAnswer(DEMO_SECRET_ANSWER))).toBe(true);
      const mails = ctx.notifier.mails.length;
      const other = await signIn(ctx, login, kind);
      const reply = await call(signed, 'POST', '/api/user/question', {
        id: 4,
        response: '  École   Jules-Ferry ',
        motDePasse: DEMO_PASSWORD,
      });
      expect(reply.statusCode).toBe(200);
      expect(messagesReply.parse(reply.json()).ciemException.messages).toEqual([
        { level: 'INFO', errorCode: ACCOUNT_MESSAGES.questionSaved },
      ]);
      const after = await userRow(login);
      expect(after.secretQuestionId).toBe(4);
      expect(after.secretAnswerHash).not.toContain('Jules');
      expect(await verifyPassword(after.secretAnswerHash, normaliseAnswer('ecole jules-ferry'))).toBe(true);
      expect(await verifyPassword(after.secretAnswerHash, normaliseAnswer(DEMO_SECRET_ANSWER))).toBe(false);
      const [entry] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'SECRET_QUESTION_CHANGED'), eq(auditLog.targetId, String(before.id))));
      expect(entry?.details).toEqual({
        before: { questionId: DEMO_SECRET_QUESTION_ID },
        after: { questionId: 4 },
      });
      expect(JSON.stringify(entry?.details)).not.toMatch(/jules/i);
      expect(ctx.notifier.mails).toHaveLength(mails + 1);
      expect(ctx.notifier.mails.at(-1)?.to).toBe(before.email);
      // The question opens recovery: the account's other sessions end, this one stays.
      expect((await principal(other)).statusCode).toBe(401);
      expect((await principal(signed)).statusCode).toBe(200);
    },
  );
});

describe('access', () => {
  it.each([
    ['GET', '/api/user'],
    ['POST', '/api/user'],
    ['GET', '/api/listeQuestion'],
    ['POST', '/api/user/question'],
    ['POST', '/api/user/contact/confirmation'],
    ['POST', '/api/user/contact/resend'],
    ['POST', '/api/user/contact/cancel'],
  ] as const)('%s %s needs a signed-in account', async (method, url) => {
    const reply = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(reply.statusCode).toBe(401);
  });

  it('a participant who has not confirmed the text-message code is refused', async () => {
    const pending = await signIn(ctx, 'participant.en', 'participant', { confirm: false });
    expect((await call(pending, 'GET', '/api/user')).statusCode).toBe(403);
    expect(
      (
        await call(pending, 'POST', '/api/user', {
          email: 'x@example.org',
          portable: '0612345678',
          motDePasse: DEMO_PASSWORD,
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each(['participant', 'staff'] as Kind[])(
    'the establishment address is for correspondants only (%s: 403)',
    async (kind) => {
      const signed = await signIn(ctx, kind === 'participant' ? 'participant.dmc' : 'admin', kind);
      expect((await call(signed, 'GET', '/api/adresse')).statusCode).toBe(403);
      expect((await call(signed, 'POST', '/api/adresse', {})).statusCode).toBe(403);
    },
  );
});
