import type { GridColDef } from '@mui/x-data-grid';
import {
  DEFAULT_HISTORY_SORT,
  HISTORY_SORT_FIELDS,
  type HistoryRow,
} from '@portail/contract/schemas/checkups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { dayjs, formatDate } from '../../lib/dates';
import { useEnumLabel } from '../../lib/enums';
import { isLanguage } from '../../lib/i18n';
import { participantPath } from '../participants/paths';
import { exportCheckups, HISTORY_EXPORT_PATH } from './api/export-checkups';
import { useHistory } from './api/get-history';
import { CheckupListLayout } from './components/checkup-list-layout';
import { toCheckupQuery } from './list-params';
import { useCheckupList } from './use-checkup-list';

const SORT_FIELDS: readonly string[] = HISTORY_SORT_FIELDS;
const SORTABLE = new Set(SORT_FIELDS);
const dateColumn = { width: 135, valueFormatter: (value: string | null) => formatDate(value) };

/** The check-up history (000 §2.9): a row a participant, with the closing dates of three years. */
export function HistoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const appointments = useEnumLabel('gestionRdv');
  const periodicity = useEnumLabel('periodicite');
  const { state, onSearch, onQueryChange } = useCheckupList(SORT_FIELDS, DEFAULT_HISTORY_SORT);
  const { data, isFetching, isError, refetch } = useHistory(toCheckupQuery(state, DEFAULT_HISTORY_SORT));
  const pendingRowCount = (state.table.page + 1) * state.table.size;
  const year = dayjs().year();

  const columns = useMemo<GridColDef<HistoryRow>[]>(
    () =>
      (
        [
          { field: 'id', headerName: t('checkups.history.columns.id'), width: 140 },
          {
            field: 'nom',
            headerName: t('checkups.columns.name'),
            flex: 1,
            minWidth: 200,
            valueGetter: (_, row) => `${row.nom} ${row.prenom}`,
          },
          { field: 'dateNaissance', headerName: t('checkups.history.columns.birthDate'), ...dateColumn },
          { field: 'age', headerName: t('checkups.history.columns.age'), width: 80, type: 'number' },
          { field: 'dateAdhesion', headerName: t('checkups.history.columns.membership'), ...dateColumn },
          { field: 'dateResiliation', headerName: t('checkups.history.columns.termination'), ...dateColumn },
          {
            field: 'gestionRdv',
            headerName: t('checkups.history.columns.appointments'),
            width: 200,
            valueGetter: (_, row) => appointments(row.gestionRdv),
          },
          {
            field: 'periodicite',
            headerName: t('checkups.history.columns.periodicity'),
            width: 140,
            valueGetter: (_, row) => periodicity(row.periodicite),
          },
          {
            field: 'dateClotureN2',
            headerName: t('checkups.history.columns.closing', { year: year - 2 }),
            ...dateColumn,
          },
          {
            field: 'dateClotureN1',
            headerName: t('checkups.history.columns.closing', { year: year - 1 }),
            ...dateColumn,
          },
          {
            field: 'dateClotureN',
            headerName: t('checkups.history.columns.closing', { year }),
            ...dateColumn,
          },
          {
            field: 'dateProchainBilan',
            headerName: t('checkups.history.columns.nextCheckup'),
            ...dateColumn,
          },
        ] satisfies GridColDef<HistoryRow>[]
      ).map((column) => ({ ...column, sortable: SORTABLE.has(column.field) })),
    [t, appointments, periodicity, year],
  );

  const onExport = () =>
    exportCheckups(
      HISTORY_EXPORT_PATH,
      {
        ...state.filters,
        sort: state.table.sort ?? DEFAULT_HISTORY_SORT,
        langue: isLanguage(i18n.language) ? i18n.language : 'fr_FR',
      },
      t('checkups.history.export.fileName'),
    );

  return (
    <CheckupListLayout
      title={t('routes.checkupHistory')}
      filters={state.filters}
      onSearch={onSearch}
      onExport={onExport}
      isError={isError}
      onRetry={() => void refetch()}
    >
      <DataTable<HistoryRow>
        label={t('checkups.history.table')}
        columns={columns}
        rows={isError ? [] : (data?.items ?? [])}
        rowCount={isError ? 0 : (data?.totalRows ?? pendingRowCount)}
        loading={isFetching}
        query={state.table}
        onQueryChange={onQueryChange}
        onRowClick={(row) => void navigate(participantPath(row.id))}
        noRowsLabel={t('checkups.empty')}
      />
    </CheckupListLayout>
  );
}
