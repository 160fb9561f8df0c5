import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { MessagesAlerts } from '../../../components/messages-alerts';
import type { RecoveryProblem } from '../api/recovery-outcome';

/** Why the last try did not go through, above the form: the server's messages, the wait, or a failure. */
export function ProblemAlert({ problem }: { problem: RecoveryProblem | null }) {
  const { t } = useTranslation();
  if (problem === null) return null;
  if (problem.kind === 'refused') return <MessagesAlerts messages={problem.messages} />;
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {problem.kind === 'throttled'
        ? t('recovery.tooManyAttempts', { count: problem.minutes })
        : t(problem.key)}
    </Alert>
  );
}
