import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmForm } from './confirm-form';

describe('code confirmation form', () => {
  it.each(['12345', '1234567', '12a456'])('refuses %j as not six digits and sends nothing', async (typed) => {
    const onConfirm = vi.fn(async () => {});
    render(<ConfirmForm onConfirm={onConfirm} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Code de confirmation/ }), typed);
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Le code comporte 6 chiffres')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends six digits, spaces around them trimmed', async () => {
    const onConfirm = vi.fn(async () => {});
    render(<ConfirmForm onConfirm={onConfirm} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Code de confirmation/ }), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onConfirm).toHaveBeenCalledWith('123456');
  });
});
