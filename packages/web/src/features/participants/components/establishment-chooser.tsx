import { useEffect, useMemo } from 'react';
import { type Control, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form-select';
import { useCorrespondantEstablishments } from '../api/get-correspondant-establishments';
import type { ParticipantDraft, ParticipantValues } from '../participant-draft';

/**
 * The establishment a new participant joins, among the correspondant's (`etablissements-correspondant`).
 * Establishments that left the centre are listed but cannot be chosen.
 */
export function EstablishmentChooser({
  control,
}: {
  control: Control<ParticipantDraft, unknown, ParticipantValues>;
}) {
  const { t } = useTranslation();
  const { data, isLoading } = useCorrespondantEstablishments(true);
  const { getValues, setValue } = useFormContext<ParticipantDraft, unknown, ParticipantValues>();
  const options = useMemo(
    () =>
      (data ?? []).map((establishment) => ({
        value: establishment.id,
        label: `${establishment.raisonsociale} (${establishment.id})`,
        ...(establishment.dateResiliation ? { disabled: true } : {}),
      })),
    [data],
  );
  // An establishment correspondant has one establishment: theirs, chosen for them.
  useEffect(() => {
    const open = (data ?? []).filter((establishment) => !establishment.dateResiliation);
    const [only] = open;
    if (open.length === 1 && only && getValues('idEtablissement') === null)
      setValue('idEtablissement', only.id);
  }, [data, getValues, setValue]);

  return (
    <FormSelect
      control={control}
      name="idEtablissement"
      label={t('participant.fields.etablissement')}
      options={options}
      required
      allowEmpty={false}
      disabled={isLoading || options.length <= 1}
      helperText={t('participant.help.etablissement')}
    />
  );
}
