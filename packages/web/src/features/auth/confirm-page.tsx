import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CODE_RESEND_INTERVAL_S } from '@portail/contract/constants';
import { SCREENS } from '@portail/contract/routes';
import type { Message } from '@portail/contract/schemas/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MessagesAlerts } from '../../components/messages-alerts';
import { ResendLink } from '../../components/resend-link';
import { i18next } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { fromOf } from '../../lib/paths';
import { currentUser, loadPrincipal, logout, needsConfirmation, useSession } from '../../lib/session';
import { storeTel } from '../../lib/session-store';
import { useCountdown } from '../../lib/use-countdown';
import { confirmCode, resendCode } from './auth-api';
import { ConfirmForm } from './confirm-form';

/**
 * Second sign-in step of a participant (docs/sign-in-and-sessions.md#code-confirmation): the code sent by text message. Wrong codes warn
 * (`tentative.1`, `tentative.2`); the third, or an expired code, ends the session on the server.
 */
export function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = fromOf(useLocation().state);
  const session = useSession();
  const user = currentUser(session);
  // Decided once on arrival: confirming the code here must not count as "already signed in".
  const [alreadyConfirmed] = useState(() => user !== null && !needsConfirmation(user));
  const [messages, setMessages] = useState<Message[]>([]);
  const resendWait = useCountdown();

  useEffect(() => {
    if (alreadyConfirmed) logout('authConfirm.error.alreadyLogued', 'warning');
  }, [alreadyConfirmed]);

  if (alreadyConfirmed) return null;

  const onConfirm = async (code: string) => {
    setMessages([]);
    let reply: Awaited<ReturnType<typeof confirmCode>>;
    try {
      reply = await confirmCode(code);
    } catch {
      return;
    }
    if (reply.ok) {
      // The API client has already reported a failure to reload the user.
      const confirmed = await loadPrincipal().catch(() => null);
      if (confirmed) {
        notify('auth.connected', 'success');
        void navigate(from ?? SCREENS.home.path, { replace: true });
      }
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

  const onResend = async () => {
    setMessages([]);
    const outcome = await resendCode().catch(() => null);
    if (!outcome) return;
    if (outcome.sent) {
      storeTel(outcome.tel);
      notify('authConfirm.resent', 'success', { tel: outcome.tel });
      resendWait.start(CODE_RESEND_INTERVAL_S);
      return;
    }
    // Asked again too soon: the live countdown under the form says for how long, not a fixed message.
    const throttled = outcome.messages.find((message) => message.errorCode === 'code.throttled');
    if (throttled) resendWait.start(Number(throttled.args?.[0] ?? CODE_RESEND_INTERVAL_S));
    else setMessages(outcome.messages);
  };

  const onCancel = () => {
    logout();
    void navigate(SCREENS.login.path, { replace: true });
  };

  const tel = session.token?.tel;
  return (
    <Paper sx={{ p: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('authConfirm.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{tel ? t('authConfirm.sentTo', { tel }) : t('authConfirm.sent')}</Typography>
      <MessagesAlerts messages={messages} />
      <ConfirmForm onConfirm={onConfirm} onCancel={onCancel} />
      <ResendLink
        intro={t('authConfirm.notReceived')}
        label={t('authConfirm.resend')}
        left={resendWait.left}
        onResend={() => void onResend()}
        sx={{ mt: 3 }}
      />
    </Paper>
  );
}
