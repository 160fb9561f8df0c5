import { KEEP_ALIVE_INTERVAL_MS } from '@portail/contract/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { KEEP_ALIVE_CHECK_MS, keepAliveDue, useKeepAlive } from './keep-alive';
import { clearSession, storeToken } from './session-store';

vi.mock('./notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));

describe('keepAliveDue', () => {
  const t = 10 * 60_000;
  it('is due when the person was active since the last accepted call, and that call is a minute old', () => {
    expect(keepAliveDue(t, t - 1000, t - KEEP_ALIVE_INTERVAL_MS)).toBe(true);
  });
  it('is not due without activity since the last call: an idle reader is signed out as specified', () => {
    expect(keepAliveDue(t, t - 4 * 60_000, t - 3 * 60_000)).toBe(false);
  });
  it('is not due while the last call is recent: at most one call a minute', () => {
    expect(keepAliveDue(t, t - 1000, t - KEEP_ALIVE_INTERVAL_MS + 1)).toBe(false);
  });
});

describe('useKeepAlive', () => {
  let urls: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    urls = [];
    // Signed in for an hour: only signed-in calls count as activity on the server.
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    storeToken(
      {
        access_token: `${encode({ alg: 'HS256' })}.${encode({ sub: 'p', exp })}.sig`,
        refresh_token: 'refresh',
        token_type: 'bearer',
        expires_in: 3600,
        tel: '',
        confirmationRequise: false,
      },
      false,
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(null, { status: 204 });
      }),
    );
  });
  afterEach(() => {
    clearSession(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('calls the server once a minute while the person is active and no other call is made', async () => {
    renderHook(() => useKeepAlive(true, () => Date.now()));
    await advance(KEEP_ALIVE_CHECK_MS);
    expect(urls).toEqual(['/api/oauth/keepalive']);
    // Another call counts as well: the next keep-alive waits a minute after it.
    await advance(KEEP_ALIVE_CHECK_MS);
    await act(() => api('/home'));
    await advance(KEEP_ALIVE_INTERVAL_MS - KEEP_ALIVE_CHECK_MS);
    expect(urls).toEqual(['/api/oauth/keepalive', '/api/home']);
    await advance(KEEP_ALIVE_CHECK_MS * 2);
    expect(urls).toEqual(['/api/oauth/keepalive', '/api/home', '/api/oauth/keepalive']);
  });

  it('stays quiet when the person is idle, or when it is disabled (signed out, idle warning showing)', async () => {
    const idleSince = Date.now();
    const { rerender } = renderHook(({ enabled }) => useKeepAlive(enabled, () => idleSince), {
      initialProps: { enabled: true },
    });
    await advance(KEEP_ALIVE_CHECK_MS);
    const first = urls.length;
    await advance(10 * KEEP_ALIVE_INTERVAL_MS);
    expect(urls).toHaveLength(first);
    rerender({ enabled: false });
    await advance(10 * KEEP_ALIVE_INTERVAL_MS);
    expect(urls).toHaveLength(first);
  });
});
