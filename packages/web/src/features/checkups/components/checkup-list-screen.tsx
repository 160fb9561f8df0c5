import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { SCREENS, screenPath } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { isLanguage } from '../../../lib/i18n';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';
import { type ListResult, listTableRows } from '../../../lib/use-list-address';
import { type ExportRoute, exportCheckups } from '../api/export-checkups';
import type { CheckupFilters } from '../list-params';
import type { CheckupSort, useCheckupList } from '../use-checkup-list';
import { CheckupListLayout } from './checkup-list-layout';

/** The list's query: its page of rows, and its failure for the alert above the table. */
interface ListQueryResult<R> extends ListResult<R> {
  error: unknown;
  refetch: () => unknown;
}

/** What sets one check-up list apart from the other, besides its columns and its call. */
export interface CheckupListKind<R> extends CheckupSort {
  /** The list's export call and the i18n key of the file's name. */
  exportRoute: ExportRoute;
  fileNameKey: string;
  /** The participant a row opens. */
  participantOf: (row: R) => number;
}

export interface CheckupListScreenProps<R extends GridValidRowModel> {
  kind: CheckupListKind<R>;
  /** The list's state in the address (useCheckupList) and the reply of its call. */
  list: Pick<ReturnType<typeof useCheckupList>, 'state' | 'onSearch' | 'onQueryChange'>;
  result: ListQueryResult<R>;
  title: string;
  tableLabel: string;
  columns: readonly GridColDef<R>[];
  organisations: ScopeOrganisations;
}

/**
 * What the check-up list and the history share (docs/checkups.md#list, docs/checkups.md#history): the filters, the export of the
 * current filter and sort in the interface language, and the table whose rows open the participant.
 */
export function CheckupListScreen<R extends GridValidRowModel>({
  kind: { exportRoute, defaultSort, fileNameKey, participantOf },
  list: { state, onSearch, onQueryChange },
  result,
  title,
  tableLabel,
  columns,
  organisations,
}: CheckupListScreenProps<R>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { isError, error, refetch } = result;

  const onExport = (filters: CheckupFilters) =>
    exportCheckups(
      exportRoute,
      {
        ...filters,
        sort: state.table.sort ?? defaultSort,
        langue: isLanguage(i18n.language) ? i18n.language : 'fr_FR',
      },
      t(fileNameKey),
    );

  return (
    <CheckupListLayout
      title={title}
      filters={state.filters}
      onSearch={onSearch}
      onExport={onExport}
      isError={isError}
      error={error}
      onRetry={() => void refetch()}
      organisations={organisations}
    >
      <DataTable<R>
        label={tableLabel}
        columns={columns}
        {...listTableRows(result, state.table)}
        onQueryChange={onQueryChange}
        onRowClick={(row) => void navigate(screenPath(SCREENS.participant, { id: participantOf(row) }))}
        noRowsLabel={t('checkups.empty')}
      />
    </CheckupListLayout>
  );
}
