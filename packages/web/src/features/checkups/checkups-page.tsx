import type { GridColDef } from '@mui/x-data-grid';
import { checkupApi } from '@portail/contract/api/checkups';
import { formatPersonName } from '@portail/contract/rules/person-name';
import {
  CHECKUP_SORT_FIELDS,
  type CheckupRow,
  DEFAULT_CHECKUP_SORT,
} from '@portail/contract/schemas/checkups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clampedText } from '../../components/cell-text';
import { formatDate } from '../../lib/dates';
import { scopeColumns, useScopeOrganisations } from '../../lib/scope-organisations';
import { useCheckups } from './api/get-checkups';
import { type CheckupListKind, CheckupListScreen } from './components/checkup-list-screen';
import { CheckupStateChip } from './components/checkup-state-chip';
import { useCheckupList } from './use-checkup-list';

const CHECKUPS: CheckupListKind<CheckupRow> = {
  sortFields: CHECKUP_SORT_FIELDS,
  defaultSort: DEFAULT_CHECKUP_SORT,
  exportRoute: checkupApi.exportList,
  fileNameKey: 'checkups.export.fileName',
  participantOf: (row) => row.idParticipant,
};
const dateColumn = { flex: 1, minWidth: 110, valueFormatter: (value: string | null) => formatDate(value) };

/** The correspondant's check-ups (docs/checkups.md#list): a row a check-up whose first appointment is in the range. */
export function CheckupsPage() {
  const { t } = useTranslation();
  const list = useCheckupList(CHECKUPS);
  const result = useCheckups(list.query);
  const organisations = useScopeOrganisations(true);

  const columns = useMemo<GridColDef<CheckupRow>[]>(
    () => [
      { field: 'id', headerName: t('checkups.columns.id'), flex: 0.5, minWidth: 88 },
      {
        field: 'nom',
        headerName: t('checkups.columns.name'),
        flex: 1.2,
        minWidth: 130,
        valueGetter: (_, row) => formatPersonName(row.nom, row.prenom),
        ...clampedText,
      },
      ...scopeColumns<CheckupRow>(organisations, t, 110),
      {
        field: 'datePremierRdv',
        headerName: t('checkups.columns.firstAppointment'),
        description: t('checkups.columns.firstAppointment'),
        ...dateColumn,
        minWidth: 135,
      },
      { field: 'dateCloture', headerName: t('checkups.columns.closing'), ...dateColumn },
      { field: 'dateFacturation', headerName: t('checkups.columns.billing'), ...dateColumn, minWidth: 120 },
      {
        field: 'etatBilan',
        headerName: t('checkups.columns.state'),
        flex: 0.8,
        minWidth: 110,
        renderCell: ({ row }) => <CheckupStateChip state={row.etatBilan} />,
      },
    ],
    [t, organisations],
  );

  return (
    <CheckupListScreen
      kind={CHECKUPS}
      list={list}
      result={result}
      title={t('routes.checkups')}
      tableLabel={t('checkups.table')}
      columns={columns}
      organisations={organisations}
    />
  );
}
