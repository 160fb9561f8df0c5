import type { GridColDef } from '@mui/x-data-grid';
import {
  CHECKUP_SORT_FIELDS,
  type CheckupRow,
  DEFAULT_CHECKUP_SORT,
} from '@portail/contract/schemas/checkups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { formatDate } from '../../lib/dates';
import { isLanguage } from '../../lib/i18n';
import { participantPath } from '../participants/paths';
import { CHECKUP_EXPORT_PATH, exportCheckups } from './api/export-checkups';
import { useCheckups } from './api/get-checkups';
import { CheckupListLayout } from './components/checkup-list-layout';
import { CheckupStateChip } from './components/checkup-state-chip';
import { toCheckupQuery } from './list-params';
import { useCheckupList } from './use-checkup-list';

const SORT_FIELDS: readonly string[] = CHECKUP_SORT_FIELDS;
const dateColumn = { flex: 1, minWidth: 135, valueFormatter: (value: string | null) => formatDate(value) };

/** The correspondant's check-ups (000 §2.8): a row a check-up whose first appointment is in the range. */
export function CheckupsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state, onSearch, onQueryChange } = useCheckupList(SORT_FIELDS, DEFAULT_CHECKUP_SORT);
  const { data, isFetching, isError, refetch } = useCheckups(toCheckupQuery(state, DEFAULT_CHECKUP_SORT));
  const pendingRowCount = (state.table.page + 1) * state.table.size;

  const columns = useMemo<GridColDef<CheckupRow>[]>(
    () => [
      { field: 'id', headerName: t('checkups.columns.id'), flex: 0.5, minWidth: 100 },
      {
        field: 'nom',
        headerName: t('checkups.columns.name'),
        flex: 1.2,
        minWidth: 160,
        valueGetter: (_, row) => `${row.nom} ${row.prenom}`,
      },
      {
        field: 'datePremierRdv',
        headerName: t('checkups.columns.firstAppointment'),
        ...dateColumn,
        minWidth: 195,
      },
      { field: 'dateCloture', headerName: t('checkups.columns.closing'), ...dateColumn },
      { field: 'dateFacturation', headerName: t('checkups.columns.billing'), ...dateColumn, minWidth: 150 },
      {
        field: 'etatBilan',
        headerName: t('checkups.columns.state'),
        flex: 0.8,
        minWidth: 120,
        renderCell: ({ row }) => <CheckupStateChip state={row.etatBilan} />,
      },
    ],
    [t],
  );

  const onExport = () =>
    exportCheckups(
      CHECKUP_EXPORT_PATH,
      {
        ...state.filters,
        sort: state.table.sort ?? DEFAULT_CHECKUP_SORT,
        langue: isLanguage(i18n.language) ? i18n.language : 'fr_FR',
      },
      t('checkups.export.fileName'),
    );

  return (
    <CheckupListLayout
      title={t('routes.checkups')}
      filters={state.filters}
      onSearch={onSearch}
      onExport={onExport}
      isError={isError}
      onRetry={() => void refetch()}
    >
      <DataTable<CheckupRow>
        label={t('checkups.table')}
        columns={columns}
        rows={isError ? [] : (data?.items ?? [])}
        rowCount={isError ? 0 : (data?.totalRows ?? pendingRowCount)}
        loading={isFetching}
        query={state.table}
        onQueryChange={onQueryChange}
        onRowClick={(row) => void navigate(participantPath(row.idParticipant))}
        noRowsLabel={t('checkups.empty')}
      />
    </CheckupListLayout>
  );
}
