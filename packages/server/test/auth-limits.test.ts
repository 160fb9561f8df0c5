import { composeUsername } from '@portail/contract/rules/username';
import { tokenReply } from '@portail/contract/schemas/auth';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_HASH_CONCURRENCY } from '../src/auth/passwords';
import { hashCode } from '../src/auth/secrets';
import { loginAttempts, oneTimeCodes, sessions, throttles, users } from '../src/db/schema';
import { clientAuth, createTestContext, passwordRequest, TEST_CODE_SECRET, type TestContext } from './helper';

/**
 * The limits of sign-in under attack, with small bounds: three texts per account, ten password grants
 * per address, no room in the hashing queue beyond the hashes running.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { SIGN_IN_TEXT_LIMIT: '3', SIGN_IN_IP_LIMIT: '10', PASSWORD_HASH_QUEUE: '0' },
  });
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  await ctx.database.db.delete(throttles);
  await ctx.database.db.delete(loginAttempts);
});

const confirm = (headers: Record<string, string>, code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/doubleAuthentification/confirmer-code',
    headers,
    payload: { code },
  });

async function pendingSession(login: string) {
  const reply = await passwordRequest(ctx.app, login, false);
  const token = tokenReply.parse(reply.json());
  return { headers: { authorization: `Bearer ${token.access_token}` }, code: ctx.notifier.lastCode() };
}

async function userOf(login: string) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user) throw new Error(`no user ${login}`);
  return user;
}

const spentTries = async (userId: number) => {
  const rows = await ctx.database.db
    .select({ attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId));
  return rows.reduce((sum, row) => sum + row.attempts, 0);
};

describe('the format of the code', () => {
  it.each(['12345', '1234567', 'abcdef', '12 345'])(
    'answers %j with a field error and spends no try',
    async (typed) => {
      const user = await userOf('participant.sansdmc');
      const before = await spentTries(user.id);
      const { headers, code } = await pendingSession('participant.sansdmc');
      const reply = await confirm(headers, typed);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().fieldErrors).toEqual([
        { field: 'code', defaultMessage: 'authConfirm.error.format' },
      ]);
      expect(await spentTries(user.id)).toBe(before);
      expect((await confirm(headers, code)).json().ok).toBe(true);
    },
  );
});

describe('codes per account, across sessions', () => {
  it('evaluates five wrong codes over three sessions, then makes the account wait', async () => {
    const user = await userOf('participant.en');
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const answers: unknown[] = [];
    let last: { headers: Record<string, string>; code: string } | null = null;
    for (let session = 0; session < 3; session++) {
      last = await pendingSession('participant.en');
      for (let i = 0; i < 3; i++) {
        const reply = await confirm(last.headers, wrongFor(last.code));
        answers.push(
          reply.statusCode === 429
            ? [429, reply.json().message, Number(reply.headers['retry-after']) > 0]
            : reply.json().ciemException.messages[0].errorCode,
        );
      }
    }
    const waiting = [429, 'authConfirm.error.tooManyCodes', true];
    expect(answers).toEqual([
      'tentative.1',
      'tentative.2',
      'tentative.3',
      'tentative.1',
      'tentative.2',
      waiting,
      waiting,
      waiting,
      waiting,
    ]);
    expect(await spentTries(user.id)).toBe(5);
    if (!last) throw new Error('no session');
    // Even the right code waits, and the session it belongs to is still open.
    expect((await confirm(last.headers, last.code)).statusCode).toBe(429);
    await ctx.database.db
      .update(throttles)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(throttles.key, `code:user:${user.id}`));
    expect((await confirm(last.headers, last.code)).json().ok).toBe(true);
  });

  it('stores codes keyed with CODE_SECRET, not with the token key', async () => {
    const { code } = await pendingSession('participant.visites');
    const user = await userOf('participant.visites');
    const [row] = await ctx.database.db
      .select({ codeHash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user.id))
      .orderBy(sql`${oneTimeCodes.id} desc`)
      .limit(1);
    expect(row?.codeHash).toBe(hashCode(code, new TextEncoder().encode(TEST_CODE_SECRET)));
    expect(row?.codeHash).not.toBe(hashCode(code, ctx.config.jwtSecret));
  });
});

describe('text messages per account', () => {
  it('refuses a sign-in past three texts in the hour, and sends nothing', async () => {
    const user = await userOf('participant.refus');
    for (let i = 0; i < 3; i++)
      expect((await passwordRequest(ctx.app, 'participant.refus', false)).statusCode).toBe(200);
    const texts = ctx.notifier.texts.length;
    const sessionsBefore = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const refused = await passwordRequest(ctx.app, 'participant.refus', false);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'login.tooManyTexts',
    });
    expect(ctx.notifier.texts.length).toBe(texts);
    const sessionsAfter = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
  });
});

describe('password grants per client address', () => {
  const grant = (login: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      remoteAddress,
      headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: composeUsername(login, false),
        password: 'Wrong#2026',
      }).toString(),
    });

  it('answers 429 with Retry-After past ten grants from one address, without counting an attempt', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await grant(`nobody.${i}`, '203.0.113.7')).json().error_description).toBe('tentative.1');
    }
    const refused = await grant('nobody.extra', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'login.throttled',
    });
    const counted = await ctx.database.db
      .select()
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, ['?:nobody.extra|p', 'P:nobody.extra']));
    expect(counted).toEqual([]);
    // Another address is not concerned.
    expect((await grant('nobody.extra', '203.0.113.8')).json().error_description).toBe('tentative.1');
  });
});

describe('the hashing queue', () => {
  it('answers 503 with Retry-After when it is full, without spending the attempt', async () => {
    const count = PASSWORD_HASH_CONCURRENCY + 8;
    const replies = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/oauth/token',
          remoteAddress: `198.51.100.${i + 1}`,
          headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            username: composeUsername('participant.test2', false),
            password: 'Wrong#2026',
          }).toString(),
        }),
      ),
    );
    const busy = replies.filter((reply) => reply.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const reply of busy) {
      expect(reply.json()).toEqual({ error: 'temporarily_unavailable', error_description: 'login.busy' });
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [row] = await ctx.database.db
      .select({ attempts: loginAttempts.attempts })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, 'P:participant.test2'));
    // Every request but the refused ones counted its attempt.
    expect(row?.attempts ?? 0).toBe(count - busy.length);
  });
});
