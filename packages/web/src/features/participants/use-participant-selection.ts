import type {
  ParticipantListFilter,
  ParticipantRow,
  ParticipantSelection,
} from '@portail/contract/schemas/participants';
import { useState } from 'react';

/**
 * The rows a correspondant acts on (issue 22, docs/participants.md#bulk-actions): none, rows ticked
 * one by one (kept while paging), or every row matching the filter (Gmail's "select all"). A new
 * filter starts over with nothing selected.
 */
export type SelectionState =
  | { kind: 'none' }
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | { kind: 'filter' };

const NONE: SelectionState = { kind: 'none' };

export interface ParticipantSelectionModel {
  state: SelectionState;
  /** How many participants are selected, `total` being the filter's count. */
  count: (total: number) => number;
  isSelected: (row: ParticipantRow) => boolean;
  toggle: (row: ParticipantRow, selected: boolean) => void;
  togglePage: (rows: readonly ParticipantRow[], selected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** The selection as the calls send it. */
  body: (filter: ParticipantListFilter) => ParticipantSelection | null;
}

/**
 * `filterKey` names the filter the selection was made under; `pageRows` are the rows on screen (unticking
 * one row of "every row of the filter" keeps the other rows of the page).
 */
export function useParticipantSelection(
  filterKey: string,
  pageRows: readonly ParticipantRow[],
): ParticipantSelectionModel {
  const [stored, setStored] = useState<{ key: string; state: SelectionState }>({
    key: filterKey,
    state: NONE,
  });
  const state = stored.key === filterKey ? stored.state : NONE;
  const set = (next: SelectionState) =>
    setStored({ key: filterKey, state: next.kind === 'ids' && next.ids.size === 0 ? NONE : next });
  const ids = (): Set<number> => new Set(state.kind === 'ids' ? state.ids : []);

  return {
    state,
    count: (total) => (state.kind === 'filter' ? total : state.kind === 'ids' ? state.ids.size : 0),
    isSelected: (row) => state.kind === 'filter' || (state.kind === 'ids' && state.ids.has(row.id)),
    toggle: (row, selected) => {
      const next = state.kind === 'filter' ? new Set(pageRows.map((candidate) => candidate.id)) : ids();
      if (selected) next.add(row.id);
      else next.delete(row.id);
      set({ kind: 'ids', ids: next });
    },
    togglePage: (rows, selected) => {
      const next = state.kind === 'filter' ? new Set<number>() : ids();
      for (const row of rows) {
        if (selected) next.add(row.id);
        else next.delete(row.id);
      }
      set({ kind: 'ids', ids: next });
    },
    selectAllMatching: () => set({ kind: 'filter' }),
    clear: () => set(NONE),
    body: (filter) =>
      state.kind === 'filter' ? { filtre: filter } : state.kind === 'ids' ? { ids: [...state.ids] } : null,
  };
}
