import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RegistrationDraft } from '../registration-form';

export interface ConsentStepProps {
  control: Control<RegistrationDraft>;
  setValue: UseFormSetValue<RegistrationDraft>;
  disabled: boolean;
}

/**
 * Participant step 6 (docs/activation.md#participant-steps): access to the online medical record, accepted or refused. The two
 * boxes exclude each other: ticking one unticks the other; activating needs exactly one.
 */
export function ConsentStep({ control, setValue, disabled }: ConsentStepProps) {
  const { t } = useTranslation();
  const [accept, refuse] = useWatch({ control, name: ['accepterDMC', 'refuserDMC'] });

  const tick = (field: 'accepterDMC' | 'refuserDMC', checked: boolean) => {
    setValue(field, checked, { shouldDirty: true });
    if (checked)
      setValue(field === 'accepterDMC' ? 'refuserDMC' : 'accepterDMC', false, { shouldDirty: true });
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('registration.consent.intro')}</Typography>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('registration.consent.legend')}
        </FormLabel>
        <FormGroup>
          <FormControlLabel
            label={t('registration.consent.accept')}
            control={
              <Checkbox
                name="accepterDMC"
                checked={accept}
                onChange={(event) => tick('accepterDMC', event.target.checked)}
              />
            }
          />
          <FormControlLabel
            label={t('registration.consent.refuse')}
            control={
              <Checkbox
                name="refuserDMC"
                checked={refuse}
                onChange={(event) => tick('refuserDMC', event.target.checked)}
              />
            }
          />
        </FormGroup>
        <FormHelperText>{t('registration.consent.help')}</FormHelperText>
      </FormControl>
    </Stack>
  );
}
