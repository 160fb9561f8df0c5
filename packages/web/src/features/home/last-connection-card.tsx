import HistoryIcon from '@mui/icons-material/History';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { deviceOutsideCentreZone, formatDate, formatTime } from '../../lib/dates';

/**
 * The previous sign-in (docs/home.md#last-connection) on the centre's clocks, "Paris time" said on a device elsewhere
 * (issue 18), or a welcome on the first one.
 */
export function LastConnectionCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const date = formatDate(user.derniereConnexion);
  const text =
    user.premiereConnexion || !date
      ? t('home.firstConnection')
      : t(deviceOutsideCentreZone() ? 'home.lastConnectionCentre' : 'home.lastConnection', {
          date,
          time: formatTime(user.derniereConnexion),
        });
  return (
    <Card component="section" aria-labelledby="account-card-title" sx={{ height: '100%' }}>
      <CardHeader
        avatar={<HistoryIcon color="primary" />}
        title={t('home.accountTitle')}
        slotProps={{ title: { id: 'account-card-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Typography>{text}</Typography>
      </CardContent>
    </Card>
  );
}
