import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Language } from '@portail/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { changeLanguage } from '../../lib/i18n';
import { useRegistrationLink } from './api/link-state';
import { ExpiredCard, NotFoundCard } from './components/link-cards';
import { RegistrationFlow } from './components/registration-flow';

/** The link's token: from the query on arrival, then from the history entry's state (a reload). */
function tokenOf(location: Location): string {
  const fromQuery = new URLSearchParams(location.search).get('token');
  if (fromQuery) return fromQuery;
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'token' in state && typeof state.token === 'string')
    return state.token;
  return '';
}

function Checking() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('registration.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('registration.checking')}</Typography>
      </Stack>
    </Paper>
  );
}

/**
 * Registration by link `/user/registrationCompte?token=` (docs/activation.md#link-states): the link is checked first;
 * not found, found but expired (resend), or the steps, in English when the account is English-only.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenOf(location));
  const link = useRegistrationLink(token);
  const state = link.data;
  const wanted: Language | null =
    state && !state.notFound ? (state.anglaisUniquement ? 'en_EN' : 'fr_FR') : null;
  const [settled, setSettled] = useState<Language | null>(null);

  // The token leaves the address bar at once (history, shared screens, a Referer): it stays in the
  // history entry's state, so that a reload still works.
  useEffect(() => {
    if (location.search !== '')
      void navigate({ pathname: location.pathname }, { replace: true, state: { token } });
  }, [location.search, location.pathname, navigate, token]);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void changeLanguage(wanted, false).finally(() => {
      if (live) setSettled(wanted);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  if (link.isPending) return <Checking />;
  if (link.isError)
    return (
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('registration.title')}
        </Typography>
        <RetryAlert onRetry={() => void link.refetch()}>{t('registration.loadError')}</RetryAlert>
      </Paper>
    );
  if (link.data.notFound || (!link.data.ok && !link.data.foundButExpired)) return <NotFoundCard />;
  // The steps show in the account's language once it has loaded (docs/activation.md#link-states).
  if (wanted !== settled) return <Checking />;
  if (link.data.foundButExpired) return <ExpiredCard token={token} />;
  return <RegistrationFlow token={token} state={link.data} />;
}
