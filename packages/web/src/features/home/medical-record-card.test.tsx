import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, signInAs } from '../../test/users';
import { MedicalRecordCard } from './medical-record-card';

afterEach(() => vi.unstubAllGlobals());

/** Serves the record routes and the principal reloaded after them; returns the POSTed paths. */
function serve(accepted: boolean, withdrawable: boolean) {
  signInAs(['ROLE_PARTICIPANT'], { dmcAccepte: accepted });
  const posted: string[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === '/api/oauth/principal')
        return json(makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: !accepted, dmcRefuse: accepted }));
      posted.push(path);
      const code = path === '/api/withdraw-dmc' ? 'dmc.retire' : 'auth.reactivate';
      return json({ ciemException: { messages: [{ level: 'INFO', errorCode: code }] } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MedicalRecordCard
        user={makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: accepted })}
        withdrawable={withdrawable}
      />
    </QueryClientProvider>,
  );
  return posted;
}

describe('MedicalRecordCard', { timeout: 20_000 }, () => {
  it('says what accepting means before accepting, and cancelling accepts nothing', async () => {
    const posted = serve(false, false);
    await userEvent.click(screen.getByRole('button', { name: 'Activer mon dossier médical' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activer votre dossier médical en ligne ?' });
    expect(dialog).toHaveTextContent('vous pouvez retirer cet accord à tout moment');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Activer mon dossier médical' }));
    await userEvent.click(await screen.findByRole('button', { name: 'J’accepte' }));
    await waitFor(() => expect(posted).toEqual(['/api/re-activate-dmc']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no withdrawal on the home page', () => {
    serve(true, false);
    expect(screen.getByText(/Votre dossier médical en ligne est activé/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer mon accord' })).toBeNull();
  });

  it('withdraws the acceptance only after its confirmation', async () => {
    const posted = serve(true, true);
    await userEvent.click(screen.getByRole('button', { name: 'Retirer mon accord' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Retirer votre accord au dossier médical en ligne ?',
    });
    expect(dialog).toHaveTextContent('rien n’est supprimé');
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Retirer mon accord' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Retirer mon accord' }));
    await waitFor(() => expect(posted).toEqual(['/api/withdraw-dmc']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
