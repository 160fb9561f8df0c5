import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventIcon from '@mui/icons-material/Event';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppointmentRow } from '@portail/contract/schemas/appointments';
import { useTranslation } from 'react-i18next';
import { CardPager } from '../../components/card-pager';
import type { TableQuery } from '../../components/table-query';
import { localised, useEnglish } from '../../lib/localised';
import { appointmentWhen, useCalendarActions, usePhysicians } from './calendar-actions';

export interface AppointmentCardsProps {
  /** Accessible name of the list. */
  label: string;
  emptyLabel: string;
  /** Upcoming appointments offer "add to calendar"; past ones do not. */
  upcoming: boolean;
  rows: readonly AppointmentRow[];
  rowCount: number;
  loading: boolean;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
}

/** The appointments on a phone: one card each, the date first, every action a full button. */
export function AppointmentCards({
  label,
  emptyLabel,
  upcoming,
  rows,
  rowCount,
  loading,
  query,
  onQueryChange,
}: AppointmentCardsProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  const calendar = useCalendarActions();
  const physicians = usePhysicians();
  return (
    <Box aria-busy={loading}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('layout.loading')} />}</Box>
      {rows.length === 0 ? (
        <Typography sx={{ py: 2, color: 'text.secondary' }}>
          {loading ? t('form.loading') : emptyLabel}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => {
            const actions = upcoming ? calendar(row) : null;
            return (
              <Paper component="li" variant="outlined" key={row.id} sx={{ p: 2 }}>
                <Typography component="p" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
                  {appointmentWhen(row.debut)}
                </Typography>
                <Typography component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {localised(english, row.objet, row.objetEn)}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
                  <Chip
                    size="small"
                    label={t('appointments.status', { status: localised(english, row.statut, row.statutEn) })}
                  />
                  {row.bilanEnCours && (
                    <Chip
                      size="small"
                      color="success"
                      variant="outlined"
                      icon={<CheckCircleIcon />}
                      label={t('appointments.checkupInProgress')}
                    />
                  )}
                </Stack>
                {physicians(row).map((line) => (
                  <Typography
                    key={line}
                    variant="body2"
                    sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                  >
                    {line}
                  </Typography>
                ))}
                {actions && (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<EventIcon />}
                      aria-label={actions.google.label}
                      disabled={actions.google.href === null}
                      {...(actions.google.href
                        ? { href: actions.google.href, target: '_blank', rel: 'noopener noreferrer' }
                        : {})}
                    >
                      {t('appointments.googleShort')}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<FileDownloadIcon />}
                      aria-label={actions.ics.label}
                      onClick={actions.ics.download}
                    >
                      {t('appointments.icsShort')}
                    </Button>
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
      <CardPager
        page={query.page}
        size={query.size}
        totalRows={rowCount}
        onPageChange={(page) => onQueryChange({ ...query, page })}
      />
    </Box>
  );
}
