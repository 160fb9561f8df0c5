import { SEARCH_DEBOUNCE_MS } from '@portail/contract/constants';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../list-params';
import { CorrespondantsSearch } from './correspondants-search';

afterEach(() => {
  vi.useRealTimers();
});

describe('directory search', () => {
  it('searches once typing pauses, and at once for the company flag', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<CorrespondantsSearch filters={DEFAULT_FILTERS} onSearch={onSearch} />);
    await user.type(screen.getByRole('textbox', { name: 'Raison sociale' }), 'Siège');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, businessName: 'Siège' });

    await user.click(screen.getByRole('checkbox', { name: "Rechercher dans le nom de l'entreprise" }));
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith({
      ...DEFAULT_FILTERS,
      businessName: 'Siège',
      companySearch: true,
    });
  });

  it('does not search again for spaces alone', () => {
    // The search waits for a pause in typing: on a fake clock the pause is run out at once. (Typed with
    // fireEvent: user-event's waits hang under Vitest's fake timers.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    render(<CorrespondantsSearch filters={{ ...DEFAULT_FILTERS, lastName: 'Durand' }} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Durand  ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses a letter in the establishment id, saying so', async () => {
    const user = userEvent.setup();
    render(<CorrespondantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} />);
    const id = screen.getByRole('textbox', { name: "N° d'établissement" });
    await user.type(id, '12b');
    expect(id).toHaveValue('12');
    expect(id).toHaveAccessibleDescription(
      'Chiffres uniquement : les lettres et autres signes ne sont pas acceptés',
    );
  });

  it('shows filters changed from outside (the menu link, back)', () => {
    const { rerender } = render(
      <CorrespondantsSearch
        filters={{ ...DEFAULT_FILTERS, firstName: 'Lucie' }}
        onSearch={() => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Lucie');
    rerender(<CorrespondantsSearch filters={DEFAULT_FILTERS} onSearch={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('');
  });
});
