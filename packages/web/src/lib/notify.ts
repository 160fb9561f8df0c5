import type { VariantType } from 'notistack';

export type ToastVariant = Extract<VariantType, 'success' | 'error' | 'warning' | 'info'>;

/**
 * What a toast says: an i18n key with its values, translated when it is drawn and drawn again when the
 * language changes (issue 18: "Vous êtes connecté." stayed French after switching to English), or a
 * text that is already what must be shown (a server's own text).
 */
export type ToastMessage =
  | { key: string; values?: Record<string, string | number> | undefined }
  | { text: string };

/** Shows one toast; the toaster provides it once mounted (app/toaster.tsx). */
export type ShowToast = (message: ToastMessage, variant: ToastVariant, id: string) => void;

/**
 * The toast library loads with the first toast (app/toaster.tsx), not with the sign-in page: until it
 * is mounted, toasts wait here in order, and the host is told to mount it.
 */
let show: ShowToast | null = null;
let dismiss: (() => void) | null = null;
const waiting: [ToastMessage, ToastVariant][] = [];
const hosts = new Set<() => void>();
const MAX_WAITING = 10;

/** The same message twice in view is shown once (the provider's `preventDuplicate` compares ids). */
export function toastId(message: ToastMessage): string {
  return 'key' in message
    ? `key:${message.key}:${JSON.stringify(message.values ?? {})}`
    : `text:${message.text}`;
}

/** Called by the toaster once its provider is mounted: shows what waited. */
export function toasterReady(fn: ShowToast | null, close: (() => void) | null = null): void {
  show = fn;
  dismiss = close;
  if (!fn) return;
  for (const [message, variant] of waiting.splice(0)) fn(message, variant, toastId(message));
}

/** The toast host listens for the first toast, to mount the toaster then. */
export function onToastNeeded(listener: () => void): () => void {
  hosts.add(listener);
  if (waiting.length > 0) listener();
  return () => hosts.delete(listener);
}

function enqueue(message: ToastMessage, variant: ToastVariant): void {
  const id = toastId(message);
  if (show) {
    show(message, variant, id);
    return;
  }
  if (waiting.some(([queued]) => toastId(queued) === id)) return;
  if (waiting.length < MAX_WAITING) waiting.push([message, variant]);
  for (const listener of hosts) listener();
}

/**
 * Shows a toast of an i18n key (top right under the app bar, 4000 ms, set on the provider), in the
 * interface language of the moment it is on screen. Usable outside React, e.g. from the API client.
 */
export function notify(key: string, variant: ToastVariant, values?: Record<string, string | number>): void {
  enqueue({ key, values }, variant);
}

/** Shows a text that is already translated (or a server text shown as is, docs/sign-in-and-sessions.md#login-messages for 403 on sign-in). */
export function showToast(text: string, variant: ToastVariant): void {
  enqueue({ text }, variant);
}

/**
 * Closes the toasts in view: the phone's side menu opens over the page, and a toast must not cover its
 * entries (issue 18). Toasts still waiting for the toaster are kept.
 */
export function dismissToasts(): void {
  dismiss?.();
}
