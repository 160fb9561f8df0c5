import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE } from '@portail/contract/constants';
import type { AppointmentWhen } from '@portail/contract/schemas/appointments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CentreTimeNotice } from '../../components/centre-time-notice';
import { PageTitle } from '../../components/page-title';
import { RetryAlert } from '../../components/retry-alert';
import { useTableQuery } from '../../components/table-query';
import { usePhone } from '../../lib/use-phone';
import { useAppointments } from './api/get-appointments';
import { AppointmentCards } from './appointment-cards';
import { AppointmentsTable } from './appointments-table';

const SECTIONS = { avenir: 'upcoming', passe: 'past' } as const satisfies Record<AppointmentWhen, string>;

/**
 * One half of "Mes rendez-vous": its own pages of 15, the upcoming soonest first, the past newest
 * first; a table on a large screen, cards on a phone.
 */
function AppointmentsSection({ when }: { when: AppointmentWhen }) {
  const { t } = useTranslation();
  const key = SECTIONS[when];
  const headingId = useId();
  const phone = usePhone();
  const { query, setQuery } = useTableQuery({
    size: PAGE_SIZE,
    sort: { field: 'debut', direction: when === 'avenir' ? 'ASC' : 'DESC' },
  });
  const list = useAppointments(when, query);
  const props = {
    label: t(`appointments.${key}.table`),
    emptyLabel: t(`appointments.${key}.empty`),
    upcoming: when === 'avenir',
    rows: list.data?.items ?? [],
    rowCount: list.data?.totalRows ?? 0,
    loading: list.isFetching,
    query,
    onQueryChange: setQuery,
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" gutterBottom>
        {t(`appointments.${key}.title`)}
      </Typography>
      {list.isError ? (
        <RetryAlert error={list.error} onRetry={() => void list.refetch()}>
          {t(`appointments.${key}.loadError`)}
        </RetryAlert>
      ) : phone ? (
        <AppointmentCards {...props} />
      ) : (
        <AppointmentsTable {...props} />
      )}
    </Box>
  );
}

/** "Mes rendez-vous" (docs/appointments.md#list): the upcoming appointments, then the past ones. */
export function AppointmentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.appointments')}</PageTitle>
      <CentreTimeNotice />
      <AppointmentsSection when="avenir" />
      <AppointmentsSection when="passe" />
    </>
  );
}
