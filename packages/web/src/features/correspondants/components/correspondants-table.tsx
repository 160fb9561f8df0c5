import type { GridColDef } from '@mui/x-data-grid';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type { Correspondant } from '@portail/contract/schemas/correspondants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import type { TableQuery } from '../../../components/table-query';
import { civilityLabel } from '../civility';

export interface CorrespondantsTableProps {
  rows: readonly Correspondant[];
  rowCount: number;
  /** The page could not be read: no "no correspondant matches", no count. */
  failed?: boolean;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  onOpen: (row: Correspondant) => void;
}

/**
 * The directory's table (docs/correspondants.md#detail): id, civility, name, mail, landline, mobile, establishment,
 * company and group. Sortable columns carry the contract's sort keys as their fields.
 */
export function CorrespondantsTable({ onOpen, ...props }: CorrespondantsTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;

  const columns = useMemo<GridColDef<Correspondant>[]>(
    () => [
      { field: 'id', headerName: t('correspondants.columns.id'), width: 80 },
      {
        field: 'civilite',
        headerName: t('correspondants.columns.civility'),
        width: 100,
        sortable: false,
        valueGetter: (_, row) => civilityLabel(row.contact.civilite, language),
      },
      {
        field: 'nom',
        headerName: t('correspondants.columns.name'),
        flex: 1,
        minWidth: 180,
        valueGetter: (_, row) => formatPersonName(row.contact.nom, row.contact.prenom),
      },
      {
        field: 'mail',
        headerName: t('correspondants.columns.mail'),
        flex: 1.2,
        minWidth: 200,
        sortable: false,
        valueGetter: (_, row) => row.contact.mail,
      },
      {
        field: 'telephone',
        headerName: t('correspondants.columns.landline'),
        width: 140,
        sortable: false,
        valueGetter: (_, row) => row.contact.telephone,
      },
      {
        field: 'portable',
        headerName: t('correspondants.columns.mobile'),
        width: 140,
        sortable: false,
        valueGetter: (_, row) => row.contact.portable,
      },
      {
        field: 'etablissement',
        headerName: t('correspondants.columns.establishment'),
        flex: 1,
        minWidth: 180,
        valueGetter: (_, row) => row.etablissement?.raisonsociale,
      },
      {
        field: 'entreprise',
        headerName: t('correspondants.columns.company'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_, row) => row.entreprise?.raisonsociale,
      },
      {
        field: 'groupement',
        headerName: t('correspondants.columns.group'),
        flex: 0.8,
        minWidth: 140,
        valueGetter: (_, row) => row.groupement?.raisonsociale,
      },
    ],
    [t, language],
  );

  return (
    <DataTable<Correspondant>
      {...props}
      label={t('correspondants.table')}
      columns={columns}
      onRowClick={onOpen}
      noRowsLabel={t('correspondants.empty')}
    />
  );
}
