import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckupBadge } from '../../../components/checkup-badge';
import { DataTable, type TableSelection } from '../../../components/data-table';
import type { TableQuery } from '../../../components/table-query';
import { formatDate } from '../../../lib/dates';
import { useEnumLabel } from '../../../lib/enums';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';
import { TransferIcon } from './transfer-icon';

export interface ParticipantsTableProps {
  rows: readonly ParticipantRow[];
  rowCount: number;
  loading: boolean;
  /** The page could not be read: no "no participant matches", no count. */
  failed?: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  onOpen: (row: ParticipantRow) => void;
  onCreate?: () => void;
  /** Buttons beside "new participant" (the import from a spreadsheet). */
  actions?: ReactNode;
  /** The scope's companies and establishments: their columns show when it holds more than one. */
  organisations: ScopeOrganisations;
  /** A checkbox per row (correspondants, issue 22). */
  selection?: TableSelection<ParticipantRow>;
}

/** The participant list's table (docs/participants.md#list); sortable columns are the contract's sort fields. */
export function ParticipantsTable({ onOpen, organisations, ...props }: ParticipantsTableProps) {
  const { t } = useTranslation();
  const civility = useEnumLabel('civilite');

  const columns = useMemo<GridColDef<ParticipantRow>[]>(
    () => [
      { field: 'id', headerName: t('participants.columns.id'), width: 90 },
      {
        field: 'civilite',
        headerName: t('participants.columns.civility'),
        width: 110,
        sortable: false,
        valueGetter: (_, row) => civility(row.civilite),
      },
      {
        field: 'nom',
        headerName: t('participants.columns.name'),
        flex: 1,
        minWidth: 200,
        valueGetter: (_, row) => formatPersonName(row.nom, row.prenom),
        renderCell: ({ row, value }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <span>{value}</span>
            {!row.actif && <Chip size="small" variant="outlined" label={t('participant.status.inactive')} />}
          </Stack>
        ),
      },
      {
        field: 'dateNaissance',
        headerName: t('participants.columns.birthDate'),
        width: 140,
        valueFormatter: (value: string) => formatDate(value),
      },
      { field: 'mail', headerName: t('participants.columns.mail'), flex: 1.3, minWidth: 220 },
      {
        field: 'mutationEnCours',
        headerName: t('participants.columns.transfer'),
        width: 100,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => (row.mutationEnCours ? <TransferIcon /> : null),
      },
      {
        field: 'bilanEnCours',
        headerName: t('participants.columns.checkup'),
        width: 90,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) =>
          row.bilanEnCours ? <CheckupBadge label={t('participants.checkupInProgress')} /> : null,
      },
      // The scope's columns come after the specified ones (docs/participants.md#list), which keep their places and stay in
      // view at 1366 pixels; shown only when the scope holds more than one (issue 18).
      ...(organisations.showCompanies
        ? [
            {
              field: 'raisonSocialeEntreprise',
              headerName: t('scope.company'),
              flex: 1,
              minWidth: 170,
            } satisfies GridColDef<ParticipantRow>,
          ]
        : []),
      ...(organisations.showEstablishments
        ? [
            {
              field: 'idEtablissement',
              headerName: t('scope.establishment'),
              flex: 1,
              minWidth: 170,
              sortable: false,
              valueGetter: (_: unknown, row: ParticipantRow) =>
                organisations.establishmentName(row.idEtablissement),
            } satisfies GridColDef<ParticipantRow>,
          ]
        : []),
    ],
    [t, civility, organisations],
  );

  return (
    <DataTable<ParticipantRow>
      {...props}
      label={t('participants.table')}
      columns={columns}
      onRowClick={onOpen}
      createLabel={t('participants.create')}
      isRowInactive={(row) => !row.actif}
      noRowsLabel={t('participants.empty')}
    />
  );
}
