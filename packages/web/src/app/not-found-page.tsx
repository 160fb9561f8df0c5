import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../lib/paths';
import { currentUser, useSession } from '../lib/session';
import { PublicFrame } from './layout/public-layout';

/** A path missing from the route table is denied (000 §2.1) and shown as "resource not found". */
export function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = currentUser(useSession()) !== null;
  return (
    <PublicFrame>
      <Paper sx={{ p: 4 }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('http.404')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('notFound.text')}</Typography>
        <Link component={RouterLink} to={signedIn ? HOME_PATH : LOGIN_PATH}>
          {signedIn ? t('app.backHome') : t('app.backLogin')}
        </Link>
      </Paper>
    </PublicFrame>
  );
}
