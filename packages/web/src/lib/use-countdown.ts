import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a deadline (epoch ms), 0 once it has passed. */
export const secondsUntil = (deadline: number | null): number =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * A wait the server imposed (a 429's Retry-After, the interval between two codes): `start(seconds)`
 * begins it, `left` counts down once a second to 0. Reckoned from a deadline, so a tab put to sleep
 * shows the right figure when it wakes.
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    setLeft(secondsUntil(deadline));
    if (deadline === null) return;
    const timer = setInterval(() => {
      const next = secondsUntil(deadline);
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        setDeadline(null);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + Math.max(0, seconds) * 1000);
  }, []);
  return { left, start };
}
