import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Message } from '@portail/contract/schemas/common';
import {
  type ContactChannel,
  contactCodeBody,
  type PendingContact,
} from '@portail/contract/schemas/contact-change';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ContactChangeOutcome,
  cancelContactChange,
  confirmContactCode,
  resendContactCode,
} from '../lib/contact-change';
import { MessagesAlerts } from './messages-alerts';

export interface ContactConfirmationDialogProps {
  open: boolean;
  /** What waits for a code; the dialog shows one code field per channel that waits. */
  pending: PendingContact;
  /** The dialog is left with changes still waiting ("Later"). */
  onClose: () => void;
  /** What waits after a confirmation, resend or cancel: nothing left closes the step. */
  onPendingChange: (pending: PendingContact, confirmed: boolean) => void;
}

const CHANNELS: readonly ContactChannel[] = ['EMAIL', 'PORTABLE'];
const pendingValue = (pending: PendingContact, channel: ContactChannel) =>
  channel === 'EMAIL' ? pending.email : pending.portable;

/**
 * The second step of a contact change (issue 17): the code sent to the new e-mail or mobile is typed
 * here, with a resend (once a minute) and a cancel. The stored contact stays in use until then; the
 * server's messages (wrong code and tries left, expired, locked) show above the fields.
 */
export function ContactConfirmationDialog(props: ContactConfirmationDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const [codes, setCodes] = useState<Record<ContactChannel, string>>({ EMAIL: '', PORTABLE: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactChannel, string>>>({});
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState(false);
  const waiting = CHANNELS.filter((channel) => pendingValue(props.pending, channel) !== null);

  const run = async (
    call: () => Promise<ContactChangeOutcome>,
    confirmed = false,
    channel?: ContactChannel,
  ) => {
    setBusy(true);
    setMessages([]);
    try {
      const outcome = await call();
      if (outcome.kind === 'done') {
        setMessages(outcome.data.ciemException.messages);
        if (channel) setCodes((current) => ({ ...current, [channel]: '' }));
        props.onPendingChange(outcome.data.enAttente, confirmed);
      } else if (outcome.kind === 'refused') setMessages(outcome.messages);
    } finally {
      setBusy(false);
    }
  };

  const confirm = (channel: ContactChannel) => {
    const parsed = contactCodeBody.safeParse({ canal: channel, code: codes[channel] });
    if (!parsed.success) {
      setErrors((current) => ({
        ...current,
        [channel]: parsed.error.issues[0]?.message ?? 'errors.invalid',
      }));
      return;
    }
    setErrors((current) => ({ ...current, [channel]: undefined }));
    void run(() => confirmContactCode(channel, parsed.data.code), true, channel);
  };

  return (
    <Dialog
      open={props.open}
      onClose={() => !busy && props.onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <DialogTitle id={titleId}>{t('account.confirmContact.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {t('account.confirmContact.intro')}
        </DialogContentText>
        <div role="status" aria-live="polite">
          <MessagesAlerts messages={messages} />
        </div>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {waiting.map((channel, index) => {
            const value = pendingValue(props.pending, channel) ?? '';
            const label = t(
              channel === 'EMAIL'
                ? 'account.confirmContact.emailCode'
                : 'account.confirmContact.portableCode',
              {
                value,
              },
            );
            const error = errors[channel];
            return (
              <Stack
                key={channel}
                component="form"
                noValidate
                spacing={1}
                onSubmit={(event) => {
                  event.preventDefault();
                  confirm(channel);
                }}
              >
                <TextField
                  label={label}
                  value={codes[channel]}
                  onChange={(event) => setCodes((current) => ({ ...current, [channel]: event.target.value }))}
                  autoComplete="one-time-code"
                  autoFocus={index === 0}
                  required
                  disabled={busy}
                  error={error !== undefined}
                  helperText={error ? t(error) : undefined}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                />
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button onClick={() => void run(() => resendContactCode(channel))} disabled={busy}>
                    {t('account.confirmContact.resend')}
                  </Button>
                  <Button type="submit" variant="contained" loading={busy}>
                    {t('account.confirmContact.confirm')}
                  </Button>
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        {waiting.length > 0 && (
          <Button onClick={() => void run(cancelContactChange)} disabled={busy}>
            {t('account.confirmContact.cancelChange')}
          </Button>
        )}
        <Button onClick={props.onClose} disabled={busy}>
          {t('account.confirmContact.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
