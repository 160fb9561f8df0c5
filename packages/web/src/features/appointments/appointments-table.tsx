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
import { localised, useEnglish } from '../../lib/localised';
import { appointmentWhen, useCalendarActions } from './calendar-actions';

export interface AppointmentsTableProps {
  /** Accessible name of the table. */
  label: string;
  /** Text of an empty table. */
  emptyLabel: string;
  /** Upcoming appointments get the "add to calendar" column; past ones do not. */
  upcoming: boolean;
  rows: readonly AppointmentRow[];
  rowCount: number;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
}

/** A table of "Mes rendez-vous" (docs/appointments.md#list); only the start is sortable (the contract's sort). */
export function AppointmentsTable({ label, emptyLabel, upcoming, ...props }: AppointmentsTableProps) {
  const { t } = useTranslation();
  const calendar = useCalendarActions();
  const english = useEnglish();

  const columns = useMemo<GridColDef<AppointmentRow>[]>(() => {
    const doctor = (field: 'cardiologue' | 'interniste' | 'gynecologue', key: string) =>
      ({ field, headerName: t(key), flex: 1, minWidth: 150, sortable: false }) as const;
    const calendarColumn: GridColDef<AppointmentRow> = {
      field: 'calendar',
      type: 'actions',
      headerName: t('appointments.columns.calendar'),
      width: 110,
      // The grid's actions cell: focus lands on the first action, arrows move between them.
      renderCell: (params: GridRenderCellParams<AppointmentRow>) => {
        const { google, ics } = calendar(params.row);
        const link = google.href
          ? { href: google.href, target: '_blank', rel: 'noopener noreferrer' }
          : { disabled: true };
        return (
          <GridActionsCell {...params}>
            <GridActionsCellItem
              component="a"
              icon={<EventIcon fontSize="small" />}
              label={google.label}
              title={google.label}
              {...link}
            />
            <GridActionsCellItem
              icon={<FileDownloadIcon fontSize="small" />}
              label={ics.label}
              title={ics.label}
              onClick={ics.download}
            />
          </GridActionsCell>
        );
      },
      getActions: () => [],
    };
    return [
      ...(upcoming ? [calendarColumn] : []),
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
        valueFormatter: (value: string) => appointmentWhen(value),
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
  }, [t, calendar, upcoming, english]);

  return (
    <DataTable
      label={label}
      columns={columns}
      noRowsLabel={emptyLabel}
      pageSizeOptions={[PAGE_SIZE]}
      {...props}
    />
  );
}
