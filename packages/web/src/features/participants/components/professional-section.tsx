import WorkIcon from '@mui/icons-material/Work';
import Grid from '@mui/material/Grid';
import { EMPLOYEE_CATEGORY_CODE } from '@portail/contract/rules/participant';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAutocomplete } from '../../../components/form-autocomplete';
import { ReadOnlyField } from '../../../components/read-only-field';
import { useEnum, useEnumOptions } from '../../../lib/enums';
import { EstablishmentChooser } from './establishment-chooser';
import { SelectCell, TextCell } from './form-cells';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

export interface ProfessionalSectionProps extends SectionProps {
  /** Creating: the establishment is chosen among the correspondant's (required when several). */
  chooseEstablishment: boolean;
}

/**
 * Profession, country of practice, category and origin (docs/participants.md#form-rules). The origin is set from the countries
 * and postal code; an employee (category SAL) shows their establishment (docs/participants.md#detail).
 */
export function ProfessionalSection({
  control,
  readOnly,
  participant,
  chooseEstablishment,
}: ProfessionalSectionProps) {
  const { t } = useTranslation();
  const countries = useEnumOptions('pays');
  const categories = useEnumOptions('categorie', participant?.categorie);
  const origins = useEnumOptions('provenance', participant?.provenance);
  const { data: categoryItems } = useEnum('categorie');
  const category = useWatch({ control, name: 'categorie' });
  const employee =
    category !== null &&
    categoryItems?.find((item) => item.id === category)?.raccourci === EMPLOYEE_CATEGORY_CODE;

  const cell = { control, readOnly };
  return (
    <FormSection title={t('participant.sections.professional')} icon={<WorkIcon color="primary" />}>
      <TextCell
        {...cell}
        size={{ xs: 12, md: 6 }}
        name="profession"
        htmlInput={{ maxLength: maxLengthOf(participantFormFields.shape.profession) }}
      />
      <Grid size={{ xs: 12, md: 6 }}>
        <FormAutocomplete
          control={control}
          name="paysExercice"
          label={t('participant.fields.paysExercice')}
          options={countries.options}
          loading={countries.loading}
          required
          disabled={readOnly}
        />
      </Grid>
      <SelectCell {...cell} size={{ xs: 12, md: 6 }} name="categorie" options={categories.options} />
      <SelectCell
        {...cell}
        size={{ xs: 12, md: 6 }}
        name="provenance"
        options={origins.options}
        helperText={t('participant.help.provenance')}
      />
      {chooseEstablishment && (
        <Grid size={12}>
          <EstablishmentChooser control={control} />
        </Grid>
      )}
      {employee && participant && (
        <>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <ReadOnlyField
              label={t('participant.fields.idEtablissement')}
              value={participant.etablissement.id}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8, md: 9 }}>
            <ReadOnlyField
              label={t('participant.fields.raisonSociale')}
              value={participant.etablissement.raisonsociale}
            />
          </Grid>
        </>
      )}
    </FormSection>
  );
}
