import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import Grid from '@mui/material/Grid';
import { CORRESPONDANT_CHECKUP_TYPE_CODES } from '@portail/contract/rules/participant';
import type { EnumItem } from '@portail/contract/schemas/enums';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/alert-dialog';
import { FormDateField } from '../../../components/form-date-field';
import { FormSelect } from '../../../components/form-select';
import { FormTextField } from '../../../components/form-text-field';
import { formatDate } from '../../../lib/dates';
import { enumLabel, useEnum, useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { FormSection } from './form-section';
import { ReadOnlyField } from './read-only-field';
import type { SectionProps } from './section-props';

/** Whether a correspondant may choose this check-up type (docs/participants.md#checkup-type: four types). */
function correspondantMayChoose(item: EnumItem): boolean {
  if (item.correspondant !== undefined) return item.correspondant;
  return (CORRESPONDANT_CHECKUP_TYPE_CODES as readonly string[]).includes(item.raccourci ?? '');
}

/**
 * Check-up type, dates, periodicity and appointment management (docs/participants.md#form-rules). A correspondant chooses among
 * four types; a type the centre alone assigns still shows. The type is locked while a check-up is in
 * progress (docs/participants.md#checkup-type, dialog alertTypeBilan).
 */
export function CheckupSection({ control, readOnly, participant }: SectionProps) {
  const { t, i18n } = useTranslation();
  const [typeLocked, setTypeLocked] = useState(false);
  const { data: types } = useEnum('typeBilan');
  const periodicities = useEnumOptions('periodicite', participant?.periodicite);
  const managements = useEnumOptions('gestionRdv', participant?.gestionRdv);
  const reason = useEnumLabel('motifmouvement');
  const current = participant?.typeBilan ?? null;

  const typeOptions = useMemo(
    () =>
      (types ?? [])
        .filter((item) => (item.actif && correspondantMayChoose(item)) || item.id === current)
        .map((item) => ({
          value: item.id,
          label: enumLabel(item, i18n.language),
          ...(item.actif && correspondantMayChoose(item) ? {} : { disabled: true }),
        })),
    [types, current, i18n.language],
  );

  return (
    <FormSection title={t('participant.sections.checkup')} icon={<MedicalServicesIcon color="primary" />}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          control={control}
          name="typeBilan"
          label={t('participant.fields.typeBilan')}
          options={typeOptions}
          required
          disabled={readOnly}
          onBeforeChange={(next) => {
            if (!participant?.bilanEnCours || next === current) return true;
            setTypeLocked(true);
            return false;
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormDateField
          control={control}
          name="dateProchainBilan"
          label={t('participant.fields.dateProchainBilan')}
          required
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormSelect
          control={control}
          name="periodicite"
          label={t('participant.fields.periodicite')}
          options={periodicities.options}
          required
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormSelect
          control={control}
          name="gestionRdv"
          label={t('participant.fields.gestionRdv')}
          options={managements.options}
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          control={control}
          name="info4"
          label={t('participant.fields.info4')}
          disabled={readOnly}
          htmlInput={{ maxLength: maxLengthOf(participantFormFields.shape.info4) }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormDateField
          control={control}
          name="dateAdhesion"
          label={t('participant.fields.dateAdhesion')}
          disabled={readOnly}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FormDateField
          control={control}
          name="datePremiereAdhesion"
          label={t('participant.fields.datePremiereAdhesion')}
          disabled={readOnly}
        />
      </Grid>
      {participant && (
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ReadOnlyField
            label={t('participant.fields.dateResiliation')}
            value={formatDate(participant.dateResiliation)}
          />
        </Grid>
      )}
      {participant?.motifResiliation != null && (
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <ReadOnlyField
            label={t('participant.fields.motifResiliation')}
            value={reason(participant.motifResiliation)}
          />
        </Grid>
      )}
      <AlertDialog
        open={typeLocked}
        title={t('participant.alertTypeBilan.title')}
        text={t('participant.alertTypeBilan.text')}
        onClose={() => setTypeLocked(false)}
      />
    </FormSection>
  );
}
