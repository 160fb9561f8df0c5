import { useTranslation } from 'react-i18next';
import { LegalNotice } from './components/legal-notice';
import { LegalPageFrame } from './components/legal-page-frame';

/** /mentionsLegales: open to anyone, signed in or not. */
export function LegalNoticePage() {
  const { t } = useTranslation();
  return (
    <LegalPageFrame
      title={t('routes.legalNotice')}
      loadingLabel={t('legalNotice.loading')}
      errorLabel={t('legalNotice.loadError')}
    >
      {(centre) => <LegalNotice centre={centre} />}
    </LegalPageFrame>
  );
}
