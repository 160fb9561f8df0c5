import ConstructionIcon from '@mui/icons-material/Construction';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { findScreenRoute } from '@portail/contract/routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '../../lib/paths';
import { currentUser, useSession } from '../../lib/session';

/** Stands in for the screens of later versions; the route guard still applies their real roles. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = currentUser(useSession()) !== null;
  const titleKey = findScreenRoute(pathname)?.titleKey;
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <ConstructionIcon color="primary" fontSize="large" aria-hidden />
        <Typography component="h1" variant="h5">
          {titleKey ? t(titleKey) : t('product.name')}
        </Typography>
      </Stack>
      <Typography sx={{ mb: 3 }}>{t('coming.text')}</Typography>
      <Link component={RouterLink} to={signedIn ? HOME_PATH : LOGIN_PATH}>
        {signedIn ? t('app.backHome') : t('app.backLogin')}
      </Link>
    </Paper>
  );
}
