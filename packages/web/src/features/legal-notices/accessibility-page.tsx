import { useTranslation } from 'react-i18next';
import { AccessibilityStatement } from './components/accessibility-statement';
import { LegalPageFrame } from './components/legal-page-frame';

/** /accessibilite: open to anyone, signed in or not. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <LegalPageFrame
      title={t('routes.accessibility')}
      loadingLabel={t('accessibility.loading')}
      errorLabel={t('accessibility.loadError')}
    >
      {(centre) => <AccessibilityStatement centre={centre} />}
    </LegalPageFrame>
  );
}
