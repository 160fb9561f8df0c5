import Alert from '@mui/material/Alert';
import { PAGE_SIZE } from '@portail/contract/constants';
import { useTranslation } from 'react-i18next';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { PageTitle } from '../../components/page-title';
import { useTableQuery } from '../../components/table-query';
import { useAppointments } from './api/get-appointments';
import { AppointmentsTable } from './appointments-table';

/** "Mes rendez-vous" (000 §2.11): the participant's appointments, 15 a page, newest first. */
export function AppointmentsPage() {
  const { t } = useTranslation();
  const { query, setQuery } = useTableQuery({ size: PAGE_SIZE, sort: { field: 'debut', direction: 'DESC' } });
  const { data, isFetching, isError } = useAppointments(query);
  return (
    <>
      <PageTitle>{t('routes.appointments')}</PageTitle>
      {isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('appointments.loadError')}
        </Alert>
      )}
      <CentreTimeNotice />
      <AppointmentsTable
        rows={data?.items ?? []}
        rowCount={data?.totalRows ?? 0}
        loading={isFetching}
        query={query}
        onQueryChange={setQuery}
      />
    </>
  );
}
