import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import Grid from '@mui/material/Grid';
import { CORRESPONDANT_CHECKUP_TYPE_CODES } from '@portail/contract/rules/participant';
import type { EnumItem } from '@portail/contract/schemas/enums';
import { maxLengthOf } from '@portail/contract/schemas/limits';
import { participantFormFields } from '@portail/contract/schemas/participants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/alert-dialog';
import { ReadOnlyField } from '../../../components/read-only-field';
import { formatDate } from '../../../lib/dates';
import { enumLabel, useEnum, useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { DateCell, SelectCell, TextCell } from './form-cells';
import { FormSection } from './form-section';
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

  const cell = { control, readOnly };
  return (
    <FormSection title={t('participant.sections.checkup')} icon={<MedicalServicesIcon color="primary" />}>
      <SelectCell
        {...cell}
        size={{ xs: 12, md: 6 }}
        name="typeBilan"
        options={typeOptions}
        required
        onBeforeChange={(next) => {
          if (!participant?.bilanEnCours || next === current) return true;
          setTypeLocked(true);
          return false;
        }}
      />
      <DateCell {...cell} size={{ xs: 12, sm: 6, md: 3 }} name="dateProchainBilan" required />
      <SelectCell
        {...cell}
        size={{ xs: 12, sm: 6, md: 3 }}
        name="periodicite"
        options={periodicities.options}
        required
      />
      <SelectCell {...cell} size={{ xs: 12, md: 6 }} name="gestionRdv" options={managements.options} />
      <TextCell
        {...cell}
        size={{ xs: 12, md: 6 }}
        name="info4"
        htmlInput={{ maxLength: maxLengthOf(participantFormFields.shape.info4) }}
      />
      <DateCell {...cell} size={{ xs: 12, sm: 6, md: 3 }} name="dateAdhesion" />
      <DateCell {...cell} size={{ xs: 12, sm: 6, md: 3 }} name="datePremiereAdhesion" />
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
