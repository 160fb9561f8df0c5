import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentUser, needsConfirmation, useSession } from '../lib/session';
import { PublicFrame } from './layout/public-layout';

// The signed-in frame is its own chunk (see router.tsx): loaded here only for a signed-in user.
const AppLayout = lazy(() => import('./layout/app-layout').then((module) => ({ default: module.AppLayout })));

function NotFoundText({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('http.404')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('notFound.text')}</Typography>
      <Link component={RouterLink} to={signedIn ? SCREENS.home.path : SCREENS.login.path}>
        {signedIn ? t('app.backHome') : t('app.backLogin')}
      </Link>
    </Paper>
  );
}

/**
 * A path missing from the route table is denied (docs/roles-and-access.md#route-guard) and shown as "resource not found". A
 * signed-in, confirmed user keeps the top bar and the menu, so the way on is one click away.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  if (user && !needsConfirmation(user))
    return (
      <Suspense fallback={<LinearProgress aria-label={t('layout.loading')} />}>
        <AppLayout>
          <NotFoundText signedIn />
        </AppLayout>
      </Suspense>
    );
  return (
    <PublicFrame>
      <NotFoundText signedIn={user !== null} />
    </PublicFrame>
  );
}
