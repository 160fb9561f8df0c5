import { useEffect, useSyncExternalStore } from 'react';

/**
 * A screen may name itself more precisely than its route title (a participant's name on
 * /adherents/:id): that label becomes the last breadcrumb entry and the document title.
 */
let label: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null) {
  label = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Names the current screen while it is mounted; null or undefined keeps the route title. */
export function usePageLabel(value: string | null | undefined): void {
  useEffect(() => {
    set(value ?? null);
    return () => set(null);
  }, [value]);
}

export function useCurrentPageLabel(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => label,
    () => null,
  );
}
