import PersonIcon from '@mui/icons-material/Person';
import Grid from '@mui/material/Grid';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form-date-field';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { dayjs } from '../../../lib/dates';
import { useEnumOptions } from '../../../lib/enums';
import { FormSection } from './form-section';
import { ReadOnlyField } from './read-only-field';
import type { SectionProps } from './section-props';

/** The names' limit as the contract checks it (the same for the three names). */
const NAME_MAX = maxLengthOf(participantFormFields.shape.nom);

/** Civility, names, birth date and gender (docs/participants.md#form-rules); the last name is stored upper case. */
export function IdentitySection({ control, readOnly, participant }: SectionProps) {
  const { t } = useTranslation();
  const civilities = useEnumOptions('civilite', participant?.civilite);
  const genders = useEnumOptions('sexe', participant?.sexe);
  return (
    <FormSection title={t('participant.sections.identity')} icon={<PersonIcon color="primary" />}>
      <Grid size={{ xs: 12, sm: 4, md: 2 }}>
        <FormSelect
          control={control}
          name="civilite"
          label={t('participant.fields.civilite')}
          options={civilities.options}
          required
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8, md: 5 }}>
        <FormTextField
          control={control}
          name="nom"
          label={t('participant.fields.nom')}
          required
          disabled={readOnly}
          autoComplete="off"
          htmlInput={{ maxLength: NAME_MAX, style: { textTransform: 'uppercase' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormTextField
          control={control}
          name="prenom"
          label={t('participant.fields.prenom')}
          required
          disabled={readOnly}
          autoComplete="off"
          htmlInput={{ maxLength: NAME_MAX }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormTextField
          control={control}
          name="nomJeuneFille"
          label={t('participant.fields.nomJeuneFille')}
          disabled={readOnly}
          autoComplete="off"
          htmlInput={{ maxLength: NAME_MAX, style: { textTransform: 'uppercase' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormDateField
          control={control}
          name="dateNaissance"
          label={t('participant.fields.dateNaissance')}
          required
          disabled={readOnly}
          maxDate={dayjs()}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>
        <FormSelect
          control={control}
          name="sexe"
          label={t('participant.fields.sexe')}
          options={genders.options}
          required
          disabled={readOnly}
        />
      </Grid>
      {participant && (
        <Grid size={{ xs: 12, md: 4 }}>
          <ReadOnlyField label={t('participant.fields.nomPhonetique')} value={participant.nomPhonetique} />
        </Grid>
      )}
    </FormSection>
  );
}
