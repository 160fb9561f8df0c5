import type { TokenReply } from '@portail/contract/schemas/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/users';
import { api, dispositionFileName } from './api';
import { ApiError } from './api-error';
import { notify } from './notify';
import { clearSession, getSession, storeToken, storeUser } from './session-store';

vi.mock('./notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));

/** An unsigned JWT whose `exp` is `secondsLeft` from now: the client only reads the claim. */
function jwt(secondsLeft: number, id: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: id, exp: Math.floor(Date.now() / 1000) + secondsLeft })}.sig`;
}

function tokenReply(secondsLeft: number, id: string): TokenReply {
  return {
    access_token: jwt(secondsLeft, id),
    refresh_token: `refresh-${id}`,
    token_type: 'bearer',
    expires_in: secondsLeft,
    tel: '',
    confirmationRequise: false,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Call {
  url: string;
  authorization: string | null;
  body: string | null;
}

/** A fake server: the token endpoint answers `onToken`, everything else `onCall`. */
function fakeServer(
  onToken: (form: URLSearchParams) => Response,
  onCall: (call: Call) => Response = () => json(200, { ok: true }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? init.body : null;
    const call = { url: String(input), authorization: headers.get('authorization'), body };
    calls.push(call);
    // Let concurrent callers pile up before the server answers.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return call.url === '/api/oauth/token' ? onToken(new URLSearchParams(body ?? '')) : onCall(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, tokenCalls: () => calls.filter((call) => call.url === '/api/oauth/token') };
}

function signIn(secondsLeft: number) {
  storeToken(tokenReply(secondsLeft, 'first'), false);
  storeUser(makeUser(['ROLE_PARTICIPANT']));
}

beforeEach(() => {
  clearSession(null);
  vi.mocked(notify).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('API client', () => {
  it('sends the bearer token and does not refresh while more than 180 s remain', async () => {
    signIn(600);
    const server = fakeServer(() => json(500, {}));
    await expect(api('/things')).resolves.toEqual({ ok: true });
    expect(server.tokenCalls()).toHaveLength(0);
    expect(server.calls[0]?.authorization).toBe(`Bearer ${getSession().token?.accessToken}`);
  });

  it('refreshes the token first when fewer than 180 s remain', async () => {
    signIn(100);
    const fresh = tokenReply(900, 'second');
    const server = fakeServer((form) => {
      expect(form.get('grant_type')).toBe('refresh_token');
      expect(form.get('refresh_token')).toBe('refresh-first');
      return json(200, fresh);
    });
    await api('/things');
    expect(server.calls.map((call) => call.url)).toEqual(['/api/oauth/token', '/api/things']);
    expect(server.calls[1]?.authorization).toBe(`Bearer ${fresh.access_token}`);
    expect(getSession().token?.refreshToken).toBe('refresh-second');
  });

  it('shares one refresh between concurrent calls', async () => {
    signIn(60);
    const fresh = tokenReply(900, 'second');
    const server = fakeServer(() => json(200, fresh));
    await Promise.all([api('/a'), api('/b'), api('/c')]);
    expect(server.tokenCalls()).toHaveLength(1);
    const others = server.calls.filter((call) => call.url !== '/api/oauth/token');
    expect(others.map((call) => call.authorization)).toEqual(Array(3).fill(`Bearer ${fresh.access_token}`));
  });

  it('retries once after a 401, with a refreshed token', async () => {
    signIn(600);
    const fresh = tokenReply(900, 'second');
    let first = true;
    const server = fakeServer(
      () => json(200, fresh),
      () => {
        if (!first) return json(200, { ok: true });
        first = false;
        return json(401, { status: 401, error: 'Unauthorized', message: 'auth.tokenException' });
      },
    );
    await expect(api('/things')).resolves.toEqual({ ok: true });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/things', '/api/oauth/token', '/api/things']);
    expect(server.calls[2]?.authorization).toBe(`Bearer ${fresh.access_token}`);
  });

  it('signs out with auth.tokenException when the refresh fails', async () => {
    signIn(30);
    const server = fakeServer(() => json(400, { error: 'invalid_grant' }));
    const outcome = await Promise.allSettled([api('/a'), api('/b')]);
    expect(outcome.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(server.tokenCalls()).toHaveLength(1);
    expect(getSession().token).toBeNull();
    expect(getSession().user).toBeNull();
    expect(getSession().ended).toEqual({ remember: true });
    expect(vi.mocked(notify).mock.calls).toEqual([['auth.tokenException', 'warning']]);
    // The calls never reached the server without a valid token.
    expect(server.calls.filter((call) => call.url === '/api/a' || call.url === '/api/b')).toHaveLength(0);
  });

  it('turns 403, 404 and 500 into the specified toasts unless the caller handles them', async () => {
    signIn(600);
    const statuses: Record<string, number> = {
      '/api/forbidden': 403,
      '/api/missing': 404,
      '/api/broken': 500,
    };
    fakeServer(
      () => json(500, {}),
      (call) => json(statuses[call.url] ?? 200, { status: statuses[call.url], message: 'x' }),
    );
    await expect(api('/forbidden')).rejects.toBeInstanceOf(ApiError);
    await expect(api('/missing')).rejects.toMatchObject({ status: 404 });
    await expect(api('/broken')).rejects.toMatchObject({ status: 500 });
    await expect(api('/missing', { handle: [404] })).rejects.toMatchObject({ status: 404, notified: false });
    expect(vi.mocked(notify).mock.calls.map(([key]) => key)).toEqual(['http.403', 'http.404', 'http.500']);
  });

  it('validates the reply with the schema it is given', async () => {
    signIn(600);
    fakeServer(
      () => json(500, {}),
      () => json(200, { items: 'not a list' }),
    );
    const { z } = await import('zod');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api('/things', { schema: z.object({ items: z.array(z.string()) }) })).rejects.toMatchObject({
      status: 500,
    });
    expect(vi.mocked(notify).mock.calls.map(([key]) => key)).toEqual(['http.500']);
    consoleError.mockRestore();
  });
});

describe('the name of a downloaded file', () => {
  it('takes the UTF-8 name wherever it stands, before the ASCII stand-in', () => {
    expect(
      dispositionFileName(
        `attachment; filename="Resultats du 12-03-2026.pdf"; filename*=UTF-8''R%C3%A9sultats%20du%2012-03-2026.pdf`,
      ),
    ).toBe('Résultats du 12-03-2026.pdf');
    expect(
      dispositionFileName(`attachment; filename*=UTF-8''Bilans%202026.xlsx; filename="Bilans 2026.xlsx"`),
    ).toBe('Bilans 2026.xlsx');
  });

  it('falls back on the plain name, quoted or not, and on nothing', () => {
    expect(dispositionFileName('attachment; filename="bilans 2026.xlsx"')).toBe('bilans 2026.xlsx');
    expect(dispositionFileName('attachment; filename=bilans.xlsx')).toBe('bilans.xlsx');
    expect(dispositionFileName(`attachment; filename="plain.ics"; filename*=UTF-8''bad%E9.ics`)).toBe(
      'plain.ics',
    );
    expect(dispositionFileName('attachment')).toBeNull();
  });
});
