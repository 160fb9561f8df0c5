import { authApi } from '@portail/contract/api/auth';
import { KEEP_ALIVE_INTERVAL_MS } from '@portail/contract/constants';
import { useEffect } from 'react';
import { call, lastServerActivityAt } from './api';

/** How often the browser looks whether the server should hear of the person's activity. */
export const KEEP_ALIVE_CHECK_MS = 15_000;

/**
 * Whether to tell the server now: the person did something since the last call the server accepted,
 * and that call is at least KEEP_ALIVE_INTERVAL_MS old. Reading or typing with no call at all would
 * otherwise end the server's session after five minutes while the browser thinks it active.
 */
export function keepAliveDue(now: number, lastActiveAt: number, lastServerCallAt: number): boolean {
  return lastActiveAt > lastServerCallAt && now - lastServerCallAt >= KEEP_ALIVE_INTERVAL_MS;
}

/** Tells the server now (the idle warning's "stay": its session has at most a minute left). */
export function keepAliveNow(): void {
  call(authApi.keepAlive, { silent: true, handle: 'all' }).catch(() => {
    // A failed keep-alive is tried again at the next check.
  });
}

/**
 * While `enabled`, checks every KEEP_ALIVE_CHECK_MS and calls POST /api/oauth/keepalive when due. The
 * call is silent (no loading bar, no toast): a session the server has ended still ends here the usual
 * way, through the API client's 401 handling.
 */
export function useKeepAlive(enabled: boolean, lastActiveAt: () => number): void {
  useEffect(() => {
    if (!enabled) return;
    const id = window.setInterval(() => {
      if (keepAliveDue(Date.now(), lastActiveAt(), lastServerActivityAt())) keepAliveNow();
    }, KEEP_ALIVE_CHECK_MS);
    return () => window.clearInterval(id);
  }, [enabled, lastActiveAt]);
}
