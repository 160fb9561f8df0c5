import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { useEnumOptions } from '../../../lib/enums';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

const PHONE = { maxLength: 30, inputMode: 'tel' } as const;
const NAME = { maxLength: 100 } as const;

/** The participant's contact person (docs/participants.md#form-rules): all optional. */
export function ContactSection({ control, readOnly, participant }: SectionProps) {
  const { t } = useTranslation();
  const civilities = useEnumOptions('civilite', participant?.contact.civilite);
  return (
    <FormSection title={t('participant.sections.contact')} icon={<ContactPhoneIcon color="primary" />}>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormSelect
          control={control}
          name="contact.civilite"
          label={t('participant.contact.civilite')}
          options={civilities.options}
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8, md: 4 }}>
        <FormTextField
          control={control}
          name="contact.nom"
          label={t('participant.contact.nom')}
          disabled={readOnly}
          htmlInput={NAME}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormTextField
          control={control}
          name="contact.prenom"
          label={t('participant.contact.prenom')}
          disabled={readOnly}
          htmlInput={NAME}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name="contact.fonction"
          label={t('participant.contact.fonction')}
          disabled={readOnly}
          htmlInput={NAME}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name="contact.mail"
          label={t('participant.contact.mail')}
          type="email"
          disabled={readOnly}
          htmlInput={{ maxLength: 254 }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="contact.telephoneFixe"
          label={t('participant.contact.telephoneFixe')}
          type="tel"
          disabled={readOnly}
          htmlInput={PHONE}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="contact.telephonePortable"
          label={t('participant.contact.telephonePortable')}
          type="tel"
          disabled={readOnly}
          htmlInput={PHONE}
        />
      </Grid>
    </FormSection>
  );
}
