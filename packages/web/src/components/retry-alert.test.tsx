import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { RetryAlert } from './retry-alert';

function show(error?: unknown) {
  const onRetry = vi.fn();
  render(
    <RetryAlert error={error} onRetry={onRetry}>
      La liste n’a pas pu être chargée.
    </RetryAlert>,
  );
  return onRetry;
}

/** Issue 18: a list that fails says what failed and why, once (its call shows no toast), with Retry where it may help. */
describe('a list that could not be loaded', () => {
  it.each([
    ['the server failed', new ApiError(500, null, null, false), 'Une erreur serveur est survenue'],
    ['the server could not be reached', new ApiError(0, null, null, false), 'Vérifiez votre connexion'],
  ])('says why and offers "Réessayer" when %s', async (_, error, reason) => {
    const onRetry = show(error);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('La liste n’a pas pu être chargée.');
    expect(alert).toHaveTextContent(reason);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('gives the server’s reason and no "Réessayer" for a refused search, which would fail again', () => {
    show(new ApiError(400, { status: 400, message: 'errors.dateFinAvantDebut' }, null, false));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La liste n’a pas pu être chargée. La date de fin ne peut pas précéder la date de début',
    );
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('offers "Réessayer" when no error is given', () => {
    show();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
