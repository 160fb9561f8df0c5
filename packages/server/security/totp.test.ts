import { tokenReply } from '@portail/contract/schemas/auth';
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authenticatorApps, recoveryCodes, sessions, users } from '../src/db/schema';
import { clientAuth } from '../test/helper';
import { figure, type HttpReply, type Portal, startPortal } from './portal';

/**
 * Guessing app codes and recovery codes over HTTP (docs/second-factors.md#second-step): three wrong codes
 * end a session; the account's bound of codes tried across its sessions (CODE_ACCOUNT_LIMIT in 15
 * minutes) stops a guesser who opens session after session, even for the right code (429 with
 * Retry-After, nothing evaluated); a code is accepted once, however many sessions send it together;
 * the enrolment's pending secret is dropped after three wrong codes.
 */
let portal: Portal;
const CODE_ACCOUNT_LIMIT = 5;
const PASSWORD = 'Portail#2026';
beforeAll(async () => {
  portal = await startPortal({ env: { CODE_ACCOUNT_LIMIT: String(CODE_ACCOUNT_LIMIT) } });
});
afterAll(async () => portal.close());

const APP_STEP = '/api/oauth/doubleAuthentification/application';
const RECOVERY_STEP = '/api/oauth/doubleAuthentification/secours';

type Headers = { authorization: string };

const post = (url: string, headers: Headers, payload: unknown) =>
  portal.http({ method: 'POST', url, headers, payload });

/** The password step of a new session (no text goes out to an account with an app). */
async function newSession(login: string): Promise<Headers> {
  const reply = await portal.http({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: `${login}|P`,
      password: PASSWORD,
    }).toString(),
  });
  if (reply.statusCode !== 200) throw new Error(`sign-in of ${login}: ${reply.statusCode} ${reply.body}`);
  const token = tokenReply.parse(reply.json());
  return { authorization: `Bearer ${token.access_token}` };
}

const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });
/** A six-digit code that is none of the app's codes one step either side of now. */
async function wrongCode(secret: string): Promise<string> {
  const now = stepNow();
  const valid = new Set(
    await Promise.all([now - 1, now, now + 1, now + 2].map((step) => codeAt(secret, step))),
  );
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * Signs in with the text-message code and adds an app, confirmed with the previous step's code (the
 * current one stays free for the tests); answers its key and its ten recovery codes.
 */
async function enrolled(login: string) {
  const headers = await newSession(login);
  const confirmed = await post('/api/oauth/doubleAuthentification/confirmer-code', headers, {
    code: portal.notifier.lastCode(),
  });
  expect(confirmed.json()).toMatchObject({ ok: true });
  const options = await post('/api/user/facteurs/application/options', headers, { motDePasse: PASSWORD });
  const { secret } = options.json<{ secret: string }>();
  const reply = await post('/api/user/facteurs/application', headers, {
    code: await codeAt(secret, stepNow() - 1),
  });
  expect(reply.statusCode).toBe(200);
  return { secret, codes: reply.json<{ codesSecours: string[] }>().codesSecours };
}

async function userId(login: string): Promise<number> {
  const [row] = await portal.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

/** Codes evaluated and found wrong for the account: one audit row each (failSecondStep). */
async function failuresOf(login: string): Promise<number> {
  const rows = await portal.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, await userId(login)), eq(auditLog.action, 'SECOND_STEP_FAILED')));
  return rows.length;
}

function expectRetryAfter(reply: HttpReply) {
  expect(reply.statusCode).toBe(429);
  const retry = Number(reply.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(15 * 60);
}

const sessionOf = async (headers: Headers) => {
  const sid = JSON.parse(Buffer.from(headers.authorization.split('.')[1] ?? '', 'base64url').toString()).sid;
  const [row] = await portal.database.db.select().from(sessions).where(eq(sessions.id, sid));
  return row;
};

describe('guessing app codes', () => {
  it('50 concurrent wrong codes: the session ends, at most the account’s bound are evaluated, the right code then gets nothing', async () => {
    const { secret } = await enrolled('participant.test1');
    const headers = await newSession('participant.test1');
    const wrong = await wrongCode(secret);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => post(APP_STEP, headers, { code: wrong })),
    );
    expect(replies.every((reply) => [200, 401, 429].includes(reply.statusCode))).toBe(true);
    expect(replies.some((reply) => reply.json<{ ok?: boolean }>().ok === true)).toBe(false);
    const evaluated = await failuresOf('participant.test1');
    expect(evaluated).toBeGreaterThanOrEqual(3);
    expect(evaluated).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT);
    expect((await sessionOf(headers))?.revokedAt).not.toBeNull();
    const late = await post(APP_STEP, headers, { code: await codeAt(secret, stepNow()) });
    expect(late.statusCode).toBe(401);
    figure('totp.concurrentAppCodesEvaluated', evaluated);
  });

  it('one session after another: the third wrong code ends each; past the account’s bound even the right code waits (429, Retry-After)', async () => {
    const { secret } = await enrolled('participant.test2');
    const wrong = await wrongCode(secret);
    const first = await newSession('participant.test2');
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await post(APP_STEP, first, { code: wrong });
      answers.push(
        reply.json<{ ciemException: { messages: { errorCode: string }[] } }>().ciemException.messages[0]
          ?.errorCode ?? '',
      );
    }
    expect(answers).toEqual(['tentative.1', 'tentative.2', 'tentative.3']);
    expect((await post(APP_STEP, first, { code: wrong })).statusCode).toBe(401);
    const second = await newSession('participant.test2');
    expect((await post(APP_STEP, second, { code: wrong })).json()).toMatchObject({ ok: false });
    expect((await post(APP_STEP, second, { code: wrong })).json()).toMatchObject({ ok: false });
    // Five tries spent for the account in this window: the sixth is not evaluated, right or wrong.
    const third = await newSession('participant.test2');
    expectRetryAfter(await post(APP_STEP, third, { code: wrong }));
    expectRetryAfter(await post(APP_STEP, third, { code: await codeAt(secret, stepNow()) }));
    expectRetryAfter(await post(RECOVERY_STEP, third, { code: 'ABCDE-FGHJK' }));
    expect(await failuresOf('participant.test2')).toBe(CODE_ACCOUNT_LIMIT);
    expect((await sessionOf(third))?.secondFactorConfirmedAt).toBeNull();
  });
});

describe('guessing recovery codes', () => {
  it('50 concurrent wrong codes: the session ends, at most the account’s bound are evaluated, no code is spent', async () => {
    const { codes } = await enrolled('participant.test3');
    const headers = await newSession('participant.test3');
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(RECOVERY_STEP, headers, {
          code: `ZZZZZ-ZZZ${'23456789'[i % 8]}${'ABCDEFGH'[Math.floor(i / 8) % 8]}`,
        }),
      ),
    );
    expect(replies.every((reply) => [200, 401, 429].includes(reply.statusCode))).toBe(true);
    const evaluated = await failuresOf('participant.test3');
    expect(evaluated).toBeGreaterThanOrEqual(3);
    expect(evaluated).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT);
    expect((await sessionOf(headers))?.revokedAt).not.toBeNull();
    const unused = await portal.database.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, await userId('participant.test3')), isNull(recoveryCodes.usedAt)));
    expect(unused).toHaveLength(10);
    expect((await post(RECOVERY_STEP, headers, { code: codes[0] })).statusCode).toBe(401);
    figure('totp.concurrentRecoveryCodesEvaluated', evaluated);
  });

  it('a guesser opening session after session is stopped at the account’s bound (429, Retry-After), the right code included', async () => {
    const { codes } = await enrolled('participant.test4');
    for (let i = 0; i < 2; i++) {
      const session = await newSession('participant.test4');
      for (let j = 0; j < (i === 0 ? 3 : 2); j++) {
        expect((await post(RECOVERY_STEP, session, { code: 'ZZZZZ-ZZZZZ' })).statusCode).toBe(200);
      }
    }
    const next = await newSession('participant.test4');
    expectRetryAfter(await post(RECOVERY_STEP, next, { code: 'ZZZZZ-ZZZZZ' }));
    expectRetryAfter(await post(RECOVERY_STEP, next, { code: codes[0] }));
    expect(await failuresOf('participant.test4')).toBe(CODE_ACCOUNT_LIMIT);
  });
});

describe('a code works once', () => {
  it('an app code sent by four sessions together passes exactly one, and is refused later in its window', async () => {
    const { secret } = await enrolled('participant.test5');
    // Opened one after the other: concurrent password checks count toward the lock.
    const sessionsOpen: Headers[] = [];
    for (let i = 0; i < 4; i++) sessionsOpen.push(await newSession('participant.test5'));
    const step = stepNow();
    const code = await codeAt(secret, step);
    const replies = await Promise.all(sessionsOpen.map((headers) => post(APP_STEP, headers, { code })));
    expect(replies.filter((reply) => reply.json<{ ok?: boolean }>().ok === true)).toHaveLength(1);
    // The others spent a try each on a code already used.
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const [app] = await portal.database.db
      .select({ lastTimeStep: authenticatorApps.lastTimeStep })
      .from(authenticatorApps)
      .where(eq(authenticatorApps.userId, await userId('participant.test5')));
    expect(app?.lastTimeStep).toBe(step);
    // Later, in the same window, by a new session: refused.
    const later = await newSession('participant.test5');
    expect((await post(APP_STEP, later, { code })).json()).toMatchObject({ ok: false });
  });

  it('a recovery code sent by four sessions together passes exactly one', async () => {
    const { codes } = await enrolled('participant.dmc');
    // Opened one after the other: concurrent password checks count toward the lock.
    const sessionsOpen: Headers[] = [];
    for (let i = 0; i < 4; i++) sessionsOpen.push(await newSession('participant.dmc'));
    const replies = await Promise.all(
      sessionsOpen.map((headers) => post(RECOVERY_STEP, headers, { code: codes[0] })),
    );
    expect(replies.filter((reply) => reply.json<{ ok?: boolean }>().ok === true)).toHaveLength(1);
    const used = await portal.database.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, await userId('participant.dmc')), isNull(recoveryCodes.usedAt)));
    expect(used).toHaveLength(9);
  });
});

describe('guessing the code that confirms a new app', () => {
  it('evaluates at most three of 20 concurrent wrong codes, then the pending key is gone', async () => {
    const headers = await newSession('participant.sansdmc');
    await post('/api/oauth/doubleAuthentification/confirmer-code', headers, {
      code: portal.notifier.lastCode(),
    });
    const options = await post('/api/user/facteurs/application/options', headers, { motDePasse: PASSWORD });
    const { secret } = options.json<{ secret: string }>();
    const wrong = await wrongCode(secret);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/user/facteurs/application', headers, { code: wrong })),
    );
    expect(replies.every((reply) => [400, 409].includes(reply.statusCode))).toBe(true);
    // A wrong code is a field error; once three are spent, the key is dropped and every try says to start again.
    expect(replies.filter((reply) => reply.statusCode === 400).length).toBeLessThanOrEqual(2);
    const late = await post('/api/user/facteurs/application', headers, {
      code: await codeAt(secret, stepNow()),
    });
    expect(late.statusCode).toBe(409);
    const pending = await portal.database.db
      .select()
      .from(authenticatorApps)
      .where(eq(authenticatorApps.userId, await userId('participant.sansdmc')));
    expect(pending).toEqual([]);
  });
});
