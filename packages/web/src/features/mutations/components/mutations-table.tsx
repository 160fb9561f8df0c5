import type { GridColDef } from '@mui/x-data-grid';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckupBadge } from '../../../components/checkup-badge';
import { DataTable } from '../../../components/data-table';
import type { TableQuery } from '../../../components/table-query';
import { enumLabel, formatDateTime } from '../format';
import { CancelAllowedIcon } from './cancel-allowed-icon';

export interface MutationsTableProps {
  rows: readonly MutationRow[];
  rowCount: number;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  onOpen: (row: MutationRow) => void;
}

/**
 * The transfer list's table (001 §2): date, author, participant, allowed-to-cancel, destination,
 * source, reason, and B for a check-up in progress. Only the date sorts (the specified order); rows in
 * progress are drawn apart.
 */
export function MutationsTable({ onOpen, ...props }: MutationsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  const columns = useMemo<GridColDef<MutationRow>[]>(
    () => [
      {
        field: 'date',
        headerName: t('mutations.columns.date'),
        width: 150,
        sortingOrder: ['desc', 'asc'],
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'auteurMouvement',
        headerName: t('mutations.columns.author'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'participant',
        headerName: t('mutations.columns.participant'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_, row) => row.participant.name,
      },
      {
        field: 'allowedToCancel',
        headerName: t('mutations.columns.cancelAllowed'),
        width: 120,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => <CancelAllowedIcon allowed={row.allowedToCancel === 1} />,
      },
      {
        field: 'etablissementDestination',
        headerName: t('mutations.columns.destination'),
        flex: 1.2,
        minWidth: 200,
        sortable: false,
        valueGetter: (_, row) => row.etablissementDestination.raisonsociale,
      },
      {
        field: 'etablissementSource',
        headerName: t('mutations.columns.source'),
        flex: 1.2,
        minWidth: 200,
        sortable: false,
        valueGetter: (_, row) => row.etablissementSource.raisonsociale,
      },
      {
        field: 'motifMouvement',
        headerName: t('mutations.columns.reason'),
        flex: 0.8,
        minWidth: 140,
        sortable: false,
        valueGetter: (_, row) => enumLabel(row.motifMouvement, language),
      },
      {
        field: 'bilanEnCours',
        headerName: t('mutations.columns.checkup'),
        width: 90,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) =>
          row.participant.bilanEnCours ? <CheckupBadge label={t('mutations.checkupInProgress')} /> : null,
      },
    ],
    [t, language],
  );

  return (
    <DataTable<MutationRow>
      {...props}
      label={t('mutations.table')}
      columns={columns}
      onRowClick={onOpen}
      isRowHighlighted={(row) => row.encours}
      noRowsLabel={t('mutations.empty')}
    />
  );
}
