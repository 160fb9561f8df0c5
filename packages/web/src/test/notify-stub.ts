import { vi } from 'vitest';

/**
 * `lib/notify` for the screens' tests, no toast shown:
 * `vi.mock('../../lib/notify', () => import('../../test/notify-stub'))`.
 */
export const notify = vi.fn();
export const showToast = vi.fn();
export const onToastNeeded = () => () => undefined;
export const toasterReady = vi.fn();
