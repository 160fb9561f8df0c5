import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import type { RegistrationDraft } from '../registration-form';

/** Participant step 4 (docs/activation.md#participant-steps): the personal e-mail and mobile, both required. */
export function ContactStep({
  control,
  disabled,
}: {
  control: Control<RegistrationDraft>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('registration.contact.intro')}</Typography>
      <FormTextField
        control={control}
        name="emailPersonnel"
        label={t('registration.contact.email')}
        type="email"
        autoComplete="email"
        required
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name="portablePersonnel"
        label={t('registration.contact.mobile')}
        helperText={t('registration.contact.mobileHelp')}
        type="tel"
        autoComplete="tel"
        required
        disabled={disabled}
      />
    </Stack>
  );
}
