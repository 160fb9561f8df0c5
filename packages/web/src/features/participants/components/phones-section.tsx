import PhoneIcon from '@mui/icons-material/Phone';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

const PHONE = { maxLength: 30, inputMode: 'tel' } as const;

/** Phones and e-mail (docs/participants.md#form-rules); the mobile and the e-mail are required (docs/interface-conventions.md#mobile-check). */
export function PhonesSection({ control, readOnly }: SectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('participant.sections.phones')} icon={<PhoneIcon color="primary" />}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name="telephonePortable"
          label={t('participant.fields.telephonePortable')}
          type="tel"
          required
          disabled={readOnly}
          htmlInput={PHONE}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name="telephoneFixe"
          label={t('participant.fields.telephoneFixe')}
          type="tel"
          disabled={readOnly}
          htmlInput={PHONE}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormTextField
          control={control}
          name="telephoneSecretariat"
          label={t('participant.fields.telephoneSecretariat')}
          type="tel"
          disabled={readOnly}
          htmlInput={PHONE}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <FormTextField
          control={control}
          name="mail"
          label={t('participant.fields.mail')}
          type="email"
          required
          disabled={readOnly}
          htmlInput={{ maxLength: 254 }}
        />
      </Grid>
    </FormSection>
  );
}
