import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { HomeVisit } from '@portail/contract/schemas/home';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentreDate, formatCentreTime } from '../../lib/dates';
import { localised, useEnglish } from '../../lib/localised';
import { stateChipColours } from './state-colour';

/** Minutes as `1 h 30` or `45 min`. */
function useDuration(minutes: number | null): string {
  const { t } = useTranslation();
  if (minutes === null) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('home.checkup.minutes', { minutes: rest });
  return t('home.checkup.hours', { hours, minutes: String(rest).padStart(2, '0') });
}

/** "Mammographie" as a type of the "Mammographie" entry says nothing more: shown once. */
const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** One visit of the check-up (docs/home.md#current-checkup): type, date and time at the centre, expected duration, coloured state. */
export function VisitItem({
  id,
  label,
  visit,
  action,
}: {
  id: string;
  label: string;
  visit: HomeVisit;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const duration = useDuration(visit.dureePrevue);
  const chip = stateChipColours(visit.couleurEtat);
  const english = useEnglish();
  const type = localised(english, visit.typeVisite, visit.typeVisiteEn);
  const state =
    visit.libelleEtat && localised(english, visit.libelleEtat, visit.libelleEtatEn ?? visit.libelleEtat);
  const when = visit.dateRdv
    ? t('home.checkup.when', {
        date: formatCentreDate(visit.dateRdv),
        time: formatCentreTime(visit.dateRdv),
      })
    : t('home.checkup.notPlanned');
  return (
    <ListItem
      disableGutters
      divider
      aria-labelledby={`${id}-title`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 16rem' }}>
        <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {sameText(label, type) ? label : t('home.checkup.visitTitle', { label, type })}
        </Typography>
        <Typography variant="body2">{when}</Typography>
        {duration && (
          <Typography variant="body2" color="text.secondary">
            {t('home.checkup.duration', { duration })}
          </Typography>
        )}
        {action}
      </Box>
      {state && (
        <Chip
          size="small"
          label={state}
          sx={chip ? { backgroundColor: chip.backgroundColor, color: chip.color } : undefined}
        />
      )}
    </ListItem>
  );
}
