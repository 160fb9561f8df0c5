import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { RECOVERY_MESSAGES } from '@portail/contract/schemas/recovery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RetryAlert } from '../../components/retry-alert';
import { refusedWith } from '../../lib/outcome';
import { useTokenCheck } from './api/check-token';
import { type PasswordLinkMode, savePassword } from './api/save-password';
import { ExpiredLink } from './components/expired-link';
import { NewPasswordForm, type NewPasswordValues } from './components/new-password-form';
import { RecoveryPaper } from './components/recovery-paper';

/**
 * The link's token, read once on arrival. The address bar then drops it (replacing the history entry),
 * so it stays in no history, bookmark or screen share; the screen keeps it in memory only.
 */
function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token') || null);
  useEffect(() => {
    if (location.search !== '') void navigate(location.pathname, { replace: true });
  }, [location.search, location.pathname, navigate]);
  return token;
}

/**
 * Reset-password link screen (docs/recovery.md#reset-link): the token is checked first; an unknown, spent or expired one
 * shows the expired card; a valid one the new-password form. Saved, the user signs in again with it.
 */
function PasswordLinkPage({ mode }: { mode: PasswordLinkMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const check = useTokenCheck(token);
  const [spent, setSpent] = useState(false);

  if (token === null || spent || check.data === false) return <ExpiredLink />;

  const title = t(mode === 'change' ? 'routes.changePassword' : 'routes.reinitPassword');
  if (check.isError)
    return (
      <RecoveryPaper title={title}>
        <RetryAlert onRetry={() => void check.refetch()}>{t('recovery.newPassword.checkFailed')}</RetryAlert>
      </RecoveryPaper>
    );
  if (check.isPending)
    return (
      <RecoveryPaper title={title}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={28} aria-hidden />
          <Typography>{t('recovery.newPassword.checking')}</Typography>
        </Box>
      </RecoveryPaper>
    );

  const send = async (values: NewPasswordValues) => {
    const outcome = await savePassword(mode, { token, ...values });
    if (outcome.kind === 'done') {
      void navigate(SCREENS.login.path, {
        replace: true,
        state: { notice: RECOVERY_MESSAGES.passwordSaved },
      });
      return null;
    }
    const tokenRefused =
      outcome.kind === 'invalid' && outcome.fieldErrors.some((error) => error.field === 'token');
    if (tokenRefused || refusedWith(outcome, RECOVERY_MESSAGES.linkExpired)) {
      setSpent(true);
      return null;
    }
    return outcome;
  };

  return (
    <RecoveryPaper title={title} intro={t('recovery.newPassword.intro')}>
      <NewPasswordForm send={send} />
    </RecoveryPaper>
  );
}

export function ChangePasswordPage() {
  return <PasswordLinkPage mode="change" />;
}

export function ReinitPasswordPage() {
  return <PasswordLinkPage mode="reinit" />;
}
