import { useCallback, useState } from 'react';

/**
 * Display choices the browser remembers between visits (issue 18: the side menu, the grids' density).
 * Only these few non-personal words are stored, under the portal's own keys; storage refused (a
 * private window, a full quota) only means the choice is not remembered.
 */
export const PREFERENCE_KEYS = {
  menuOpen: 'portail.menuOpen',
  gridDensity: 'portail.gridDensity',
} as const;

type PreferenceKey = (typeof PREFERENCE_KEYS)[keyof typeof PREFERENCE_KEYS];

export function readPreference<T extends string>(key: PreferenceKey, allowed: readonly T[], fallback: T): T {
  try {
    const stored = window.localStorage.getItem(key);
    return allowed.find((value) => value === stored) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writePreference(key: PreferenceKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered: the choice still applies until the page is left.
  }
}

/** A remembered choice among `allowed`, `fallback` until one is made. */
export function usePreference<T extends string>(
  key: PreferenceKey,
  allowed: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useState(() => readPreference(key, allowed, fallback));
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      writePreference(key, next);
    },
    [key],
  );
  return [value, choose];
}
