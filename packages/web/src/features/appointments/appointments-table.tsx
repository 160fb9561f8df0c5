import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventIcon from '@mui/icons-material/Event';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  GridActionsCell,
  GridActionsCellItem,
  type GridColDef,
  type GridRenderCellParams,
} from '@mui/x-data-grid';
import { PAGE_SIZE } from '@portail/contract/constants';
import type { AppointmentRow } from '@portail/contract/schemas/appointments';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import type { TableQuery } from '../../components/table-query';
import { useCentre } from '../../lib/centre';
import { formatCentreDate, formatCentreTime } from '../../lib/dates';
import { localised, useEnglish } from '../../lib/localised';
import { downloadAppointmentIcs } from './api/download-ics';
import { googleCalendarUrl } from './google-calendar';

export interface AppointmentsTableProps {
  rows: readonly AppointmentRow[];
  rowCount: number;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
}

/** The table of "Mes rendez-vous" (000 §2.11); only the start is sortable (the contract's sort). */
export function AppointmentsTable(props: AppointmentsTableProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  // The event's place is the configured centre: the calendar link waits for it.
  const { data: centre } = useCentre();

  const columns = useMemo<GridColDef<AppointmentRow>[]>(() => {
    // The centre's wall-clock time: the visit is at 07:30 in Paris, wherever the device is.
    const when = (iso: string) => `${formatCentreDate(iso)} ${formatCentreTime(iso)}`;
    const physicians = (row: AppointmentRow) =>
      (
        [
          ['appointments.columns.cardiologist', row.cardiologue],
          ['appointments.columns.internist', row.interniste],
          ['appointments.columns.gynecologist', row.gynecologue],
        ] as const
      )
        .filter(([, name]) => name)
        .map(([key, name]) => `${t(key)} : ${name}`)
        .join('\n');
    const doctor = (field: 'cardiologue' | 'interniste' | 'gynecologue', key: string) =>
      ({ field, headerName: t(key), flex: 1, minWidth: 150, sortable: false }) as const;
    return [
      {
        field: 'calendar',
        type: 'actions',
        headerName: t('appointments.columns.calendar'),
        width: 110,
        // The grid's actions cell: focus lands on the first action, arrows move between them.
        renderCell: (params: GridRenderCellParams<AppointmentRow>) => {
          const { row } = params;
          const name = { purpose: localised(english, row.objet, row.objetEn), date: when(row.debut) };
          const google = t('appointments.google', name);
          const ics = t('appointments.ics', name);
          const link = centre
            ? {
                href: googleCalendarUrl(row, physicians(row), centre, english),
                target: '_blank',
                rel: 'noopener noreferrer',
              }
            : { disabled: true };
          return (
            <GridActionsCell {...params}>
              <GridActionsCellItem
                component="a"
                icon={<EventIcon fontSize="small" />}
                label={google}
                title={google}
                {...link}
              />
              <GridActionsCellItem
                icon={<FileDownloadIcon fontSize="small" />}
                label={ics}
                title={ics}
                onClick={() => void downloadAppointmentIcs(row.id)}
              />
            </GridActionsCell>
          );
        },
        getActions: () => [],
      },
      {
        field: 'objet',
        headerName: t('appointments.columns.purpose'),
        valueGetter: (_value: string, row: AppointmentRow) => localised(english, row.objet, row.objetEn),
        flex: 1.4,
        minWidth: 200,
        sortable: false,
      },
      {
        field: 'debut',
        headerName: t('appointments.columns.start'),
        width: 160,
        valueFormatter: (value: string) => when(value),
      },
      {
        field: 'bilanEnCours',
        headerName: t('appointments.columns.checkup'),
        width: 110,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) =>
          row.bilanEnCours ? (
            <CheckCircleIcon
              color="success"
              role="img"
              aria-hidden={false}
              aria-label={t('appointments.checkupInProgress')}
              sx={{ verticalAlign: 'middle' }}
            />
          ) : null,
      },
      doctor('cardiologue', 'appointments.columns.cardiologist'),
      doctor('interniste', 'appointments.columns.internist'),
      doctor('gynecologue', 'appointments.columns.gynecologist'),
      {
        field: 'statut',
        headerName: t('appointments.columns.status'),
        width: 120,
        sortable: false,
        valueGetter: (_value: string, row: AppointmentRow) => localised(english, row.statut, row.statutEn),
      },
    ];
  }, [t, centre, english]);

  return (
    <DataTable
      label={t('appointments.table')}
      columns={columns}
      noRowsLabel={t('appointments.empty')}
      pageSizeOptions={[PAGE_SIZE]}
      {...props}
    />
  );
}
