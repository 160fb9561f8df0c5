import type { GridColDef } from '@mui/x-data-grid';
import { checkupApi } from '@portail/contract/api/checkups';
import { formatPersonName } from '@portail/contract/rules/person-name';
import {
  DEFAULT_HISTORY_SORT,
  HISTORY_SORT_FIELDS,
  type HistoryRow,
} from '@portail/contract/schemas/checkups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs, formatDate } from '../../lib/dates';
import { useEnumLabel } from '../../lib/enums';
import { scopeColumns, useScopeOrganisations } from '../../lib/scope-organisations';
import { useHistory } from './api/get-history';
import { type CheckupListKind, CheckupListScreen } from './components/checkup-list-screen';
import { useCheckupList } from './use-checkup-list';

const HISTORY: CheckupListKind<HistoryRow> = {
  sortFields: HISTORY_SORT_FIELDS,
  defaultSort: DEFAULT_HISTORY_SORT,
  exportRoute: checkupApi.exportHistory,
  fileNameKey: 'checkups.history.export.fileName',
  participantOf: (row) => row.id,
};
const SORTABLE = new Set(HISTORY.sortFields);
const dateColumn = { width: 125, valueFormatter: (value: string | null) => formatDate(value) };

/**
 * The check-up history (docs/checkups.md#history): a row a participant, with the closing dates of three years. Number,
 * name, the three closings and the next check-up come first, and fit beside the open side menu at
 * 1366 pixels (issue 18); the participant's other dates and settings follow.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const appointments = useEnumLabel('gestionRdv');
  const periodicity = useEnumLabel('periodicite');
  const list = useCheckupList(HISTORY);
  const organisations = useScopeOrganisations(true);
  const result = useHistory(list.query);
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
            minWidth: 180,
            valueGetter: (_, row) => formatPersonName(row.nom, row.prenom),
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
            width: 180,
          },
          // The scope's company and establishment after the key columns, which stay in view (issue 18).
          ...scopeColumns<HistoryRow>(organisations, t, 170),
          {
            field: 'dateNaissance',
            headerName: t('checkups.history.columns.birthDate'),
            ...dateColumn,
            width: 160,
          },
          { field: 'age', headerName: t('checkups.history.columns.age'), width: 80, type: 'number' },
          {
            field: 'dateAdhesion',
            headerName: t('checkups.history.columns.membership'),
            ...dateColumn,
            width: 160,
          },
          {
            field: 'dateResiliation',
            headerName: t('checkups.history.columns.termination'),
            ...dateColumn,
            width: 170,
          },
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
        ] satisfies GridColDef<HistoryRow>[]
      ).map((column) => ({ ...column, sortable: SORTABLE.has(column.field) })),
    [t, appointments, periodicity, year, organisations],
  );

  return (
    <CheckupListScreen
      kind={HISTORY}
      list={list}
      result={result}
      title={t('routes.checkupHistory')}
      tableLabel={t('checkups.history.table')}
      columns={columns}
      organisations={organisations}
    />
  );
}
