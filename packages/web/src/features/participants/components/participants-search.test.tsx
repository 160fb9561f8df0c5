import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../list-params';
import { ParticipantsSearch } from './participants-search';

const DIGITS_ONLY = 'Chiffres uniquement : les lettres et autres signes ne sont pas acceptés';

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

  it('refuses a letter in the participant id, saying so, and searches the digits only', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<ParticipantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} />);
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
      />,
    );
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
