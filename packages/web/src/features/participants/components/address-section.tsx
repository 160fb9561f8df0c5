import HomeWorkIcon from '@mui/icons-material/HomeWork';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { isAddressComplete } from '@portail/contract/rules/participant';
import type { ParticipantEstablishment } from '@portail/contract/schemas/participants';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields';
import { FormCheckbox } from '../../../components/form-checkbox';
import { useAddressStreetType, useEnumLabel } from '../../../lib/enums';
import { FormSection } from './form-section';
import type { SectionProps } from './section-props';

function EstablishmentAddress({ establishment }: { establishment: ParticipantEstablishment }) {
  const { t } = useTranslation();
  const streetType = useAddressStreetType();
  const country = useEnumLabel('pays');
  const { adresse } = establishment;
  const street = [adresse.numeroVoie, streetType(adresse.typeVoie), adresse.nomVoie]
    .filter(Boolean)
    .join(' ');
  const lines = [
    establishment.raisonsociale,
    adresse.ligne1,
    adresse.ligne2,
    adresse.ligne3,
    street,
    adresse.ligne5,
    [adresse.codePostal, adresse.localite].filter(Boolean).join(' '),
    country(adresse.pays),
  ].filter((line): line is string => Boolean(line));
  return (
    <Alert severity="info" variant="outlined">
      {t('participant.help.establishmentAddress')}
      <address style={{ fontStyle: 'normal', marginTop: 4 }}>
        {lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </address>
    </Alert>
  );
}

export interface AddressSectionProps extends SectionProps {
  /** The participant's establishment, for its address (edit mode). */
  establishment: ParticipantEstablishment | undefined;
}

/**
 * The postal address (docs/participants.md#form-rules) or the establishment's. On creation an incomplete address is replaced by
 * the establishment's (docs/participants.md#create), which the form says before saving.
 */
export function AddressSection({ control, readOnly, participant, establishment }: AddressSectionProps) {
  const { t } = useTranslation();
  const useEstablishment = useWatch({ control, name: 'utiliserAdresseEtablissement' });
  const address = useWatch({ control, name: 'adresse' });
  const incomplete = !isAddressComplete({
    streetName: address.nomVoie,
    postalCode: address.codePostal,
    locality: address.localite,
  });
  return (
    <FormSection title={t('participant.sections.address')} icon={<HomeWorkIcon color="primary" />}>
      <Grid size={12}>
        <FormCheckbox
          control={control}
          name="utiliserAdresseEtablissement"
          label={t('participant.fields.utiliserAdresseEtablissement')}
          disabled={readOnly}
        />
      </Grid>
      {useEstablishment && establishment && (
        <Grid size={12}>
          <EstablishmentAddress establishment={establishment} />
        </Grid>
      )}
      {!participant && !useEstablishment && incomplete && (
        <Grid size={12}>
          <Alert severity="info">{t('participant.help.incompleteAddress')}</Alert>
        </Grid>
      )}
      <Grid size={12}>
        <AddressFields prefix="adresse" disabled={readOnly || useEstablishment} countryRequired />
      </Grid>
    </FormSection>
  );
}
