import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { CountdownText, useWaitText } from '../../components/countdown-text';

/** Why the sign-in must wait (429 or 503 with Retry-After), as the seconds count down (issue 18). */
export function WaitAlert({ reason, left }: { reason: 'throttled' | 'tooManyTexts' | 'busy'; left: number }) {
  const { t } = useTranslation();
  const waitText = useWaitText();
  return (
    // Not an alert region: the moving figure is hidden from screen readers, the status inside speaks.
    <Alert severity={left > 0 ? 'warning' : 'info'} role="none" sx={{ mb: 2 }}>
      <CountdownText
        left={left}
        text={(seconds) => t(`login.wait.${reason}`, { wait: waitText(seconds) })}
        doneText={t('login.wait.over')}
      />
    </Alert>
  );
}
