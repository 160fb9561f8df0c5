import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { LoadFailure } from './load-failure';

function show(error: unknown) {
  const onRetry = vi.fn();
  render(<LoadFailure error={error} missing="N’existe pas" failed="Pas pu être chargé" onRetry={onRetry} />);
  return onRetry;
}

describe('a record that could not be loaded', () => {
  it.each([
    ['does not exist', 404],
    ['is not the user’s', 403],
    ['has an id the server refuses', 400],
  ])('says so without offering "Réessayer" when it %s', (_, status) => {
    show(new ApiError(status, null, null, true));
    expect(screen.getByRole('alert')).toHaveTextContent('N’existe pas');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it.each([
    ['the server failed', new ApiError(503, null, null, true)],
    ['the server could not be reached', new ApiError(0, null, null, true)],
    ['too many requests were made', new ApiError(429, null, 3, true)],
    ['the reply could not be read', new TypeError('invalid reply')],
  ])('offers "Réessayer" when %s', async (_, error) => {
    const onRetry = show(error);
    expect(screen.getByRole('alert')).toHaveTextContent('Pas pu être chargé');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
