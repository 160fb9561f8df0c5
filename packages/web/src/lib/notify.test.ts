import { describe, expect, it, vi } from 'vitest';
import { onToastNeeded, showToast, toasterReady } from './notify';

describe('toasts before the toaster is loaded', () => {
  it('wait in order, ask the host to mount the toaster, and show once it is ready', () => {
    const mount = vi.fn();
    const stop = onToastNeeded(mount);
    showToast('first', 'error');
    showToast('first', 'error');
    showToast('second', 'info');
    expect(mount).toHaveBeenCalled();
    const enqueue = vi.fn<NonNullable<Parameters<typeof toasterReady>[0]>>();
    toasterReady(enqueue);
    expect(enqueue.mock.calls.map(([text, options]) => [text, options?.variant])).toEqual([
      ['first', 'error'],
      ['second', 'info'],
    ]);
    showToast('third', 'success');
    expect(enqueue).toHaveBeenLastCalledWith('third', { variant: 'success', preventDuplicate: true });
    stop();
    toasterReady(null);
  });
});
