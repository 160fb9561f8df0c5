import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CODE_RESEND_INTERVAL_S } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/busy-button';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { ResendLink } from '../../../components/resend-link';
import { notify } from '../../../lib/notify';
import { storeTel } from '../../../lib/session-store';
import { useCountdown } from '../../../lib/use-countdown';
import { confirmCode, resendCode } from '../auth-api';
import { ConfirmForm } from '../confirm-form';
import type { StepProps } from './api';

export interface SmsCodeStepProps extends StepProps {
  /** The masked mobile the code goes to. */
  tel: string;
  /** A code already went out with the password step (otherwise the holder asks for one here). */
  sent: boolean;
  onCancel: () => void;
}

/**
 * The text-message code (docs/sign-in-and-sessions.md#code-confirmation): the specification's second
 * step. A holder of a passkey or an app gets no text unasked: they ask for one here.
 */
export function SmsCodeStep({ tel, sent, onOutcome, onCancel }: SmsCodeStepProps) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(sent);
  const [messages, setMessages] = useState<Message[]>([]);
  const [sending, setSending] = useState(false);
  const resendWait = useCountdown();

  const onConfirm = async (code: string) => {
    setMessages([]);
    const reply = await confirmCode(code).catch(() => null);
    if (reply) await onOutcome(reply);
  };

  const onResend = async () => {
    setMessages([]);
    const outcome = await resendCode().catch(() => null);
    if (!outcome) return;
    if (outcome.sent) {
      storeTel(outcome.tel);
      notify(asked ? 'authConfirm.resent' : 'authConfirm.smsSent', 'success', { tel: outcome.tel });
      setAsked(true);
      resendWait.start(CODE_RESEND_INTERVAL_S);
      return;
    }
    // Asked again too soon: the live countdown under the form says for how long, not a fixed message.
    const throttled = outcome.messages.find((message) => message.errorCode === 'code.throttled');
    if (throttled) resendWait.start(Number(throttled.args?.[0] ?? CODE_RESEND_INTERVAL_S));
    else setMessages(outcome.messages);
  };

  if (!asked) {
    return (
      <Stack spacing={2}>
        <Typography>{t('authConfirm.smsOffer', { tel })}</Typography>
        <MessagesAlerts messages={messages} />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('app.cancel')}</Button>
          <BusyButton
            variant="contained"
            busy={sending}
            onClick={() => {
              setSending(true);
              void onResend().finally(() => setSending(false));
            }}
          >
            {t('authConfirm.smsSend')}
          </BusyButton>
        </Stack>
      </Stack>
    );
  }
  return (
    <>
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
    </>
  );
}
