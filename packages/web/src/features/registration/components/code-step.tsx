import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONFIRMATION_CODE_LENGTH } from '@portail/contract/constants';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { ResendLink } from '../../../components/resend-link';
import { maskedPhone } from '../masked-phone';
import type { RegistrationDraft } from '../registration-form';

/** Where the text-message code stands on this screen. */
export type CodeStatus =
  | { kind: 'sending' }
  | { kind: 'sent'; tel: string; resent: boolean }
  /** Asked again too soon; `tel` is where the code already went, when this screen knows it. */
  | { kind: 'wait'; seconds: number; tel: string | null }
  | { kind: 'failed' }
  | { kind: 'confirmed' };

export interface CodeStepProps {
  control: Control<RegistrationDraft>;
  status: CodeStatus;
  onResend: () => void;
  /** Seconds before a new code may be asked for, counted down under the field. */
  resendLeft: number;
}

function StatusText({ status }: { status: CodeStatus }) {
  const { t } = useTranslation();
  switch (status.kind) {
    case 'sending':
      return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('registration.code.sending')}</Typography>
        </Stack>
      );
    case 'sent':
      return (
        <Typography role="status">
          {t(status.resent ? 'registration.code.resent' : 'registration.code.sentTo', {
            tel: maskedPhone(status.tel),
          })}
        </Typography>
      );
    case 'wait':
      // How long to wait is the live countdown beside the resend link, not a fixed figure here.
      return (
        <Typography role="status">
          {status.tel === null
            ? t('registration.code.sentEarlier')
            : t('registration.code.sentTo', { tel: maskedPhone(status.tel) })}
        </Typography>
      );
    case 'failed':
      return <Alert severity="error">{t('messages.registration.otpError')}</Alert>;
    case 'confirmed':
      return <Alert severity="success">{t('registration.code.confirmed')}</Alert>;
  }
}

/**
 * Participant step 1 (docs/activation.md#code-by-text): a code sent by text message to the mobile the centre holds, shown
 * masked. Submitting the step checks the code.
 */
export function CodeStep({ control, status, onResend, resendLeft }: CodeStepProps) {
  const { t } = useTranslation();
  if (status.kind === 'confirmed') return <StatusText status={status} />;
  return (
    <Stack spacing={2}>
      <StatusText status={status} />
      <FormTextField
        control={control}
        name="code"
        label={t('registration.code.label')}
        helperText={t('registration.code.help')}
        autoComplete="one-time-code"
        required
        htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: CONFIRMATION_CODE_LENGTH }}
      />
      <ResendLink
        intro={t('registration.code.notReceived')}
        label={t('registration.code.resend')}
        left={resendLeft}
        onResend={onResend}
        disabled={status.kind === 'sending'}
      />
    </Stack>
  );
}
