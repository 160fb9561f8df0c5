import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from '@portail/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ITimers, useIdleTimer } from 'react-idle-timer';
import { keepAliveNow, useKeepAlive } from './keep-alive';

/**
 * Timers looked up at each call rather than bound once at load, so that a test clock installed on
 * the page (Playwright's `page.clock`) drives them like everything else.
 */
const liveTimers: ITimers = {
  setTimeout: (fn, delay) => window.setTimeout(fn, delay),
  clearTimeout: (id) => window.clearTimeout(id),
  setInterval: (fn, delay) => window.setInterval(fn, delay),
  clearInterval: (id) => window.clearInterval(id),
};

export interface IdleLogoutState {
  /** The warning is showing. */
  warning: boolean;
  /** Whole seconds left before the logout, while warning. */
  secondsLeft: number;
  /** "Stay signed in": counts as activity and closes the warning. */
  stay: () => void;
}

/**
 * Signs out after IDLE_TIMEOUT_MS without activity (docs/sign-in-and-sessions.md#idle-logout), warning IDLE_WARNING_MS before.
 * During the warning only the explicit "stay" keeps the session, as other activity is ignored.
 * Activity without server calls is passed on to the server (lib/keep-alive.ts).
 */
export function useIdleLogout(enabled: boolean, onIdle: () => void): IdleLogoutState {
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(IDLE_WARNING_MS / 1000));

  const timer = useIdleTimer({
    timeout: IDLE_TIMEOUT_MS,
    promptBeforeIdle: IDLE_WARNING_MS,
    disabled: !enabled,
    timers: liveTimers,
    eventsThrottle: 500,
    onPrompt: () => setWarning(true),
    onActive: () => setWarning(false),
    onIdle: () => {
      setWarning(false);
      onIdle();
    },
  });

  // The activity counted here keeps the server's session too (issue 18), until the warning shows.
  const timerRef = useRef(timer);
  timerRef.current = timer;
  const lastActiveAt = useCallback(() => timerRef.current.getLastActiveTime()?.getTime() ?? 0, []);
  useKeepAlive(enabled && !warning, lastActiveAt);

  useEffect(() => {
    if (!warning) return;
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil(timer.getRemainingTime() / 1000)));
    tick();
    const id = liveTimers.setInterval(tick, 1000);
    return () => liveTimers.clearInterval(id);
  }, [warning, timer]);

  useEffect(() => {
    if (!enabled) setWarning(false);
  }, [enabled]);

  return {
    warning,
    secondsLeft,
    stay: () => {
      timer.activate();
      keepAliveNow();
      setWarning(false);
    },
  };
}
