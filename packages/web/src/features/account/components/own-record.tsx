import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import type { Participant } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { type Detail, DetailsList } from '../../../components/details-list';
import { formatDate } from '../../../lib/dates';
import { useAddressStreetType, useEnumLabel } from '../../../lib/enums';
import { currentUser, isParticipant, useSession } from '../../../lib/session';
import { MedicalRecordCard } from '../../home';

export function Section({ id, title, entries }: { id: string; title: string; entries: readonly Detail[] }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        slotProps={{ title: { id: `${id}-title`, component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <DetailsList entries={entries} />
      </CardContent>
    </Card>
  );
}

/** Enumeration ids shown as their labels in the interface language (docs/personal-details.md#my-record enum lists). */
function useLabels() {
  return {
    civilite: useEnumLabel('civilite'),
    sexe: useEnumLabel('sexe'),
    pays: useEnumLabel('pays'),
    typeVoie: useAddressStreetType(),
    categorie: useEnumLabel('categorie'),
    typeBilan: useEnumLabel('typeBilan'),
  };
}

/** The participant's own record as the centre holds it, read-only (docs/personal-details.md#administrators, docs/personal-details.md#my-record). */
export function OwnRecord({ record }: { record: Participant }) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const label = useLabels();
  const field = (name: string) => t(`participant.fields.${name}`);
  const a = record.adresse;
  const sections: { id: string; title: string; entries: Detail[] }[] = [
    {
      id: 'identity',
      title: t('participant.sections.identity'),
      entries: [
        [field('civilite'), label.civilite(record.civilite)],
        [field('nom'), record.nom],
        [field('prenom'), record.prenom],
        [field('nomJeuneFille'), record.nomJeuneFille],
        [field('dateNaissance'), formatDate(record.dateNaissance)],
        [field('sexe'), label.sexe(record.sexe)],
        [field('profession'), record.profession],
        [field('categorie'), label.categorie(record.categorie)],
      ],
    },
    {
      id: 'contact',
      title: t('participant.sections.phones'),
      entries: [
        [field('telephonePortable'), record.telephonePortable],
        [field('telephoneFixe'), record.telephoneFixe],
        [field('mail'), record.mail],
        [field('telephoneSecretariat'), record.telephoneSecretariat],
      ],
    },
    {
      id: 'address',
      title: t('participant.sections.address'),
      entries: [
        [t('address.ligne1'), a.ligne1],
        [t('address.ligne2'), a.ligne2],
        [t('address.ligne3'), a.ligne3],
        [
          t('ownDetails.street'),
          [a.numeroVoie, label.typeVoie(a.typeVoie), a.nomVoie].filter(Boolean).join(' '),
        ],
        [t('address.ligne5'), a.ligne5],
        [t('address.codePostal'), a.codePostal],
        [t('address.localite'), a.localite],
        [t('address.pays'), label.pays(a.pays)],
      ],
    },
    {
      id: 'establishment',
      title: t('ownDetails.establishment'),
      entries: [
        [
          field('etablissement'),
          t('home.attachment.value', {
            name: record.etablissement.raisonsociale,
            id: record.etablissement.id,
          }),
        ],
        [t('home.attachment.company'), record.entreprise.raisonsociale],
        [t('home.attachment.group'), record.groupement?.raisonsociale],
        [field('typeBilan'), label.typeBilan(record.typeBilan)],
        [field('dateProchainBilan'), formatDate(record.dateProchainBilan)],
        [field('dateAdhesion'), formatDate(record.dateAdhesion)],
      ],
    },
  ];
  return (
    <Grid container spacing={3}>
      {sections.map((section) => (
        <Grid key={section.id} size={{ xs: 12, md: 6 }}>
          <Section {...section} />
        </Grid>
      ))}
      {user && isParticipant(user) && (
        <Grid size={{ xs: 12, md: 6 }}>
          <MedicalRecordCard user={user} withdrawable />
        </Grid>
      )}
    </Grid>
  );
}
