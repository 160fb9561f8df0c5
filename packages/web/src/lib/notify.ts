import type { enqueueSnackbar, VariantType } from 'notistack';
import { translate } from './i18n';

export type ToastVariant = Extract<VariantType, 'success' | 'error' | 'warning' | 'info'>;
type Enqueue = typeof enqueueSnackbar;

/**
 * The toast library loads with the first toast (app/toaster.tsx), not with the sign-in page: until it
 * is mounted, toasts wait here in order, and the host is told to mount it.
 */
let enqueue: Enqueue | null = null;
const waiting: [string, ToastVariant][] = [];
const hosts = new Set<() => void>();
const MAX_WAITING = 10;

/** Called by the toaster once its provider is mounted: shows what waited. */
export function toasterReady(fn: Enqueue | null): void {
  enqueue = fn;
  if (!fn) return;
  for (const [text, variant] of waiting.splice(0)) fn(text, { variant, preventDuplicate: true });
}

/** The toast host listens for the first toast, to mount the toaster then. */
export function onToastNeeded(listener: () => void): () => void {
  hosts.add(listener);
  if (waiting.length > 0) listener();
  return () => hosts.delete(listener);
}

/**
 * Shows a translated toast (top right under the app bar, 4000 ms, set on the provider). Usable outside React, e.g.
 * from the API client.
 */
export function notify(key: string, variant: ToastVariant, values?: Record<string, string | number>): void {
  showToast(translate(key, values), variant);
}

/** Shows a text that is already translated (or a server text shown as is, 000 §8 for 403 on sign-in). */
export function showToast(text: string, variant: ToastVariant): void {
  if (enqueue) {
    enqueue(text, { variant, preventDuplicate: true });
    return;
  }
  if (waiting.some(([queued]) => queued === text)) return;
  if (waiting.length < MAX_WAITING) waiting.push([text, variant]);
  for (const listener of hosts) listener();
}
