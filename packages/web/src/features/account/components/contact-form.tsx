import { zodResolver } from '@hookform/resolvers/zod';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { SCREENS } from '@portail/contract/routes';
import {
  type ContactForm as ContactValues,
  contactForm,
  type UserAccount,
} from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import type { PendingContact } from '@portail/contract/schemas/contact-change';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog';
import { ContactConfirmationDialog } from '../../../components/contact-confirmation-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { Panel } from '../../../components/panel';
import { CurrentPasswordField } from '../../../components/password-field';
import { applyFieldErrors, fieldsNamed } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { checkMobile } from '../../../lib/mobile-check';
import { notify } from '../../../lib/notify';
import { currentUser, isParticipant, logout, useSession } from '../../../lib/session';
import { accountKeys } from '../api/account-keys';
import { saveContact } from '../api/save-contact';

const valuesOf = (account: UserAccount): ContactValues => ({
  email: account.email ?? '',
  portable: account.portable ?? '',
  motDePasse: '',
});
const FIELDS = ['email', 'portable', 'motDePasse'] as const;
const waits = (pending: PendingContact) => pending.email !== null || pending.portable !== null;

/**
 * The contact e-mail and mobile (docs/personal-details.md#contact-confirmation): read-only until Edit; Save checks the mobile with the
 * server first (a warning dialog stops the save), then sends it with the current password (issue 17).
 * A new value waits for the code sent to it, typed in the confirmation dialog; once confirmed, a
 * notice says the session ends, and closing it signs the user out.
 */
export function ContactForm({ account, title }: { account: UserAccount; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [mobileRejected, setMobileRejected] = useState(false);
  const [saved, setSaved] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const [pending, setPending] = useState<PendingContact>(account.enAttente);
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const user = currentUser(useSession());
  // Only participants confirm a text-message code at sign-in (docs/personal-details.md#contact): correspondants are not told
  // that one will go to their mobile.
  const codeAtSignIn = user !== null && isParticipant(user);
  const { control, handleSubmit, reset, setError, formState } = useForm<ContactValues>({
    values: valuesOf(account),
    resolver: zodResolver(contactForm, { error: zodErrorKey }),
  });
  useLeaveConfirmation(editing && formState.isDirty && !saved);

  const cancel = () => {
    reset(valuesOf(account));
    setMessages([]);
    setEditing(false);
  };

  const submit = handleSubmit(
    async (values) => {
      setSaving(true);
      setMessages([]);
      try {
        const mobileValid = await checkMobile(values.portable);
        if (mobileValid === null) return;
        if (!mobileValid) {
          setMobileRejected(true);
          return;
        }
        const outcome = await saveContact(values);
        if (outcome.kind === 'done') {
          const waiting = outcome.data.enAttente;
          reset({ ...values, motDePasse: '' });
          setEditing(false);
          if (waits(waiting)) {
            setPending(waiting);
            setConfirming(true);
          } else {
            for (const message of outcome.messages) notify(`messages.${message.errorCode}`, 'success');
            setPending(waiting);
          }
        } else if (outcome.kind === 'invalid') {
          const landed = applyFieldErrors(setError, outcome.fieldErrors, fieldsNamed(FIELDS));
          setMessages(outcome.messages);
          if (!landed) notify('form.error', 'error');
        } else if (outcome.kind === 'refused') setMessages(outcome.messages);
      } finally {
        setSaving(false);
      }
    },
    () => notify('form.error', 'error'),
  );

  const pendingChanged = (next: PendingContact, confirmed: boolean) => {
    setPending(next);
    if (waits(next)) return;
    setConfirming(false);
    if (confirmed) setSaved(true);
    else void queryClient.invalidateQueries({ queryKey: accountKeys.user() });
  };

  const signOut = () => {
    logout('account.contact.signedOut', 'success');
    void navigate(SCREENS.login.path, { replace: true });
  };

  return (
    <Panel
      title={title}
      action={
        !editing && (
          <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            {t('account.contact.edit')}
          </Button>
        )
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
        <MessagesAlerts messages={messages} />
        {waits(pending) && !confirming && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            action={
              <Button onClick={() => setConfirming(true)}>{t('account.confirmContact.enterCode')}</Button>
            }
          >
            {t('account.confirmContact.pending', {
              value: [pending.email, pending.portable].filter(Boolean).join(', '),
            })}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              name="email"
              control={control}
              label={t('account.contact.email')}
              type="email"
              autoComplete="email"
              required={editing}
              disabled={saving}
              htmlInput={{ readOnly: !editing }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              name="portable"
              control={control}
              label={t('account.contact.portable')}
              type="tel"
              autoComplete="tel"
              required={editing}
              disabled={saving}
              htmlInput={{ readOnly: !editing }}
              helperText={editing ? t('account.contact.portableHelp') : undefined}
            />
          </Grid>
          {editing && (
            <Grid size={{ xs: 12, md: 6 }}>
              <CurrentPasswordField name="motDePasse" control={control} disabled={saving} />
            </Grid>
          )}
        </Grid>
        {editing && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={cancel} disabled={saving}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={saving}>
              {t('account.save')}
            </Button>
          </Stack>
        )}
      </form>
      <AlertDialog
        open={mobileRejected}
        title={t('account.contact.mobileAlert.title')}
        text={t('account.contact.mobileAlert.text')}
        onClose={() => setMobileRejected(false)}
      />
      <ContactConfirmationDialog
        open={confirming}
        pending={pending}
        onClose={() => setConfirming(false)}
        onPendingChange={pendingChanged}
      />
      <AlertDialog
        open={saved}
        title={t('account.contact.saved.title')}
        text={t(codeAtSignIn ? 'account.contact.saved.text' : 'account.contact.saved.textNoCode')}
        onClose={signOut}
      />
    </Panel>
  );
}
