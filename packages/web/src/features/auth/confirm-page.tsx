import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCREENS } from '@portail/contract/routes';
import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import type { SecondStepMethod } from '@portail/contract/schemas/second-factors';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MessagesAlerts } from '../../components/messages-alerts';
import { i18next } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { fromOf } from '../../lib/paths';
import {
  currentUser,
  isCorrespondant,
  loadPrincipal,
  logout,
  needsConfirmation,
  useSession,
} from '../../lib/session';
import { EnrolFirst, SECURITY_TAB_PATH } from '../account';
import { AppCodeStep, PasskeyStep, RecoveryCodeStep } from '../second-factors';
import { type StepProps, useSecondStepMethods } from './second-step/api';
import { SmsCodeStep } from './second-step/sms-code-step';

/**
 * The second step's methods other than the text message, each its own component
 * (docs/second-factors.md#second-step). A method the server offers and this map lacks is not shown.
 */
const STEPS: Partial<Record<Exclude<SecondStepMethod, 'sms'>, ComponentType<StepProps>>> = {
  cle: PasskeyStep,
  application: AppCodeStep,
  secours: RecoveryCodeStep,
};

/** The methods this page can show, in the server's order (strongest first). */
const shown = (methods: readonly SecondStepMethod[]) =>
  methods.filter((method) => method === 'sms' || STEPS[method] !== undefined);

/**
 * Second sign-in step (docs/sign-in-and-sessions.md#code-confirmation, docs/second-factors.md#second-step):
 * the strongest method the account holds first (a passkey, an app code), the others one click away (a
 * recovery code, a text message). Wrong tries warn (`tentative.1`, `tentative.2`); the third, or an
 * expired text-message code, ends the session on the server. A correspondant the centre requires a
 * factor of, with none and no mobile, enrols one here first.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = fromOf(useLocation().state);
  const session = useSession();
  const user = currentUser(session);
  // Decided once on arrival: confirming the code here must not count as "already signed in".
  const [alreadyConfirmed] = useState(() => user !== null && !needsConfirmation(user));
  const methods = useSecondStepMethods();
  const [chosen, setChosen] = useState<SecondStepMethod | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (alreadyConfirmed) logout('authConfirm.error.alreadyLogued', 'warning');
  }, [alreadyConfirmed]);

  if (alreadyConfirmed) return null;

  const onCancel = () => {
    logout();
    void navigate(SCREENS.login.path, { replace: true });
  };

  /** In: the full user, then where the person was going, or the security tab when the centre asks for a factor. */
  const signedIn = async () => {
    // The API client has already reported a failure to reload the user.
    const confirmed = await loadPrincipal().catch(() => null);
    if (!confirmed) return;
    notify('auth.connected', 'success');
    if (methods.data?.facteurDemande && isCorrespondant(confirmed)) {
      void navigate(SECURITY_TAB_PATH, { replace: true, state: { facteurDemande: true } });
      return;
    }
    void navigate(from ?? SCREENS.home.path, { replace: true });
  };

  const onOutcome = async (reply: ConfirmCodeReply) => {
    setMessages([]);
    if (reply.ok) {
      await signedIn();
      return;
    }
    const received = reply.ciemException.messages;
    const fatal = received.find((message) => message.level === 'ERROR');
    if (fatal) {
      // The server has ended the session: back to sign-in with its reason.
      const reason = `messages.${fatal.errorCode}`;
      logout(i18next.exists(reason) ? reason : 'auth.tokenException', 'error');
      void navigate(SCREENS.login.path, { replace: true });
      return;
    }
    setMessages(received.length > 0 ? received : [{ level: 'WARN', errorCode: 'code.invalid' }]);
  };

  const choose = (method: SecondStepMethod) => {
    setMessages([]);
    setChosen(method);
    heading.current?.focus();
  };

  const title = (
    <Typography component="h1" variant="h5" gutterBottom ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
      {t('authConfirm.title')}
    </Typography>
  );

  if (methods.isPending) {
    return (
      <Paper sx={{ p: { xs: 3, sm: 4 } }} aria-busy>
        {title}
        <Skeleton variant="rounded" height={120} />
      </Paper>
    );
  }
  if (methods.isError) {
    return (
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        {title}
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('authConfirm.methodsError')}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <Button variant="contained" onClick={() => void methods.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const { methodes, tel, smsEnvoye, enrolementRequis } = methods.data;
  if (enrolementRequis) {
    return (
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        {title}
        <EnrolFirst onEnrolled={() => void signedIn()} onCancel={onCancel} />
      </Paper>
    );
  }
  const available = shown(methodes);
  const current = chosen ?? available[0];
  if (!current) {
    // No way through: a participant or a member of staff without a mobile on file or any factor.
    return (
      <Paper sx={{ p: { xs: 3, sm: 4 } }}>
        {title}
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('authConfirm.noMethod')}
        </Alert>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
        </Stack>
      </Paper>
    );
  }
  const Step = current === 'sms' ? null : STEPS[current];
  const others = available.filter((method) => method !== current);
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      {title}
      <MessagesAlerts messages={messages} />
      {Step ? (
        <Step key={current} onOutcome={onOutcome} />
      ) : (
        <SmsCodeStep key="sms" tel={tel} sent={smsEnvoye} onOutcome={onOutcome} onCancel={onCancel} />
      )}
      {others.length > 0 && (
        <Box component="nav" aria-label={t('authConfirm.otherMethods')} sx={{ mt: 3 }}>
          <Typography component="h2" variant="subtitle2" gutterBottom>
            {t('authConfirm.otherMethods')}
          </Typography>
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            {others.map((method) => (
              <Button key={method} onClick={() => choose(method)}>
                {t(`authConfirm.methods.${method}`)}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
      {Step && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
        </Stack>
      )}
    </Paper>
  );
}
