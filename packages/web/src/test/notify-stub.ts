import { vi } from 'vitest';

/**
 * `lib/notify` for the screens' tests, no toast shown:
 * `vi.mock('../../lib/notify', () => import('../../test/notify-stub'))`.
 */
export const notify = vi.fn();
export const showToast = vi.fn();
export const onToastNeeded = () => () => undefined;
export const toasterReady = vi.fn();
export const dismissToasts = vi.fn();
export const toastId = (message: { key: string } | { text: string }) =>
  'key' in message ? `key:${message.key}` : `text:${message.text}`;
