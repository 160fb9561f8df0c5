import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownText, useWaitText } from '../../../components/countdown-text';
import { MessagesAlerts } from '../../../components/messages-alerts';
import type { OutcomeProblem } from '../../../lib/outcome';
import { useCountdown } from '../../../lib/use-countdown';

/** Why the last try did not go through, above the form: the server's messages, the wait, or a failure. */
export function ProblemAlert({ problem }: { problem: OutcomeProblem | null }) {
  const { t } = useTranslation();
  if (problem === null) return null;
  if (problem.kind === 'refused') return <MessagesAlerts messages={problem.messages} />;
  if (problem.kind === 'throttled') return <WaitAlert until={problem.until} />;
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {t(problem.key)}
    </Alert>
  );
}

/** Too many tries: a live countdown to the next one (issue 18); a new refusal starts it again. */
function WaitAlert({ until }: { until: number }) {
  const { t } = useTranslation();
  const waitText = useWaitText();
  const { left, start } = useCountdown();
  useEffect(() => start(Math.ceil((until - Date.now()) / 1000)), [until, start]);
  return (
    // Not an alert region: the moving figure is hidden from screen readers, the status inside speaks.
    <Alert severity={left > 0 ? 'error' : 'info'} role="none" sx={{ my: 2 }}>
      <CountdownText
        left={left}
        text={(seconds) => t('recovery.wait', { wait: waitText(seconds) })}
        doneText={t('recovery.waitOver')}
      />
    </Alert>
  );
}
