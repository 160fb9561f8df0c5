import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { Message } from '@portail/contract/schemas/common';
import { CONTACT_CHANGE_MESSAGES, type PendingContact } from '@portail/contract/schemas/contact-change';
import {
  type Correspondant,
  type CorrespondantContactBody,
  correspondantContactBody,
} from '@portail/contract/schemas/correspondants';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContactConfirmationDialog } from '../../../components/contact-confirmation-dialog';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { MessagesAlerts } from '../../../components/messages-alerts';
import { CurrentPasswordField } from '../../../components/password-field';
import { useEnumOptions } from '../../../lib/enums';
import { errorMessage, zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { loadPrincipal } from '../../../lib/session';
import { correspondantKeys } from '../api/correspondant-keys';
import { useSaveCorrespondant } from '../api/save-correspondant';
import { type ContactDraft, contactDraft } from '../contact-draft';

type ContactResolver = Resolver<ContactDraft, unknown, CorrespondantContactBody>;
// The draft lets the civility be empty while typing, which is what the schema reports on submit:
// hence the one cast from the schema's input type to the draft's.
const resolver = zodResolver(correspondantContactBody, { error: zodErrorKey }) as unknown as ContactResolver;

/** The contract's limits, read from its schema, so a field stops where the server would refuse. */
const MAX_LENGTHS: Record<Exclude<keyof ContactDraft, 'civilite' | 'motDePasse'>, number | undefined> = {
  nom: maxLengthOf(correspondantContactBody.shape.nom),
  prenom: maxLengthOf(correspondantContactBody.shape.prenom),
  fonction: maxLengthOf(correspondantContactBody.shape.fonction),
  mail: maxLengthOf(correspondantContactBody.shape.mail),
  telephone: maxLengthOf(correspondantContactBody.shape.telephone),
  portable: maxLengthOf(correspondantContactBody.shape.portable),
  fax: maxLengthOf(correspondantContactBody.shape.fax),
};

const FIELDS = new Set<string>([
  'civilite',
  'nom',
  'prenom',
  'telephone',
  'portable',
  'fax',
  'mail',
  'fonction',
  'motDePasse',
]);
const isField = (name: string): name is keyof ContactDraft => FIELDS.has(name);

export interface ContactFormProps {
  record: Correspondant;
  /** Leaves the form: after a save, or on cancel. */
  onDone: () => void;
}

/**
 * The contact block of one's own record, edited (docs/correspondants.md#detail, docs/participants.md#form-rules): the contract's schema first
 * (`form.error` when it fails), then the save, whose field errors land on their fields and whose
 * refusal shows above them. Leaving the page with changes asks first.
 */
export function ContactForm({ record, onDone }: ContactFormProps) {
  const { t } = useTranslation();
  const form = useForm<ContactDraft, unknown, CorrespondantContactBody>({
    resolver,
    defaultValues: contactDraft(record),
  });
  const { control } = form;
  const save = useSaveCorrespondant(record.id);
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [pending, setPending] = useState<PendingContact | null>(null);
  const civilities = useEnumOptions('civilite', record.contact.civilite?.id ?? null);
  useLeaveConfirmation(form.formState.isDirty);

  const submit = form.handleSubmit(
    async (values) => {
      setRefusal(null);
      setMessages([]);
      const outcome = await save.mutateAsync(values);
      if (outcome.kind === 'done') {
        const codes = outcome.messages.map((message) => message.errorCode);
        // A code waiting for its confirmation is told by the confirmation dialog, not a second toast.
        const waiting = outcome.data.enAttente.email !== null || outcome.data.enAttente.portable !== null;
        const told = codes.filter((code) => !(waiting && code === CONTACT_CHANGE_MESSAGES.codeSent));
        for (const code of told.length > 0 ? told : ['correspondant.enregistre'])
          notify(`messages.${code}`, 'success');
        // Clean before leaving, so the leave confirmation does not ask about what was just saved.
        form.reset({ ...form.getValues(), motDePasse: '' });
        // A new mail or mobile waits for its code: the form leaves once the dialog is done with.
        if (waiting) setPending(outcome.data.enAttente);
        else onDone();
      } else if (outcome.kind === 'invalid') {
        setMessages(outcome.messages);
        let first = true;
        for (const error of outcome.fieldErrors) {
          if (!isField(error.field)) continue;
          form.setError(
            error.field,
            { type: 'server', message: errorMessage(error.defaultMessage, error.args) },
            { shouldFocus: first },
          );
          first = false;
        }
        notify('form.error', 'error');
      } else if (outcome.kind === 'refused') {
        if (outcome.messages.length > 0) setMessages(outcome.messages);
        else setRefusal(outcome.messageKey);
      }
    },
    () => notify('form.error', 'error'),
  );

  // The record and the session user are read again: a confirmed mail or mobile shows at once.
  const done = () => {
    setPending(null);
    void queryClient.invalidateQueries({ queryKey: correspondantKeys.all });
    void loadPrincipal().catch(() => undefined);
    onDone();
  };

  const field = (name: Exclude<keyof ContactDraft, 'civilite' | 'motDePasse'>, size: number, extra = {}) => (
    <Grid size={{ xs: 12, sm: size }}>
      <FormTextField
        name={name}
        control={control}
        label={t(`correspondants.fields.${name}`)}
        htmlInput={{ maxLength: MAX_LENGTHS[name] }}
        {...extra}
      />
    </Grid>
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2}
      aria-label={t('correspondants.detail.formLabel')}
    >
      {refusal && <Alert severity="error">{t(refusal, { defaultValue: t('http.403') })}</Alert>}
      <MessagesAlerts messages={messages} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelect
            name="civilite"
            control={control}
            label={t('correspondants.fields.civilite')}
            options={civilities.options}
            required
          />
        </Grid>
        {field('nom', 4, { required: true, autoComplete: 'family-name' })}
        {field('prenom', 4, { required: true, autoComplete: 'given-name' })}
        {field('fonction', 6, { autoComplete: 'organization-title' })}
        {field('mail', 6, { required: true, type: 'email', autoComplete: 'email' })}
        {field('telephone', 4, { type: 'tel', autoComplete: 'tel' })}
        {field('portable', 4, { type: 'tel', autoComplete: 'tel' })}
        {field('fax', 4, { type: 'tel' })}
        <Grid size={{ xs: 12, sm: 6 }}>
          <CurrentPasswordField name="motDePasse" control={control} disabled={save.isPending} />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            form.reset();
            onDone();
          }}
          disabled={save.isPending}
        >
          {t('app.cancel')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={save.isPending}>
          {t('correspondants.detail.save')}
        </Button>
      </Stack>
      {pending && (
        <ContactConfirmationDialog
          open
          pending={pending}
          onClose={done}
          onPendingChange={(next) => {
            if (next.email === null && next.portable === null) done();
            else setPending(next);
          }}
        />
      )}
    </Stack>
  );
}
