import { formatPersonName } from '@portail/contract/rules/person-name';
import type { UserAccount } from '@portail/contract/schemas/account';
import type { Participant } from '@portail/contract/schemas/participants';
import { useTranslation } from 'react-i18next';
import { type Detail, DetailsList } from '../../../components/details-list';
import { Panel } from '../../../components/panel';
import { useEnumLabel } from '../../../lib/enums';

const connection = (account: UserAccount) =>
  account.dateConnexion
    ? `${account.dateConnexion.split('-').reverse().join('/')} ${account.heureConnexion ?? ''}`.trim()
    : null;

/** The account itself (docs/personal-details.md#contact User): identifier, name, attachment, current sign-in. */
export function AccountSummary({ account }: { account: UserAccount }) {
  const { t } = useTranslation();
  const entries: Detail[] = [
    [t('account.summary.username'), account.username],
    [t('account.summary.name'), formatPersonName(account.nom, account.prenom)],
    ...(account.etablissement
      ? [
          [
            t('account.summary.establishment'),
            t('account.summary.establishmentValue', {
              name: account.etablissement.raisonsociale,
              id: account.etablissement.id,
            }),
          ] as const,
        ]
      : []),
    [t('account.summary.connection'), connection(account)],
  ];
  return (
    <Panel title={t('account.summary.title')}>
      <DetailsList entries={entries} />
    </Panel>
  );
}

/**
 * A participant's professional side, read-only (docs/personal-details.md#tabs), from their own record: employer, profession
 * and the work contact the centre holds.
 */
export function ParticipantProfessional({ record }: { record: Participant }) {
  const { t } = useTranslation();
  const category = useEnumLabel('categorie');
  const entries: Detail[] = [
    [
      t('account.professional.establishment'),
      t('account.summary.establishmentValue', {
        name: record.etablissement.raisonsociale,
        id: record.etablissement.id,
      }),
    ],
    [t('account.professional.company'), record.entreprise.raisonsociale],
    [t('account.professional.group'), record.groupement?.raisonsociale],
    [t('account.professional.profession'), record.profession],
    [t('account.professional.category'), category(record.categorie)],
    [t('account.professional.secretaryPhone'), record.telephoneSecretariat],
    [t('account.professional.landline'), record.telephoneFixe],
    [t('account.professional.mail'), record.mail],
  ];
  return (
    <Panel title={t('account.professional.title')}>
      <DetailsList entries={entries} />
    </Panel>
  );
}
