import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { ARCHIVE_PASSWORD_MIN, archivePassword } from '@portail/contract/schemas/documents';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { alreadyTold } from '../../../lib/failure-key';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { fetchOwnMail } from '../api/send-documents';
import { type SendOutcome, sendSelection } from '../send-selection';
import type { Selection } from '../use-selection';

/** The dialog's fields (docs/documents-and-sheets.md#send-dialog, docs/documents-and-sheets.md#filters): the contract's rules for mail and password. */
const sendForm = z.object({
  mail: z.email({ error: (issue) => (issue.input ? 'errors.email' : 'errors.required') }).max(254),
  password: archivePassword,
});
type SendFormValues = z.infer<typeof sendForm>;
const EMPTY: SendFormValues = { mail: '', password: '' };

export interface SendDialogProps {
  open: boolean;
  selection: Selection;
  onClose: () => void;
  /** Called once the sending is over, whatever its outcome: the caller clears its selection. */
  onSent: (outcome: SendOutcome) => void;
}

/**
 * "Envoyer les documents" (docs/documents-and-sheets.md#send-dialog): a mail (or "myself", which fetches the own address and
 * locks the field) and the password of the ZIP. Idle → sending → success or error; then the dialog
 * closes, the form is reset and the selection cleared.
 */
export function SendDialog({ open, selection, onClose, onSent }: SendDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [myself, setMyself] = useState(false);
  const [fetchingMail, setFetchingMail] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [sending, setSending] = useState(false);
  const { control, handleSubmit, reset, setValue, setError, formState } = useForm<SendFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(sendForm, { error: zodErrorKey }),
    mode: 'onChange',
  });

  const finish = () => {
    reset(EMPTY);
    setMyself(false);
    setShowPassword(false);
  };

  const close = () => {
    if (sending) return;
    finish();
    onClose();
  };

  const toggleMyself = async (checked: boolean) => {
    setMyself(checked);
    if (!checked) {
      setValue('mail', '', { shouldValidate: true });
      return;
    }
    setFetchingMail(true);
    try {
      setValue('mail', await fetchOwnMail(), { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      setMyself(false);
      if (!alreadyTold(error)) notify('messages.document.error.mail', 'error');
    } finally {
      setFetchingMail(false);
    }
  };

  const submit = async (values: SendFormValues) => {
    setSending(true);
    notify('messages.document.send.enCours', 'info');
    const result = await sendSelection(values, selection);
    setSending(false);
    // A refused field (the password easily guessed) is the user's to correct: the dialog stays open.
    if ('fieldErrors' in result) {
      if (applyFieldErrors(setError, result.fieldErrors, fieldsNamed(['mail', 'password'] as const))) return;
      notify('form.error', 'error');
      return;
    }
    finish();
    onSent(result.outcome);
  };

  const canSend = formState.isValid && !sending && !fetchingMail;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} aria-busy={sending}>
        <DialogTitle id={titleId}>{t('sendDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('sendDialog.intro', { count: selection.documents.size + selection.annexes.size })}
          </DialogContentText>
          <Stack spacing={2}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={myself}
                  disabled={sending || fetchingMail}
                  onChange={(event) => void toggleMyself(event.target.checked)}
                />
              }
              label={t('sendDialog.myself')}
            />
            <FormTextField
              name="mail"
              control={control}
              label={t('sendDialog.mail')}
              type="email"
              autoComplete="email"
              required
              disabled={myself || sending}
            />
            <FormTextField
              name="password"
              control={control}
              label={t('sendDialog.password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              required
              disabled={sending}
              helperText={t('sendDialog.passwordHelp', { min: ARCHIVE_PASSWORD_MIN })}
              endAdornment={
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShowPassword((value) => !value)}
                    edge="end"
                    aria-label={showPassword ? t('sendDialog.hidePassword') : t('sendDialog.showPassword')}
                    aria-pressed={showPassword}
                  >
                    {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              }
            />
          </Stack>
          {sending && <LinearProgress sx={{ mt: 2 }} aria-label={t('sendDialog.sending')} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={sending}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSend} loading={sending}>
            {t('sendDialog.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
