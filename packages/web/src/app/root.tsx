import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useApiLoading } from '../lib/loading';
import { useSession } from '../lib/session';
import { useHeadingFocusOnNavigation } from './heading-focus';

// Only a session can go idle: the timer and its dialog load once signed in.
const IdleLogout = lazy(() => import('./idle-logout').then((module) => ({ default: module.IdleLogout })));

/** The global loading indicator (docs/interface-conventions.md#layout): an API call in flight, or a screen's code still loading. */
function GlobalProgress() {
  const { t } = useTranslation();
  const apiLoading = useApiLoading();
  const navigating = useNavigation().state !== 'idle';
  if (!apiLoading && !navigating) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 2 }}>
      <LinearProgress aria-label={t('layout.loading')} color="secondary" />
    </Box>
  );
}

/** What every screen shares: loading indicator, idle logout, focus on the new screen's heading. */
export function Root() {
  const signedIn = useSession().token !== null;
  useHeadingFocusOnNavigation();
  return (
    <>
      <GlobalProgress />
      {signedIn && (
        <Suspense fallback={null}>
          <IdleLogout />
        </Suspense>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first screen's code loads. */
export function RootFallback() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('layout.loading')} />;
}
