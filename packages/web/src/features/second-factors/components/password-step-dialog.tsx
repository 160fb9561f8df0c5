import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Message } from '@portail/contract/schemas/common';
import { currentPassword } from '@portail/contract/schemas/contact-change';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { CurrentPasswordField } from '../../../components/password-field';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { Outcome } from '../../../lib/outcome';

const passwordForm = z.object({ motDePasse: currentPassword });
type PasswordValues = z.infer<typeof passwordForm>;
const EMPTY: PasswordValues = { motDePasse: '' };

export interface PasswordStepDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  submitLabel: string;
  /** The call the password goes with; its outcome's field errors land on the password field. */
  save: (motDePasse: string) => Promise<Outcome<unknown>>;
}

/**
 * The current password before a change of the account's factors (docs/second-factors.md), as the
 * security dialogs of "Mes coordonnées" ask it: a wrong one is told on its field (and counts toward
 * the lock); a refusal shows its messages above it; done tells the reply's messages and closes.
 */
export function PasswordStepDialog({
  open,
  onClose,
  title,
  intro,
  submitLabel,
  save,
}: PasswordStepDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const [messages, setMessages] = useState<Message[]>([]);
  const form = useForm<PasswordValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(passwordForm, { error: zodErrorKey }),
  });
  const saving = form.formState.isSubmitting;

  const close = () => {
    if (saving) return;
    form.reset(EMPTY);
    setMessages([]);
    onClose();
  };

  const submit = form.handleSubmit(
    async ({ motDePasse }) => {
      setMessages([]);
      const outcome = await save(motDePasse);
      if (outcome.kind === 'done') {
        for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
        form.reset(EMPTY);
        onClose();
      } else if (outcome.kind === 'invalid') {
        const landed = applyFieldErrors(
          form.setError,
          outcome.fieldErrors,
          fieldsNamed(['motDePasse'] as const),
        );
        setMessages(outcome.messages);
        if (!landed) notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        setMessages(outcome.messages);
      }
    },
    () => notify('form.error', 'error'),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
          <MessagesAlerts messages={messages} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CurrentPasswordField name="motDePasse" control={form.control} disabled={saving} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
