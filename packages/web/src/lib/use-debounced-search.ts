import { SEARCH_DEBOUNCE_MS } from '@portail/contract/constants';
import { useEffect, useState } from 'react';

/**
 * A search form's state over the filters its list keeps in the address (docs/interface-conventions.md#lists: searched 200 ms after
 * typing pauses). `same` says when two sets of filters ask the same search (text compared trimmed).
 * Filters changed from outside (the menu link, back) replace what is typed; `type` changes what is
 * typed and searches once typing pauses; `choose` is a tick, not typing: it searches at once.
 */
export function useDebouncedSearch<F>(
  filters: F,
  onSearch: (filters: F) => void,
  same: (a: F, b: F) => boolean,
) {
  const [typed, setTyped] = useState(filters);
  // What this form last asked for, and the address last seen: the address lags behind a search.
  const [requested, setRequested] = useState(filters);
  const [seen, setSeen] = useState(filters);

  if (!same(filters, seen)) {
    setSeen(filters);
    if (!same(filters, requested)) {
      setRequested(filters);
      setTyped(filters);
    }
  }

  useEffect(() => {
    if (same(typed, requested)) return;
    const timer = setTimeout(() => {
      setRequested(typed);
      onSearch(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, requested, onSearch, same]);

  const choose = (next: F) => {
    setTyped(next);
    setRequested(next);
    onSearch(next);
  };
  return { typed, type: setTyped, choose };
}
