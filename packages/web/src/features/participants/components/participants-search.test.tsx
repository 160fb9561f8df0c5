import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';
import { DEFAULT_FILTERS } from '../list-params';
import { ParticipantsSearch } from './participants-search';

/** An establishment correspondant's scope: one company, one establishment. */
const SINGLE: ScopeOrganisations = {
  companies: [{ id: 1, label: 'ACME' }],
  establishments: [{ id: 10, label: 'ACME Lyon', companyId: 1 }],
  showCompanies: false,
  showEstablishments: false,
  companyName: () => 'ACME',
  establishmentName: () => 'ACME Lyon',
};

/** A group's scope: two companies, three establishments. */
const GROUP: ScopeOrganisations = {
  companies: [
    { id: 1, label: 'ACME' },
    { id: 2, label: 'Bâtir SA' },
  ],
  establishments: [
    { id: 10, label: 'ACME Lyon', companyId: 1 },
    { id: 11, label: 'ACME Paris', companyId: 1 },
    { id: 20, label: 'Bâtir Nantes', companyId: 2 },
  ],
  showCompanies: true,
  showEstablishments: true,
  companyName: (id) => String(id),
  establishmentName: (id) => String(id),
};

const DIGITS_ONLY = 'Chiffres uniquement : les lettres et autres signes ne sont pas acceptés';

describe('participant search', () => {
  it('searches once typing pauses, and at once for the active flag', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} organisations={SINGLE} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Dup');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, lastName: 'Dup' });

    await user.click(screen.getByRole('checkbox', { name: 'Actifs uniquement' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, lastName: 'Dup', activeOnly: false });
  });

  it('refuses a letter in the participant id, saying so, and searches the digits only', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} organisations={SINGLE} />);
    const id = screen.getByRole('textbox', { name: 'N° de participant' });
    await user.type(id, '12b');
    expect(id).toHaveValue('12');
    expect(id).toHaveAccessibleDescription(DIGITS_ONLY);
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(DIGITS_ONLY);
    await user.type(id, '3');
    expect(id).toHaveValue('123');
    expect(id).not.toHaveAccessibleDescription(DIGITS_ONLY);
    await waitFor(() =>
      expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, participantId: '123' }),
    );
    expect(onSearch).not.toHaveBeenCalledWith(expect.objectContaining({ participantId: '12b' }));
  });

  it('says an id that came from the address is no number', () => {
    render(
      <ParticipantsSearch
        filters={{ ...DEFAULT_FILTERS, participantId: 'abc' }}
        onSearch={() => undefined}
        organisations={SINGLE}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'N° de participant' })).toHaveAccessibleDescription(
      'Nombre attendu',
    );
  });

  it('shows filters changed from outside (the menu link, back)', () => {
    const { rerender } = render(
      <ParticipantsSearch
        filters={{ ...DEFAULT_FILTERS, lastName: 'Martin' }}
        onSearch={() => undefined}
        organisations={SINGLE}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Martin');
    rerender(
      <ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} organisations={SINGLE} />,
    );
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('');
  });

  it('offers no company or establishment filter when the scope holds one of each', () => {
    render(
      <ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} organisations={SINGLE} />,
    );
    expect(screen.queryByRole('combobox', { name: 'Entreprise' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Établissement' })).toBeNull();
  });

  it('filters a group by company, then by one of that company’s establishments', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} organisations={GROUP} />);
    await user.click(screen.getByRole('combobox', { name: 'Entreprise' }));
    await user.click(screen.getByRole('option', { name: 'ACME' }));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, companyId: '1' });
    await user.click(screen.getByRole('combobox', { name: 'Établissement' }));
    // Only the chosen company's establishments are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tous les établissements',
      'ACME Lyon',
      'ACME Paris',
    ]);
    await user.click(screen.getByRole('option', { name: 'ACME Paris' }));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, companyId: '1', establishmentId: '11' });
    // Another company drops the establishment that is not its own.
    await user.click(screen.getByRole('combobox', { name: 'Entreprise' }));
    await user.click(screen.getByRole('option', { name: 'Bâtir SA' }));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, companyId: '2' });
  });
});
