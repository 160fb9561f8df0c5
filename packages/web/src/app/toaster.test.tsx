import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { dismissToasts, notify } from '../lib/notify';
import { Toaster } from './toaster';

afterEach(async () => {
  await changeLanguage('fr_FR', false);
});

describe('Toaster', () => {
  it('writes a toast in the language of the moment, and again after a switch (issue 18)', async () => {
    render(<Toaster />);
    act(() => notify('auth.connected', 'success'));
    expect(await screen.findByText('Vous êtes connecté.')).toBeInTheDocument();
    await act(() => changeLanguage('en_EN', false));
    expect(await screen.findByText('You are signed in.')).toBeInTheDocument();
    expect(screen.queryByText('Vous êtes connecté.')).not.toBeInTheDocument();
  });

  it('closes the toasts in view when asked (the phone menu opens)', async () => {
    render(<Toaster />);
    act(() => notify('auth.disconnected', 'info'));
    expect(await screen.findByText('Vous êtes déconnecté.')).toBeInTheDocument();
    act(() => dismissToasts());
    await expect
      .poll(() => screen.queryByText('Vous êtes déconnecté.'), { timeout: 3000 })
      .not.toBeInTheDocument();
  });
});
