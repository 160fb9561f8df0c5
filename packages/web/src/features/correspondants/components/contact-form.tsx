import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import {
  type Correspondant,
  type CorrespondantContactBody,
  correspondantContactBody,
} from '@portail/contract/schemas/correspondants';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { useLeaveConfirmation } from '../../../components/leave-confirmation';
import { useEnumOptions } from '../../../lib/enums';
import { errorMessage, zodErrorKey } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveCorrespondant } from '../api/save-correspondant';
import { type ContactDraft, contactDraft } from '../contact-draft';

type ContactResolver = Resolver<ContactDraft, unknown, CorrespondantContactBody>;
// The draft lets the civility be empty while typing, which is what the schema reports on submit:
// hence the one cast from the schema's input type to the draft's.
const resolver = zodResolver(correspondantContactBody, { error: zodErrorKey }) as unknown as ContactResolver;

/** The contract's limits, so a field stops where the server would refuse. */
const MAX_LENGTHS: Record<Exclude<keyof ContactDraft, 'civilite'>, number> = {
  nom: 100,
  prenom: 100,
  fonction: 100,
  mail: 254,
  telephone: 30,
  portable: 30,
  fax: 30,
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
]);
const isField = (name: string): name is keyof ContactDraft => FIELDS.has(name);

export interface ContactFormProps {
  record: Correspondant;
  /** Leaves the form: after a save, or on cancel. */
  onDone: () => void;
}

/**
 * The contact block of one's own record, edited (000 §2.10, §5): the contract's schema first
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const civilities = useEnumOptions('civilite', record.contact.civilite?.id ?? null);
  useLeaveConfirmation(form.formState.isDirty);

  const submit = form.handleSubmit(
    async (values) => {
      setRefusal(null);
      const outcome = await save.mutateAsync(values);
      if (outcome.kind === 'saved') {
        const codes = outcome.messages.map((message) => message.errorCode);
        for (const code of codes.length > 0 ? codes : ['correspondant.enregistre'])
          notify(`messages.${code}`, 'success');
        // Clean before leaving, so the leave confirmation does not ask about what was just saved.
        form.reset(form.getValues());
        onDone();
      } else if (outcome.kind === 'invalid') {
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
        setRefusal(outcome.messageKey);
      }
    },
    () => notify('form.error', 'error'),
  );

  const field = (name: Exclude<keyof ContactDraft, 'civilite'>, size: number, extra = {}) => (
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
    </Stack>
  );
}
