import { useCallback, useMemo, useState } from 'react';

/** The documents and EXTRACIEM attachments chosen for sending (docs/documents-and-sheets.md#document-lists), by id. */
export interface Selection {
  documents: ReadonlySet<number>;
  annexes: ReadonlySet<number>;
}

const EMPTY: Selection = { documents: new Set(), annexes: new Set() };

function toggled(set: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export function useSelection() {
  const [selection, setSelection] = useState<Selection>(EMPTY);

  const toggleDocument = useCallback(
    (id: number, on: boolean) =>
      setSelection((current) => ({ ...current, documents: toggled(current.documents, id, on) })),
    [],
  );
  const toggleAnnex = useCallback(
    (id: number, on: boolean) =>
      setSelection((current) => ({ ...current, annexes: toggled(current.annexes, id, on) })),
    [],
  );
  /** The header checkbox: every document shown, or none of them. */
  const setDocuments = useCallback(
    (ids: readonly number[], on: boolean) =>
      setSelection((current) => {
        const documents = new Set(current.documents);
        for (const id of ids) {
          if (on) documents.add(id);
          else documents.delete(id);
        }
        return { ...current, documents };
      }),
    [],
  );
  const clear = useCallback(() => setSelection(EMPTY), []);
  const count = selection.documents.size + selection.annexes.size;

  return useMemo(
    () => ({ selection, count, toggleDocument, toggleAnnex, setDocuments, clear }),
    [selection, count, toggleDocument, toggleAnnex, setDocuments, clear],
  );
}

export type SelectionState = ReturnType<typeof useSelection>;
