import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../list-params';
import { ParticipantsSearch } from './participants-search';

describe('participant search', () => {
  it('searches once typing pauses, and at once for the active flag', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Dup');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, lastName: 'Dup' });

    await user.click(screen.getByRole('checkbox', { name: 'Actifs uniquement' }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, lastName: 'Dup', activeOnly: false });
  });

  it('says a participant id must be a number', async () => {
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'N° de participant' }), '12b');
    expect(screen.getByRole('textbox', { name: 'N° de participant' })).toHaveAccessibleDescription(
      'Nombre attendu',
    );
  });

  it('shows filters changed from outside (the menu link, back)', () => {
    const { rerender } = render(
      <ParticipantsSearch filters={{ ...DEFAULT_FILTERS, lastName: 'Martin' }} onSearch={() => undefined} />,
    );
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Martin');
    rerender(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('');
  });
});
