import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { alpha } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
  gridTabIndexColumnHeaderSelector,
  useGridApiContext,
  useGridSelector,
} from '@mui/x-data-grid';
import { enUS, frFR } from '@mui/x-data-grid/locales';
import { PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import { type KeyboardEvent, type ReactNode, type Ref, useLayoutEffect, useMemo } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { DensityToggle, useGridDensity } from './density-toggle';
import { fromSortParam, type TableQuery, toSortParam } from './table-query';

/**
 * Rows the user ticks to act on them (issue 22): a first column of checkboxes, each named after its
 * row, and one in the header for the rows of the page. The selection itself is the screen's (it may
 * outlive the page, or be "every row of the filter").
 */
export interface TableSelection<R> {
  isSelected: (row: R) => boolean;
  onToggle: (row: R, selected: boolean) => void;
  /** The header's checkbox: ticks or unticks every row of the page. */
  onTogglePage: (rows: readonly R[], selected: boolean) => void;
  /** The accessible name of a row's checkbox ("Select Jane DOE"). */
  rowLabel: (row: R) => string;
  /** The accessible name of the header's checkbox ("Select the participants of this page"). */
  pageLabel: string;
  /** The header's checkbox, for the screen to put the focus back on it (a selection cleared). */
  pageRef?: Ref<HTMLInputElement>;
}

const SELECT_FIELD = '__select';

/**
 * The grid moves the keyboard from cell to cell, and its own checkboxes take the focus in place of
 * their cell or header, which leaves the Tab order (as MUI's selection column does): without this, the
 * empty cell around each box was a Tab stop of its own, with no name.
 */
function useBoxTakesCellTabStop(cell: () => HTMLElement | null, boxTabIndex: number) {
  useLayoutEffect(() => {
    const element = cell();
    if (boxTabIndex === 0 && element) element.tabIndex = -1;
  });
}

function SelectPageBox({
  checked,
  indeterminate,
  disabled,
  label,
  inputRef,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (selected: boolean) => void;
}) {
  const apiRef = useGridApiContext();
  const focusHolder = useGridSelector(apiRef, gridTabIndexColumnHeaderSelector);
  const tabIndex = focusHolder?.field === SELECT_FIELD && !disabled ? 0 : -1;
  useBoxTakesCellTabStop(() => apiRef.current.getColumnHeaderElement(SELECT_FIELD), tabIndex);
  // The grid leaves the keys of a header's own control alone (MUI makes an exception for its own
  // selection column only): the arrows that leave this corner move on as they would from the header.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      const first = apiRef.current.getRowIdFromRowIndex(0);
      if (first === undefined) return;
      event.preventDefault();
      apiRef.current.scrollToIndexes({ rowIndex: 0, colIndex: 0 });
      apiRef.current.setCellFocus(first, SELECT_FIELD);
    } else if (event.key === 'ArrowRight') {
      const next = apiRef.current.getVisibleColumns()[1];
      if (!next) return;
      event.preventDefault();
      apiRef.current.scrollToIndexes({ colIndex: 1 });
      apiRef.current.setColumnHeaderFocus(next.field);
    }
  };
  return (
    <Checkbox
      size="small"
      tabIndex={tabIndex}
      onKeyDown={onKeyDown}
      checked={checked}
      indeterminate={indeterminate}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': label, ref: inputRef } }}
    />
  );
}

function SelectRowBox({
  id,
  tabIndex,
  checked,
  label,
  onChange,
}: {
  id: GridRowId;
  tabIndex: number;
  checked: boolean;
  label: string;
  onChange: (selected: boolean) => void;
}) {
  const apiRef = useGridApiContext();
  useBoxTakesCellTabStop(() => apiRef.current.getCellElement(id, SELECT_FIELD), tabIndex);
  return (
    <Checkbox
      size="small"
      tabIndex={tabIndex}
      checked={checked}
      // Ticking a row never opens it.
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}

export interface DataTableProps<R extends GridValidRowModel> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly GridColDef<R>[];
  rows: readonly R[];
  /** Total number of rows on the server (`totalRows` of the list reply). */
  rowCount: number;
  loading?: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  onRowClick?: (row: R) => void;
  /** Shows a "new" button and binds shift+n (docs/interface-conventions.md#lists). */
  onCreate?: () => void;
  createLabel?: string;
  /** Other buttons of the list, before the "new" one (a participant list's import). */
  actions?: ReactNode;
  /** Rows styled as inactive (terminated participants, closed establishments). */
  isRowInactive?: (row: R) => boolean;
  /** Rows drawn apart as the ones to act on (transfers in progress): a left bar and a light tint. */
  isRowHighlighted?: (row: R) => boolean;
  getRowId?: GridRowIdGetter<R>;
  /** Text of an empty table (else the grid's own "no rows"). */
  noRowsLabel?: string;
  /**
   * The page could not be read (its error and retry are shown beside the table): the table then says
   * neither that nothing matches nor how many rows there are.
   */
  failed?: boolean;
  /** Page sizes offered (else the portal's 10, 15, 20); one size hides the choice. */
  pageSizeOptions?: readonly number[];
  /** A checkbox per row and one for the page (absent: no selection). */
  selection?: TableSelection<R>;
}

/** The MUI X data grid with the portal's conventions: server-side pages and sort, localized texts. */
export function DataTable<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowCount,
  loading = false,
  query,
  onQueryChange,
  onRowClick,
  onCreate,
  createLabel,
  actions,
  isRowInactive,
  isRowHighlighted,
  getRowId,
  noRowsLabel,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  failed = false,
  selection,
}: DataTableProps<R>) {
  const { t, i18n } = useTranslation();
  const [density, setDensity] = useGridDensity();
  const gridTexts = (i18n.language === 'en_EN' ? enUS : frFR).components.MuiDataGrid.defaultProps.localeText;
  // No rows yet (loading) or none to trust (failed): "1–15 of 15" over an empty grid would be a
  // count nobody read, so the range is left blank until a page is shown.
  const countUnknown = failed || (loading && rows.length === 0);
  const localeText = {
    ...gridTexts,
    ...(noRowsLabel ? { noRowsLabel } : {}),
    ...(failed ? { noRowsLabel: t('table.notLoaded') } : {}),
    ...(countUnknown ? { paginationDisplayedRows: () => '' } : {}),
  };

  useHotkeys(
    'shift+n',
    () => onCreate?.(),
    { enabled: onCreate !== undefined, useKey: true, preventDefault: true },
    [onCreate],
  );

  // A default sort on a field the table does not show (the participants' company) shows no arrow.
  const sortModel = useMemo<GridSortModel>(() => {
    const sort = fromSortParam(query.sort);
    if (!sort || !columns.some((column) => column.field === sort.field)) return [];
    return [{ field: sort.field, sort: sort.direction === 'DESC' ? 'desc' : 'asc' }];
  }, [query.sort, columns]);

  const selectedOnPage = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;
  const allColumns = useMemo<readonly GridColDef<R>[]>(() => {
    if (!selection) return columns;
    const pageChecked = rows.length > 0 && selectedOnPage === rows.length;
    const select: GridColDef<R> = {
      field: SELECT_FIELD,
      width: 64,
      sortable: false,
      disableColumnMenu: true,
      resizable: false,
      align: 'center',
      headerAlign: 'center',
      renderHeader: () => (
        <SelectPageBox
          checked={pageChecked}
          indeterminate={selectedOnPage > 0 && !pageChecked}
          disabled={rows.length === 0}
          label={selection.pageLabel}
          inputRef={selection.pageRef}
          onChange={(selected) => selection.onTogglePage(rows, selected)}
        />
      ),
      renderCell: ({ id, row, tabIndex }) => (
        <SelectRowBox
          id={id}
          tabIndex={tabIndex}
          checked={selection.isSelected(row)}
          label={selection.rowLabel(row)}
          onChange={(selected) => selection.onToggle(row, selected)}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selection, rows, selectedOnPage]);

  const onPaginationModelChange = (model: GridPaginationModel) =>
    onQueryChange({ ...query, page: model.pageSize === query.size ? model.page : 0, size: model.pageSize });

  const onSortModelChange = (model: GridSortModel) => {
    const item = model[0];
    const sort = item?.sort
      ? ({ field: item.field, direction: item.sort === 'desc' ? 'DESC' : 'ASC' } as const)
      : null;
    onQueryChange({ ...query, page: 0, sort: toSortParam(sort) });
  };

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: 1,
          mb: 1,
        }}
      >
        <DensityToggle value={density} onChange={setDensity} />
        {actions}
        {onCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} aria-keyshortcuts="Shift+N">
            {createLabel ?? t('table.create')}
          </Button>
        )}
      </Box>
      <DataGrid<R>
        aria-label={label}
        density={density}
        columns={allColumns}
        rows={rows}
        rowCount={failed ? 0 : rowCount}
        loading={loading}
        getRowId={getRowId}
        localeText={localeText}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        pageSizeOptions={[...pageSizeOptions]}
        paginationModel={{ page: query.page, pageSize: query.size }}
        onPaginationModelChange={onPaginationModelChange}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        onRowClick={
          onRowClick
            ? (params, event) => {
                // A click in the checkbox's cell, beside the box, does not open the row either.
                const target = event.target as HTMLElement;
                if (selection && target.closest(`[data-field="${SELECT_FIELD}"]`)) return;
                onRowClick(params.row);
              }
            : undefined
        }
        onCellKeyDown={
          onRowClick || selection
            ? (params, event) => {
                // On the checkbox column, Space ticks the row; Enter opens it, as on every cell.
                if (selection && params.field === SELECT_FIELD && event.key === ' ') {
                  event.preventDefault();
                  event.defaultMuiPrevented = true;
                  selection.onToggle(params.row, !selection.isSelected(params.row));
                  return;
                }
                if (event.key !== 'Enter' || !onRowClick) return;
                // A cell holding a link of its own (a participant's name) follows it; others open the row.
                const link = event.currentTarget.querySelector<HTMLAnchorElement>('a[href]');
                if (link) link.click();
                else onRowClick(params.row);
              }
            : undefined
        }
        getRowClassName={(params) =>
          isRowInactive?.(params.row)
            ? 'row-inactive'
            : isRowHighlighted?.(params.row)
              ? 'row-highlighted'
              : ''
        }
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        autoHeight
        sx={{
          backgroundColor: 'background.paper',
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          // A long header takes two lines rather than widening its column past the screen (issue 18).
          '& .MuiDataGrid-columnHeaderTitle': {
            whiteSpace: 'normal',
            lineHeight: 1.2,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          },
          '& .row-inactive': {
            color: 'text.secondary',
            fontStyle: 'italic',
            backgroundColor: 'action.hover',
          },
          // The text keeps its colour on the tint, so its contrast stays that of the page.
          '& .row-highlighted': {
            boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}`,
            backgroundColor: (theme) => alpha(theme.palette.primary.main, 0.06),
          },
        }}
      />
    </Box>
  );
}
