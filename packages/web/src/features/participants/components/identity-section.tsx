import PersonIcon from '@mui/icons-material/Person';
import Grid from '@mui/material/Grid';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { ReadOnlyField } from '../../../components/read-only-field';
import { dayjs } from '../../../lib/dates';
import { useEnumOptions } from '../../../lib/enums';
import { DateCell, SelectCell, TextCell } from './form-cells';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

/** The names' limit as the contract checks it (the same for the three names). */
const NAME_MAX = maxLengthOf(participantFormFields.shape.nom);

/** Civility, names, birth date and gender (docs/participants.md#form-rules); the last name is stored upper case. */
export function IdentitySection({ control, readOnly, participant }: SectionProps) {
  const { t } = useTranslation();
  const civilities = useEnumOptions('civilite', participant?.civilite);
  const genders = useEnumOptions('sexe', participant?.sexe);
  const cell = { control, readOnly };
  return (
    <FormSection title={t('participant.sections.identity')} icon={<PersonIcon color="primary" />}>
      <SelectCell
        {...cell}
        size={{ xs: 12, sm: 4, md: 2 }}
        name="civilite"
        options={civilities.options}
        required
      />
      <TextCell
        {...cell}
        size={{ xs: 12, sm: 8, md: 5 }}
        name="nom"
        required
        autoComplete="off"
        htmlInput={{ maxLength: NAME_MAX, style: { textTransform: 'uppercase' } }}
      />
      <TextCell
        {...cell}
        size={{ xs: 12, md: 5 }}
        name="prenom"
        required
        autoComplete="off"
        htmlInput={{ maxLength: NAME_MAX }}
      />
      <TextCell
        {...cell}
        size={{ xs: 12, md: 4 }}
        name="nomJeuneFille"
        autoComplete="off"
        htmlInput={{ maxLength: NAME_MAX, style: { textTransform: 'uppercase' } }}
      />
      <DateCell {...cell} size={{ xs: 12, sm: 6, md: 4 }} name="dateNaissance" required maxDate={dayjs()} />
      <SelectCell {...cell} size={{ xs: 12, sm: 6, md: 4 }} name="sexe" options={genders.options} required />
      {participant && (
        <Grid size={{ xs: 12, md: 4 }}>
          <ReadOnlyField label={t('participant.fields.nomPhonetique')} value={participant.nomPhonetique} />
        </Grid>
      )}
    </FormSection>
  );
}
