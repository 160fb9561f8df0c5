import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

function setup(onSubmit = vi.fn(async () => true)) {
  render(<LoginForm onSubmit={onSubmit} />);
  return { user: userEvent.setup(), onSubmit };
}

describe('login form', () => {
  it('requires the identifier and the password', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getAllByText('Élément obligatoire')).toHaveLength(2);
    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleDescription('Élément obligatoire');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Identifiant/), 'jeanne');
    expect(screen.getAllByText('Élément obligatoire')).toHaveLength(1);
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAccessibleDescription('Élément obligatoire');
  });

  it('changes the identifier label with the correspondant checkbox', async () => {
    const { user } = setup();
    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleName('Identifiant');
    await user.click(screen.getByRole('checkbox', { name: 'Je me connecte en tant que correspondant' }));
    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleName('Identifiant correspondant');
    await user.click(screen.getByRole('checkbox', { name: 'Je me connecte en tant que correspondant' }));
    expect(screen.getByLabelText(/^Identifiant/)).toHaveAccessibleName('Identifiant');
  });

  it('submits the identifier, the password and the sign-in kind', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('checkbox', { name: 'Je me connecte en tant que correspondant' }));
    await user.type(screen.getByLabelText(/^Identifiant/), 'corr.etablissement');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Portail#2026');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(onSubmit).toHaveBeenCalledWith({
      identifier: 'corr.etablissement',
      password: 'Portail#2026',
      correspondant: true,
    });
  });

  it('clears the password after a refused sign-in', async () => {
    const { user } = setup(vi.fn(async () => false));
    await user.type(screen.getByLabelText(/^Identifiant/), 'jeanne');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('');
    expect(screen.getByLabelText(/^Identifiant/)).toHaveValue('jeanne');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveFocus();
  });

  it('starts on the identifier, or on the password when the identifier is given', async () => {
    const { unmount } = render(<LoginForm onSubmit={vi.fn(async () => true)} />);
    expect(screen.getByLabelText(/^Identifiant/)).toHaveFocus();
    unmount();
    render(<LoginForm onSubmit={vi.fn(async () => true)} initialIdentifier="jdupont42" />);
    expect(screen.getByLabelText(/^Identifiant/)).toHaveValue('jdupont42');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveFocus();
  });
});
