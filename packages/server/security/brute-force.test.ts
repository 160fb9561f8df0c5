import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { tokenReply } from '@portail/contract/schemas/auth';
import { REGISTRATION_PROOF_HEADER } from '@portail/contract/schemas/registration';
import { and, eq, inArray, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, sessions, throttles, users } from '../src/db/schema';
import { clientAuth } from '../test/helper';
import {
  centreCode,
  freshPendingLink,
  linkOwner,
  proofFor,
  proveIdentity,
} from '../test/registration-fixtures';
import { figure, type HttpReply, type Portal, startPortal } from './portal';

/**
 * Guessing over HTTP, all at once: the counters are reserved atomically before anything is evaluated
 * (the way Ory Kratos counts code attempts), so concurrency buys an attacker no extra try.
 */
let portal: Portal;
// The production defaults of the limits per address and texts per account (the tests' own helper lifts
// them), and a small hashing queue so that a flood fills it.
const IP_LIMIT = 100;
const TEXT_LIMIT = 10;
const CODE_ACCOUNT_LIMIT = 5;
const HASH_QUEUE = 10;
beforeAll(async () => {
  portal = await startPortal({
    env: {
      SIGN_IN_IP_LIMIT: String(IP_LIMIT),
      SIGN_IN_TEXT_LIMIT: String(TEXT_LIMIT),
      CODE_ACCOUNT_LIMIT: String(CODE_ACCOUNT_LIMIT),
      PASSWORD_HASH_QUEUE: String(HASH_QUEUE),
    },
  });
});
afterAll(async () => portal.close());

const passwordGrant = (login: string, password: string, kind: 'P' | 'C' = 'P') =>
  portal.http({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: `${login}|${kind}`,
      password,
    }).toString(),
  });

async function userId(login: string): Promise<number> {
  const [row] = await portal.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

function expectRetryAfter(reply: HttpReply, maxS: number) {
  expect(reply.statusCode).toBe(429);
  const retry = Number(reply.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxS);
}

describe('passwords', () => {
  it('evaluates exactly three of 20 concurrent wrong passwords, then the account is locked', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => passwordGrant('participant.test3', 'Wrong#2026')),
    );
    const descriptions = replies.map(
      (reply) => reply.json<{ error_description: string }>().error_description,
    );
    expect(descriptions.filter((d) => d.startsWith('tentative.')).sort()).toEqual([
      'tentative.1',
      'tentative.2',
      'tentative.3',
    ]);
    expect(descriptions.filter((d) => d === 'user.locked')).toHaveLength(17);
    const evaluated = await portal.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, await userId('participant.test3')),
          inArray(auditLog.action, ['SIGN_IN_FAILED', 'ACCOUNT_LOCKED']),
        ),
      );
    expect(evaluated).toHaveLength(MAX_PASSWORD_ATTEMPTS);
    // Locked: even the right password is refused now.
    expect((await passwordGrant('participant.test3', 'Portail#2026')).json()).toMatchObject({
      error_description: 'user.locked',
    });
    figure('bruteForce.passwordsEvaluated', evaluated.length);
  });
});

describe('text-message codes', () => {
  it('evaluates at most three of 50 concurrent wrong codes and ends the session', async () => {
    const token = tokenReply.parse((await passwordGrant('participant.test4', 'Portail#2026')).json());
    const headers = { authorization: `Bearer ${token.access_token}` };
    const right = portal.notifier.lastCode();
    const wrong = right === '999999' ? '888888' : '999999';
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        portal.http({
          method: 'POST',
          url: '/api/oauth/doubleAuthentification/confirmer-code',
          headers,
          payload: { code: wrong },
        }),
      ),
    );
    expect(replies.every((reply) => reply.statusCode < 500)).toBe(true);
    const [code] = await portal.database.db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .innerJoin(sessions, eq(sessions.id, oneTimeCodes.sessionId))
      .where(eq(sessions.userId, await userId('participant.test4')));
    expect(code?.attempts).toBeLessThanOrEqual(3);
    // The session is over: the right code no longer helps, nor does the token.
    const late = await portal.http({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers,
      payload: { code: right },
    });
    expect(late.statusCode).toBe(401);
    expect(
      (await portal.http({ method: 'POST', url: '/api/oauth/principal', headers, payload: {} })).statusCode,
    ).toBe(401);
    figure('bruteForce.codesEvaluated', code?.attempts ?? -1);
  });
});

describe('text-message codes across sessions', () => {
  it('evaluates at most the account’s bound of 30 wrong codes spread over three sessions at once', async () => {
    const opened = [];
    for (let i = 0; i < 3; i++) {
      const token = tokenReply.parse((await passwordGrant('participant.sansdmc', 'Portail#2026')).json());
      opened.push({ authorization: `Bearer ${token.access_token}` });
    }
    const right = portal.notifier.lastCode();
    const wrong = right === '999999' ? '888888' : '999999';
    const replies = await Promise.all(
      opened.flatMap((headers) =>
        Array.from({ length: 10 }, () =>
          portal.http({
            method: 'POST',
            url: '/api/oauth/doubleAuthentification/confirmer-code',
            headers,
            payload: { code: wrong },
          }),
        ),
      ),
    );
    // Answered, refused for the account (429), or refused because a session ended at its third try (401).
    expect(replies.every((reply) => [200, 401, 429].includes(reply.statusCode))).toBe(true);
    const waited = replies.filter((reply) => reply.statusCode === 429);
    for (const reply of waited) expectRetryAfter(reply, 15 * 60);
    const [row] = await portal.database.db
      .select({ evaluated: sum(oneTimeCodes.attempts).mapWith(Number) })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, await userId('participant.sansdmc')));
    const evaluated = row?.evaluated ?? -1;
    expect(evaluated).toBeLessThanOrEqual(CODE_ACCOUNT_LIMIT);
    expect(waited.length).toBeGreaterThan(0);
    figure('bruteForce.crossSessionCodesEvaluated', evaluated);
  });
});

describe('floods', () => {
  it('texts an account at most its hourly bound, however many right passwords arrive', async () => {
    const mobileTexts = () => portal.notifier.texts.filter((text) => text.to === mobile).length;
    const before = portal.notifier.texts.length;
    expect((await passwordGrant('participant.en', 'Portail#2026')).statusCode).toBe(200);
    const mobile = portal.notifier.texts[before]?.to;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * TEXT_LIMIT; i++) {
      const reply = await passwordGrant('participant.en', 'Portail#2026');
      statuses.push(reply.statusCode);
      if (reply.statusCode === 429) {
        expectRetryAfter(reply, 3600);
        expect(reply.json()).toEqual({
          error: 'temporarily_unavailable',
          error_description: 'login.tooManyTexts',
        });
      }
    }
    expect(mobileTexts()).toBe(TEXT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(TEXT_LIMIT + 1);
    figure('bruteForce.textsOf21SignIns', mobileTexts());
  });

  it('answers one address past its bound 429, and a full hashing queue 503, never anything worse', async () => {
    // This address's earlier sign-ins in the file do not count: the flood starts a window of its own.
    await portal.database.db.delete(throttles).where(like(throttles.key, 'signin:ip:%'));
    const flood = 150;
    const replies = await Promise.all(
      Array.from({ length: flood }, (_, i) => passwordGrant(`flood.${i}`, 'Wrong#2026')),
    );
    const count = (status: number) => replies.filter((reply) => reply.statusCode === status).length;
    expect(count(400) + count(429) + count(503)).toBe(flood);
    expect(count(429)).toBe(flood - IP_LIMIT);
    expect(count(503)).toBeGreaterThan(0);
    for (const reply of replies.filter((r) => r.statusCode === 429 || r.statusCode === 503)) {
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      expect(reply.json<{ error: string }>().error).toBe('temporarily_unavailable');
    }
    // The address waits; another client's sign-in is another matter (over TCP all come from 127.0.0.1,
    // so the window is cleared to stand for it).
    await portal.database.db.delete(throttles).where(like(throttles.key, 'signin:ip:%'));
    expect((await passwordGrant('corr.autre', 'Portail#2026', 'C')).statusCode).toBe(200);
    figure('bruteForce.floodGrantsAdmitted', flood - count(429));
    figure('bruteForce.floodHashed', count(400));
    figure('bruteForce.flood503', count(503));
  });
});

describe('limits of the resend and recovery routes', () => {
  it('answers 429 with Retry-After to a new code asked within the minute', async () => {
    const token = tokenReply.parse((await passwordGrant('participant.refus', 'Portail#2026')).json());
    const reply = await portal.http({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/renvoyer-code',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expectRetryAfter(reply, 60);
  });

  it('answers 429 with Retry-After to a second registration code within the minute', async () => {
    const { token } = await freshPendingLink(portal, 'PARTICIPANT', 3);
    await proveIdentity(portal, token);
    // As the browser that proved the identity: with its proof (registration-proof.ts).
    const send = () =>
      portal.http({
        method: 'POST',
        url: `/api/registration/otp?${new URLSearchParams({ token })}`,
        headers: { [REGISTRATION_PROOF_HEADER]: proofFor(token) ?? '' },
      });
    expect((await send()).statusCode).toBe(200);
    expectRetryAfter(await send(), 60);
  });

  it('evaluates at most five of 30 birth-date and activation-code guesses at once, then 429 even when right', async () => {
    const { token } = await freshPendingLink(portal, 'PARTICIPANT', 4);
    const { birthDate } = await linkOwner(portal, token);
    const code = await centreCode(portal, token);
    const prove = (codeActivation: string) =>
      portal.http({
        method: 'POST',
        url: `/api/registration/identite?${new URLSearchParams({ token })}`,
        payload: { dateNaissance: birthDate, codeActivation },
      });
    const replies = await Promise.all(Array.from({ length: 30 }, () => prove('ZZZZ-ZZZZ')));
    const statuses = replies.map((reply) => reply.statusCode);
    // Two counters (the account's five, the address's twenty) each number the 30 requests in their own
    // order, so a request fifth for the account may come past twentieth for the address: at most five.
    const evaluated = statuses.filter((status) => status === 200).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expectRetryAfter(await prove(code), 3600);
    figure('bruteForce.activationCodesEvaluated', evaluated);
  });

  it('answers 429 with Retry-After past five answers for an account, even to the right answer', async () => {
    const mail = 'participant.test5@example.com';
    const answer = (response: string) =>
      portal.http({
        method: 'POST',
        url: '/api/resetPassword',
        payload: { idQuestion: 2, response, mail, roleCorrespondant: false },
      });
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => answer(`Faux${i}`)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expectRetryAfter(await answer('paris'), 15 * 60);
    figure('bruteForce.answersEvaluated', statuses.filter((status) => status === 409).length);
  });

  it('answers 429 with Retry-After past thirty recovery calls from one address', async () => {
    // The previous test spent 21 of this address's calls.
    let last: HttpReply | undefined;
    let calls = 0;
    for (; calls < 40; calls++) {
      last = await portal.http({
        method: 'POST',
        url: `/api/resetPassword/token?${new URLSearchParams({ token: `nothing${calls}` })}`,
      });
      if (last.statusCode === 429) break;
    }
    expect(last && calls).toBeLessThan(40);
    if (last) expectRetryAfter(last, 15 * 60);
    // Every recovery route shares the count.
    expectRetryAfter(
      await portal.http({
        method: 'POST',
        url: `/api/resetPassword/user/mail?${new URLSearchParams({ email: 'x@example.com', roleCorrespondant: 'false' })}`,
      }),
      15 * 60,
    );
    expectRetryAfter(
      await portal.http({
        method: 'POST',
        url: '/api/resetPassword/user/phone',
        payload: { portable: '0612345678', dateDeNaissance: '1980-01-01' },
      }),
      15 * 60,
    );
    figure('bruteForce.recoveryCallsBefore429', 21 + calls);
  });
});
