import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { tokenReply } from '@portail/contract/schemas/auth';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, sessions, users } from '../src/db/schema';
import { clientAuth } from '../test/helper';
import { freshPendingLink } from '../test/registration-fixtures';
import { figure, type HttpReply, type Portal, startPortal } from './portal';

/**
 * Guessing over HTTP, all at once: the counters are reserved atomically before anything is evaluated
 * (the way Ory Kratos counts code attempts), so concurrency buys an attacker no extra try.
 */
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
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
    const send = () =>
      portal.http({ method: 'POST', url: `/api/registration/otp?${new URLSearchParams({ token })}` });
    expect((await send()).statusCode).toBe(200);
    expectRetryAfter(await send(), 60);
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
