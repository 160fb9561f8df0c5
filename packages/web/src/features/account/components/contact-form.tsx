import { zodResolver } from '@hookform/resolvers/zod';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import {
  type ContactForm as ContactValues,
  contactForm,
  type UserAccount,
} from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { Panel } from '../../../components/panel';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { zodErrorKey } from '../../../lib/form-errors';
import { checkMobile } from '../../../lib/mobile-check';
import { notify } from '../../../lib/notify';
import { LOGIN_PATH } from '../../../lib/paths';
import { logout } from '../../../lib/session';
import { saveContact } from '../api/save-contact';

const valuesOf = (account: UserAccount): ContactValues => ({
  email: account.email ?? '',
  portable: account.portable ?? '',
});

/**
 * The contact e-mail and mobile (001 §2, §4, §5): read-only until Edit; Save checks the mobile with the
 * server first (a warning dialog stops the save), then sends it. Once saved, a notice says the session
 * ends, and closing it signs the user out.
 */
export function ContactForm({ account, title }: { account: UserAccount; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [mobileRejected, setMobileRejected] = useState(false);
  const [saved, setSaved] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
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
        if (outcome.kind === 'saved') setSaved(true);
        else if (outcome.kind === 'invalid') {
          const landed = applyFieldErrors(setError, outcome.fieldErrors, (field) =>
            field === 'email' || field === 'portable' ? field : null,
          );
          setMessages(outcome.messages);
          if (!landed) notify('form.error', 'error');
        } else if (outcome.kind === 'refused') setMessages(outcome.messages);
      } finally {
        setSaving(false);
      }
    },
    () => notify('form.error', 'error'),
  );

  const signOut = () => {
    logout('account.contact.signedOut', 'success');
    void navigate(LOGIN_PATH, { replace: true });
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
      <AlertDialog
        open={saved}
        title={t('account.contact.saved.title')}
        text={t('account.contact.saved.text')}
        onClose={signOut}
      />
    </Panel>
  );
}
