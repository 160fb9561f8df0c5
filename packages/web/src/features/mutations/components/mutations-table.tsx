import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { SCREENS, screenPath } from '@portail/contract/routes';
import type { MutationRow } from '@portail/contract/schemas/mutations';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { centredInCell, clampedText, twoLines } from '../../../components/cell-text';
import { CheckupBadge } from '../../../components/checkup-badge';
import { DataTable } from '../../../components/data-table';
import type { TableQuery } from '../../../components/table-query';
import { formatDateTime } from '../../../lib/dates';
import { reasonText } from '../format';
import { CancelAllowedIcon } from './cancel-allowed-icon';
import { DirectionLabel } from './direction-label';

export interface MutationsTableProps {
  rows: readonly MutationRow[];
  rowCount: number;
  loading: boolean;
  /** The page could not be read: the table claims neither "no transfer" nor a count. */
  failed: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  onOpen: (row: MutationRow) => void;
}

/**
 * The transfer list's table (docs/transfers.md#list): date, direction, participant, source, destination, reason, B for
 * a check-up in progress, then allowed-to-cancel and author. The columns one acts on come first. The
 * direction is the caller's scope's (an arrow and its word); the participant's name opens their page,
 * the rest of the row the transfer. Long texts take two lines and show whole on hover, so that every
 * column fits beside the open side menu at 1366 pixels (issue 18). Only the date sorts (the specified order); rows in progress are
 * drawn apart.
 */
export function MutationsTable({ onOpen, ...props }: MutationsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  const columns = useMemo<GridColDef<MutationRow>[]>(
    () => [
      {
        field: 'date',
        headerName: t('mutations.columns.date'),
        width: 136,
        sortingOrder: ['desc', 'asc'],
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'sens',
        headerName: t('mutations.columns.direction'),
        width: 108,
        sortable: false,
        renderCell: ({ row }) => <DirectionLabel direction={row.sens} />,
      },
      {
        field: 'participant',
        headerName: t('mutations.columns.participant'),
        flex: 1,
        minWidth: 108,
        sortable: false,
        valueGetter: (_, row) => row.participant.name,
        renderCell: ({ row, hasFocus }) => (
          <Box component="span" sx={centredInCell}>
            <Link
              sx={twoLines}
              component={RouterLink}
              to={screenPath(SCREENS.participant, { id: row.participant.id })}
              // One tab stop per grid: the link is reached from its focused cell (Tab), as MUI X advises.
              tabIndex={hasFocus ? 0 : -1}
              title={t('mutations.openParticipant', { name: row.participant.name })}
              // The row opens the transfer; the name opens the participant, and only that.
              onClick={(event) => event.stopPropagation()}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.stopPropagation();
              }}
            >
              {row.participant.name}
            </Link>
          </Box>
        ),
      },
      {
        field: 'etablissementSource',
        headerName: t('mutations.columns.source'),
        description: t('mutations.detail.source'),
        flex: 1.2,
        minWidth: 118,
        sortable: false,
        valueGetter: (_, row) => row.etablissementSource.raisonsociale,
        ...clampedText,
      },
      {
        field: 'etablissementDestination',
        headerName: t('mutations.columns.destination'),
        description: t('mutations.detail.destination'),
        flex: 1.2,
        minWidth: 118,
        sortable: false,
        valueGetter: (_, row) => row.etablissementDestination.raisonsociale,
        ...clampedText,
      },
      {
        field: 'motifMouvement',
        headerName: t('mutations.columns.reason'),
        description: t('mutations.columns.reasonFull'),
        flex: 1,
        minWidth: 104,
        sortable: false,
        valueGetter: (_, row) => reasonText(row, language),
        ...clampedText,
      },
      {
        field: 'bilanEnCours',
        headerName: t('mutations.columns.checkup'),
        width: 60,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) =>
          row.participant.bilanEnCours ? <CheckupBadge label={t('mutations.checkupInProgress')} /> : null,
      },
      {
        field: 'allowedToCancel',
        headerName: t('mutations.columns.cancelAllowed'),
        width: 92,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) => <CancelAllowedIcon allowed={row.allowedToCancel === 1} />,
      },
      {
        field: 'auteurMouvement',
        headerName: t('mutations.columns.author'),
        flex: 0.8,
        minWidth: 96,
        sortable: false,
        ...clampedText,
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
