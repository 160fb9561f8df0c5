import { describe, expect, it, vi } from 'vitest';
import { notify, onToastNeeded, showToast, toasterReady } from './notify';

describe('toasts before the toaster is loaded', () => {
  it('wait in order, ask the host to mount the toaster, and show once it is ready', () => {
    const mount = vi.fn();
    const stop = onToastNeeded(mount);
    showToast('first', 'error');
    showToast('first', 'error');
    notify('auth.connected', 'info');
    notify('auth.connected', 'info');
    expect(mount).toHaveBeenCalled();
    const show = vi.fn<NonNullable<Parameters<typeof toasterReady>[0]>>();
    toasterReady(show);
    expect(show.mock.calls.map(([message, variant]) => [message, variant])).toEqual([
      [{ text: 'first' }, 'error'],
      // A key waits as a key: its text is made when it is drawn, in the language of that moment.
      [{ key: 'auth.connected', values: undefined }, 'info'],
    ]);
    showToast('third', 'success');
    expect(show).toHaveBeenLastCalledWith({ text: 'third' }, 'success', 'text:third');
    stop();
    toasterReady(null);
  });
});
