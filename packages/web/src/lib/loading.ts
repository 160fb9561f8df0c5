import { useSyncExternalStore } from 'react';

/** Number of API calls in flight: drives the global progress bar. */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function startLoading(): void {
  inFlight += 1;
  emit();
}

export function stopLoading(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useApiLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );
}
