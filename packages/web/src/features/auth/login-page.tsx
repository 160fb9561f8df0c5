import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { changeLanguage, i18next } from '../../lib/i18n';
import { notify, showToast } from '../../lib/notify';
import { signIn } from '../../lib/session';
import { acknowledgeSessionEnd, clearSession } from '../../lib/session-store';
import { useCountdown } from '../../lib/use-countdown';
import { loginFailure } from './login-errors';
import { LoginForm, type LoginValues } from './login-form';

// Shown only after a screen that ends on sign-in: the sign-in page does not load it otherwise.
const Alert = lazy(() => import('@mui/material/Alert'));
// Sign-in with a passkey (docs/second-factors.md#passkeys) loads after the page.
const PasskeySignIn = lazy(() =>
  import('../second-factors').then((module) => ({ default: module.PasskeySignIn })),
);
const WaitAlert = lazy(() => import('./wait-alert').then((module) => ({ default: module.WaitAlert })));

const WAIT_REASONS = {
  'login.throttled': 'throttled',
  'login.tooManyTexts': 'tooManyTexts',
  'login.busy': 'busy',
} as const;
type WaitKey = keyof typeof WAIT_REASONS;
const isWaitKey = (key: string | null): key is WaitKey => key !== null && Object.hasOwn(WAIT_REASONS, key);

/**
 * Sign-in (docs/sign-in-and-sessions.md#sign-in-screen). Once signed in, the route guard moves the user on: to the code confirmation
 * for a participant, else to the page first asked for or home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  // A screen that ends on sign-in (a new password saved, an account activated) leaves its message here.
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
      ? `messages.${state.notice}`
      : null;
  // After a registration: the identifier the account signs in with, which the person may not know yet
  // (the portal draws it, issue 17).
  const identifier =
    typeof state === 'object' &&
    state !== null &&
    'identifiant' in state &&
    typeof state.identifiant === 'string'
      ? state.identifiant
      : '';

  // A 429 or 503: how long to wait, counted down on the page rather than told once by a toast.
  const [waitKey, setWaitKey] = useState<WaitKey | null>(null);
  const wait = useCountdown();

  useEffect(() => {
    acknowledgeSessionEnd();
  }, []);

  /** Signed in, by password or by passkey: the route guard moves on (to the code screen when one is due). */
  const signedIn = (user: SessionUser) => {
    if (user.anglaisUniquement) changeLanguage('en_EN', true);
    // A participant is signed in only once the text-message code is confirmed (confirm page).
    if (user.doubleAuthentificationConfirmee) notify('auth.connected', 'success');
  };

  const failed = async (error: unknown) => {
    const outcome = await loginFailure(error);
    // The third wrong password locks the account: nothing of the attempt may remain (docs/sign-in-and-sessions.md#login-messages).
    if (outcome.locked) clearSession(null);
    const seconds = outcome.values?.seconds;
    if (isWaitKey(outcome.key) && seconds !== undefined) {
      setWaitKey(outcome.key);
      wait.start(seconds);
      return;
    }
    if (outcome.text) showToast(i18next.exists(outcome.text) ? t(outcome.text) : outcome.text, 'error');
    else if (outcome.key)
      notify(i18next.exists(outcome.key) ? outcome.key : 'login.invalid_grant', 'error', outcome.values);
  };

  const submit = async (values: LoginValues): Promise<boolean> => {
    try {
      signedIn(await signIn(values));
      return true;
    } catch (error) {
      await failed(error);
      return false;
    }
  };

  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('login.title')}
      </Typography>
      {notice && i18next.exists(notice) && (
        <Suspense fallback={null}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t(notice)}
            {identifier !== '' && (
              <>
                <br />
                <strong>{t('login.registeredIdentifier', { identifiant: identifier })}</strong>
              </>
            )}
          </Alert>
        </Suspense>
      )}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('login.intro')}
      </Typography>
      {waitKey && (
        <Suspense fallback={null}>
          <WaitAlert reason={WAIT_REASONS[waitKey]} left={wait.left} />
        </Suspense>
      )}
      <LoginForm onSubmit={submit} initialIdentifier={identifier} />
      <Box sx={{ mt: 2 }}>
        <Suspense fallback={null}>
          <PasskeySignIn onSignedIn={signedIn} onFailure={failed} />
        </Suspense>
      </Box>
      <Stack spacing={1} sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}>
        <Link component={RouterLink} to={SCREENS.forgotPassword.path}>
          {t('login.forgotPassword')}
        </Link>
        <Link component={RouterLink} to={SCREENS.forgotIdentifier.path}>
          {t('login.forgotIdentifier')}
        </Link>
        <Link component={RouterLink} to={SCREENS.publicAssistance.path}>
          {t('login.assistance')}
        </Link>
      </Stack>
    </Paper>
  );
}
