import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { hasAnyRole } from '@portail/contract/roles';
import { findScreenRoute, SCREENS, type ScreenPath } from '@portail/contract/routes';
import { addressLine, type CentreInfo } from '@portail/contract/schemas/assistance';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ExternalLink, MailLink, PhoneLink } from '../../../components/contact-links';
import { DetailsList } from '../../../components/details-list';
import { FormattedText } from '../../../components/formatted-text';
import { currentUser, needsConfirmation, userRoles, useSession } from '../../../lib/session';
import { contactEmail, formatSiret, supportEmail } from '../legal-format';
import { LegalSection } from './legal-section';

const CNIL_COMPLAINT_URL = 'https://www.cnil.fr/fr/adresser-une-plainte';

/** The data-protection page is for signed-in, confirmed users of its roles (route table). */
function mayOpen(path: ScreenPath, user: SessionUser | null): boolean {
  const access = findScreenRoute(path)?.access;
  if (!user || !access || needsConfirmation(user)) return false;
  return access === 'permit' || hasAnyRole(userRoles(user), access);
}

/** The legal notice (LCEN art. 6 III): who publishes and hosts the portal, personal data, cookies. */
export function LegalNotice({ centre }: { centre: CentreInfo }) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const { editeur: publisher, hebergeur: host, produit: product } = centre;
  const dpo = contactEmail(centre, 'protectionDonnees');
  return (
    <>
      <Typography>{t('legalNotice.intro', { product })}</Typography>

      <LegalSection title={t('legalNotice.publisher.title')}>
        <Typography sx={{ mb: 2 }}>{t('legalNotice.publisher.intro', { product })}</Typography>
        <DetailsList
          entries={[
            [t('legalNotice.publisher.name'), publisher.raisonSociale],
            [t('legalNotice.publisher.legalForm'), publisher.formeJuridique],
            [t('legalNotice.publisher.siret'), formatSiret(publisher.siret)],
            [t('legalNotice.publisher.address'), addressLine(publisher.adresse)],
            [t('legalNotice.publisher.director'), publisher.directeurPublication],
          ]}
        />
      </LegalSection>

      <LegalSection title={t('legalNotice.contact.title')}>
        <Typography sx={{ mb: 1 }}>{t('legalNotice.contact.intro', { product })}</Typography>
        <Typography>
          {t('legalNotice.contact.email')} <MailLink email={supportEmail(centre)} />
        </Typography>
        <Typography>
          {t('legalNotice.contact.phone')} <PhoneLink phone={centre.telephone} />
        </Typography>
      </LegalSection>

      <LegalSection title={t('legalNotice.host.title')}>
        <DetailsList
          entries={[
            [t('legalNotice.host.name'), host.nom],
            [t('legalNotice.host.address'), addressLine(host.adresse)],
            [t('legalNotice.host.phone'), host.telephone],
          ]}
        />
        <Typography sx={{ mt: 2 }}>{t('legalNotice.host.hds')}</Typography>
      </LegalSection>

      <LegalSection title={t('legalNotice.personalData.title')}>
        <FormattedText text={t('legalNotice.personalData.text', { publisher: publisher.raisonSociale })} />
        <Typography sx={{ mt: 2 }}>
          {dpo ? t('legalNotice.personalData.dpo') : t('legalNotice.personalData.centre')}{' '}
          <MailLink email={dpo ?? supportEmail(centre)} />
        </Typography>
        {mayOpen(SCREENS.dataProtection.path, user) && (
          <Typography sx={{ mt: 1 }}>
            <Link component={RouterLink} to={SCREENS.dataProtection.path}>
              {t('legalNotice.personalData.policy')}
            </Link>
          </Typography>
        )}
        <Typography sx={{ mt: 2 }}>{t('legalNotice.personalData.cnil')}</Typography>
        <Typography sx={{ mt: 1 }}>
          <ExternalLink href={CNIL_COMPLAINT_URL}>{t('legalNotice.personalData.cnilLink')}</ExternalLink>
        </Typography>
      </LegalSection>

      <LegalSection title={t('legalNotice.cookies.title')}>
        <FormattedText text={t('legalNotice.cookies.text')} />
      </LegalSection>

      <LegalSection title={t('legalNotice.intellectualProperty.title')}>
        <FormattedText text={t('legalNotice.intellectualProperty.text')} />
      </LegalSection>
    </>
  );
}
