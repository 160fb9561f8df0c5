import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form-date-field';
import { FormTextField } from '../../../components/form-text-field';
import { dayjs } from '../../../lib/dates';
import type { RegistrationDraft } from '../registration-form';

export interface IdentityStepProps {
  control: Control<RegistrationDraft>;
  disabled: boolean;
  /** Seconds before another try is allowed, when the tries are used up. */
  waitSeconds: number | null;
}

/**
 * Participant step 1, first part (issue 17): the birth date and the activation code the centre gave
 * the participant. The employer typed the contact details the link and the SMS go to; this code is
 * what only the participant has.
 */
export function IdentityStep({ control, disabled, waitSeconds }: IdentityStepProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography>{t('registration.identite.intro')}</Typography>
      {waitSeconds !== null && (
        <Alert severity="warning">
          {t('registration.identite.wait', { minutes: Math.max(1, Math.ceil(waitSeconds / 60)) })}
        </Alert>
      )}
      <FormDateField
        name="dateNaissance"
        control={control}
        label={t('registration.identite.birthDate')}
        maxDate={dayjs()}
        required
        disabled={disabled}
      />
      <FormTextField
        control={control}
        name="codeActivation"
        label={t('registration.identite.code')}
        helperText={t('registration.identite.codeHelp')}
        autoComplete="off"
        required
        disabled={disabled}
        htmlInput={{ maxLength: 12, autoCapitalize: 'characters', spellCheck: false }}
      />
    </Stack>
  );
}
