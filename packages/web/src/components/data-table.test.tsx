import type { GridColDef } from '@mui/x-data-grid';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { fromSortParam, type TableQuery, toSortParam } from './table-query';

interface Row {
  id: number;
  nom: string;
  actif: boolean;
}

const columns: GridColDef<Row>[] = [
  { field: 'id', headerName: 'N°', width: 90 },
  { field: 'nom', headerName: 'Nom', width: 200 },
];

const rows: Row[] = [
  { id: 1, nom: 'DURAND', actif: true },
  { id: 2, nom: 'MARTIN', actif: false },
];

beforeAll(() => {
  // jsdom has no layout: the grid only needs these to exist.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function Table(props: {
  onQuery?: (query: TableQuery) => void;
  onRowClick?: (row: Row) => void;
  onCreate?: () => void;
}) {
  const [query, setQuery] = useState<TableQuery>({ page: 0, size: 15, sort: 'nom,ASC' });
  return (
    <DataTable<Row>
      label="Participants"
      columns={columns}
      rows={rows}
      rowCount={42}
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        props.onQuery?.(next);
      }}
      onRowClick={props.onRowClick}
      onCreate={props.onCreate}
      isRowInactive={(row) => !row.actif}
    />
  );
}

describe('sort parameter', () => {
  it('is written field,ASC or field,DESC', () => {
    expect(toSortParam({ field: 'nom', direction: 'DESC' })).toBe('nom,DESC');
    expect(toSortParam(null)).toBeUndefined();
    expect(fromSortParam('dateCreation,desc')).toEqual({ field: 'dateCreation', direction: 'DESC' });
    expect(fromSortParam(undefined)).toBeNull();
  });
});

describe('data table', () => {
  it('shows the rows, French texts and the inactive style', () => {
    render(<Table />);
    const grid = screen.getByRole('grid', { name: 'Participants' });
    expect(within(grid).getByText('DURAND')).toBeInTheDocument();
    expect(screen.getByText('Lignes par page :')).toBeInTheDocument();
    expect(within(grid).getByText('MARTIN').closest('[role="row"]')).toHaveClass('row-inactive');
    expect(within(grid).getByText('DURAND').closest('[role="row"]')).not.toHaveClass('row-inactive');
  });

  it('asks the server for another sort, back on the first page', async () => {
    const onQuery = vi.fn();
    render(<Table onQuery={onQuery} />);
    await userEvent.setup().click(screen.getByRole('columnheader', { name: /N°/ }));
    expect(onQuery).toHaveBeenLastCalledWith({ page: 0, size: 15, sort: 'id,ASC' });
  });

  it('opens a row on click and creates with the button or shift+n', async () => {
    const onRowClick = vi.fn();
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(<Table onRowClick={onRowClick} onCreate={onCreate} />);
    await user.click(screen.getByText('MARTIN'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    await user.click(screen.getByRole('button', { name: 'Nouveau' }));
    await user.keyboard('{Shift>}N{/Shift}');
    expect(onCreate).toHaveBeenCalledTimes(2);
  });
});

describe('honest states', () => {
  const empty = (props: { loading?: boolean; failed?: boolean; rowCount: number }) => (
    <DataTable<Row>
      label="Participants"
      columns={columns}
      rows={[]}
      rowCount={props.rowCount}
      loading={props.loading}
      failed={props.failed}
      query={{ page: 0, size: 15 }}
      onQueryChange={() => undefined}
      noRowsLabel="Aucun participant ne correspond à ces critères"
    />
  );

  it('shows the range of a page it has, and says when nothing matches', () => {
    const { rerender } = render(<Table />);
    expect(screen.getByText('1–15 sur 42')).toBeInTheDocument();
    rerender(empty({ rowCount: 0 }));
    expect(screen.getByText('Aucun participant ne correspond à ces critères')).toBeInTheDocument();
  });

  it('shows no "1–15 of 15" over a grid still loading its first page', () => {
    render(empty({ loading: true, rowCount: 15 }));
    expect(screen.queryByText(/1–15/)).toBeNull();
    expect(screen.queryByText('Aucun participant ne correspond à ces critères')).toBeNull();
  });

  it('never says "nothing matches" nor a count when the page could not be read', () => {
    render(empty({ failed: true, rowCount: 15 }));
    expect(screen.queryByText('Aucun participant ne correspond à ces critères')).toBeNull();
    expect(screen.getByText('La liste n’a pas pu être chargée')).toBeInTheDocument();
    expect(screen.queryByText(/1–15|0–0/)).toBeNull();
  });
});
