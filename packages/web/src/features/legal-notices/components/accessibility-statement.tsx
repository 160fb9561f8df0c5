import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { addressLine, type CentreInfo } from '@portail/contract/schemas/assistance';
import { useTranslation } from 'react-i18next';
import { ExternalLink, MailLink, PhoneLink } from '../../../components/contact-links';
import { FormattedText } from '../../../components/formatted-text';
import { currentLanguage } from '../../../lib/i18n';
import { formatRate, formatStatementDate, supportEmail } from '../legal-format';
import { LegalSection, LegalSubheading } from './legal-section';

const DEFENDER_FORM_URL = 'https://formulaire.defenseurdesdroits.fr/';
const DEFENDER_DELEGATES_URL = 'https://www.defenseurdesdroits.fr/carte-des-delegues';
const DEFENDER_PHONE = '09 69 39 00 00';

/** The accessibility statement, after the RGAA 4.1 model (structure and mandatory parts). */
export function AccessibilityStatement({ centre }: { centre: CentreInfo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const product = centre.produit;
  const audit = centre.accessibilite.audit ? centre.accessibilite : null;
  const date = audit ? formatStatementDate(audit.dateAudit, language) : null;
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {t('accessibility.commitment', { publisher: centre.editeur.raisonSociale, product })}
      </Typography>
      <Typography>{t('accessibility.scope', { product })}</Typography>

      <LegalSection title={t('accessibility.status.title')}>
        {/* Without an audit the RGAA only allows "non conforme". */}
        <Typography>
          {audit
            ? t(`accessibility.status.${audit.statut}`, { product })
            : t('accessibility.status.notAudited', { product })}
        </Typography>
        <LegalSubheading>{t('accessibility.results.title')}</LegalSubheading>
        <Typography>
          {audit
            ? t('accessibility.results.text', { date, rate: formatRate(audit.tauxConformite, language) })
            : t('accessibility.results.none')}
        </Typography>
      </LegalSection>

      <LegalSection title={t('accessibility.nonAccessible.title')}>
        <LegalSubheading>{t('accessibility.nonAccessible.nonCompliance.title')}</LegalSubheading>
        <FormattedText text={t('accessibility.nonAccessible.nonCompliance.text')} />
        <LegalSubheading>{t('accessibility.nonAccessible.exempt.title')}</LegalSubheading>
        <FormattedText text={t('accessibility.nonAccessible.exempt.text')} />
        <Typography sx={{ mt: 2 }}>{t('accessibility.nonAccessible.alternative')}</Typography>
      </LegalSection>

      <LegalSection title={t('accessibility.establishment.title')}>
        {date && <Typography>{t('accessibility.establishment.date', { date })}</Typography>}
        <FormattedText text={t('accessibility.establishment.text')} />
      </LegalSection>

      <LegalSection title={t('accessibility.feedback.title')}>
        <Typography sx={{ mb: 1 }}>{t('accessibility.feedback.text')}</Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3 }}>
          <Typography component="li">
            {t('accessibility.feedback.email')} <MailLink email={supportEmail(centre)} />
          </Typography>
          <Typography component="li">
            {t('accessibility.feedback.phone')} <PhoneLink phone={centre.telephone} />
          </Typography>
          <Typography component="li">
            {t('accessibility.feedback.post')} {centre.nom}, {addressLine(centre.adresse)}
          </Typography>
        </Box>
      </LegalSection>

      <LegalSection title={t('accessibility.recourse.title')}>
        <Typography sx={{ mb: 1 }}>{t('accessibility.recourse.text')}</Typography>
        <Box component="ul" sx={{ mt: 0, mb: 0, pl: 3 }}>
          <Typography component="li">
            <ExternalLink href={DEFENDER_FORM_URL}>{t('accessibility.recourse.form')}</ExternalLink>
          </Typography>
          <Typography component="li">
            <ExternalLink href={DEFENDER_DELEGATES_URL}>{t('accessibility.recourse.delegate')}</ExternalLink>
          </Typography>
          <Typography component="li">
            {t('accessibility.recourse.phone')} <PhoneLink phone={DEFENDER_PHONE} />
          </Typography>
          <Typography component="li">{t('accessibility.recourse.post')}</Typography>
        </Box>
      </LegalSection>
    </>
  );
}
