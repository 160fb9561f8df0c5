import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm } from './confirm-provider';

function Opener() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={async () =>
          setAnswer(String(await confirm({ title: 'Supprimer ?', message: 'Vraiment ?' })))
        }
      >
        supprimer
      </button>
      <output>{answer}</output>
    </>
  );
}

/** Issue 18: a dialog that closes gives the focus back to what opened it, the lazy-loaded one included. */
describe('focus after a dialog', () => {
  it.each([
    ['cancelled with Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'confirmed',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(await screen.findByRole('button', { name: 'Confirmer' })),
    ],
  ])('returns to the button that opened it once %s', async (_, close) => {
    render(
      <ConfirmProvider>
        <Opener />
      </ConfirmProvider>,
    );
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'supprimer' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
