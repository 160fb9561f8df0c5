import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AppOptionsReply,
  appCode,
  type RecoveryCodesReply,
} from '@portail/contract/schemas/authenticator-app';
import type { Message } from '@portail/contract/schemas/common';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { confirmAppEnrolment } from '../authenticator-app-api';

const codeForm = z.object({ code: z.string().trim().min(1, 'errors.required').pipe(appCode) });
type CodeValues = z.infer<typeof codeForm>;
const EMPTY: CodeValues = { code: '' };

/** The base32 secret in groups of four, for typing it into an app by hand. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export interface AppEnrolmentDialogProps {
  /** The new secret, or null when the dialog is closed. */
  options: AppOptionsReply | null;
  onClose: () => void;
  /** The app is confirmed: its recovery codes, to show once. */
  onConfirmed: (reply: RecoveryCodesReply) => void;
}

/**
 * Adding the app (docs/second-factors.md#authenticator-app): the QR code to scan, the same key written
 * out in groups of four with a copy button, and the six-digit code the app then shows. A wrong code is
 * told on the field; the third drops the key (the server says to start again).
 */
export function AppEnrolmentDialog({ options, onClose, onConfirmed }: AppEnrolmentDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const secretId = useId();
  const [messages, setMessages] = useState<Message[]>([]);
  const form = useForm<CodeValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(codeForm, { error: zodErrorKey }),
  });

  const close = () => {
    if (form.formState.isSubmitting) return;
    form.reset(EMPTY);
    setMessages([]);
    onClose();
  };

  const submit = form.handleSubmit(async ({ code }) => {
    setMessages([]);
    const outcome = await confirmAppEnrolment(code);
    if (outcome.kind === 'done') {
      form.reset(EMPTY);
      onConfirmed(outcome.data);
      for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
      return;
    }
    if (outcome.kind === 'invalid') {
      applyFieldErrors(form.setError, outcome.fieldErrors, fieldsNamed(['code'] as const));
      setMessages(outcome.messages);
      return;
    }
    if (outcome.kind === 'refused') setMessages(outcome.messages);
  });

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(options?.secret ?? '');
      notify('secondFactor.app.copied', 'success');
    } catch {
      notify('secondFactor.app.copyFailed', 'warning');
    }
  };

  return (
    <Dialog
      open={options !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={form.formState.isSubmitting}>
        <DialogTitle id={titleId}>{t('secondFactor.app.scanTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {t('secondFactor.app.scanIntro')}
          </DialogContentText>
          {options && (
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <Box
                component="img"
                src={options.qr}
                alt={t('secondFactor.app.qrAlt')}
                sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }}
              />
              <Box sx={{ width: '100%' }}>
                <Typography id={secretId} variant="subtitle2" component="p">
                  {t('secondFactor.app.secretLabel')}
                </Typography>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
                >
                  <Typography
                    aria-labelledby={secretId}
                    data-testid="app-secret"
                    sx={{
                      fontFamily: 'monospace',
                      fontSize: '1.125rem',
                      overflowWrap: 'anywhere',
                      flexGrow: 1,
                      userSelect: 'all',
                    }}
                  >
                    {groupedSecret(options.secret)}
                  </Typography>
                  <Button
                    variant="outlined"
                    startIcon={<ContentCopyIcon />}
                    onClick={() => void copySecret()}
                  >
                    {t('secondFactor.app.copySecret')}
                  </Button>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t('secondFactor.app.secretHelp')}
                </Typography>
              </Box>
            </Stack>
          )}
          <MessagesAlerts messages={messages} />
          <Box sx={{ pt: 2 }}>
            <FormTextField
              control={form.control}
              name="code"
              label={t('secondFactor.app.code')}
              autoComplete="one-time-code"
              required
              disabled={form.formState.isSubmitting}
              htmlInput={{ inputMode: 'numeric', maxLength: 7 }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.formState.isSubmitting}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('secondFactor.app.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
