import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deviceOutsideCentreZone } from '../lib/dates';

/**
 * "Heures de Paris" once near a list of times (appointments, transfers), only on a device whose clock is not the
 * centre's: there the times shown are not the device's own (issue 18).
 */
export function CentreTimeNotice() {
  const { t } = useTranslation();
  if (!deviceOutsideCentreZone()) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {t('dates.centreTime')}
    </Typography>
  );
}
