import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CountdownText, useWaitText } from '../../../components/countdown-text';
import { useCountdown } from '../../../lib/use-countdown';
import { type ResendLinkOutcome, resendLink } from '../api/resend-link';

function LinkCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function LoginButton({ variant }: { variant: 'contained' | 'text' }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={SCREENS.login.path} variant={variant}>
      {t('registration.notFound.login')}
    </Button>
  );
}

/** An unknown, spent or expired-and-replaced link (docs/activation.md#link-states "not found": the expired-link message). */
export function NotFoundCard() {
  const { t } = useTranslation();
  return (
    <LinkCard title={t('registration.notFound.title')}>
      <Typography sx={{ mb: 3 }}>{t('registration.notFound.text')}</Typography>
      <LoginButton variant="contained" />
    </LinkCard>
  );
}

/** A link past its expiry whose account still waits (docs/activation.md#link-states): a new link on request, then "sent". */
export function ExpiredCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendLinkOutcome | null>(null);
  // The server's Retry-After as a live countdown (issue 18); the button waits with it.
  const wait = useCountdown();
  const waitText = useWaitText();

  const resend = async () => {
    setSending(true);
    const next = await resendLink(token);
    if (next.kind === 'wait') wait.start(next.seconds);
    setOutcome(next);
    setSending(false);
  };

  if (outcome?.kind === 'sent')
    return (
      <LinkCard title={t('registration.expired.sentTitle')}>
        <Alert severity="success" sx={{ mb: 3 }} role="status">
          {t('registration.expired.sentText')}
        </Alert>
        <LoginButton variant="text" />
      </LinkCard>
    );

  return (
    <LinkCard title={t('registration.expired.title')}>
      <Typography sx={{ mb: 3 }}>{t('registration.expired.text')}</Typography>
      {outcome?.kind === 'wait' && (
        // Not an alert region: the moving figure is hidden from screen readers, the status inside speaks.
        <Alert severity={wait.left > 0 ? 'warning' : 'info'} role="none" sx={{ mb: 3 }}>
          <CountdownText
            left={wait.left}
            text={(seconds) => t('registration.expired.wait', { wait: waitText(seconds) })}
            doneText={t('registration.expired.waitOver')}
          />
        </Alert>
      )}
      {outcome && outcome.kind !== 'wait' && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('registration.expired.notSent')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" onClick={() => void resend()} disabled={sending || wait.left > 0}>
          {t('registration.expired.resend')}
        </Button>
        <LoginButton variant="text" />
      </Stack>
    </LinkCard>
  );
}
