import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import { appCode } from '@portail/contract/schemas/authenticator-app';
import { useTranslation } from 'react-i18next';
import { sendAppCode } from '../authenticator-app-api';
import { CodeStepForm } from './code-step-form';

/**
 * The sign-in's second step with the authenticator app (docs/second-factors.md#second-step): the six
 * digits it shows now. Three wrong codes end the session (the code page reads the reply).
 */
export function AppCodeStep({ onOutcome }: { onOutcome: (reply: ConfirmCodeReply) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <CodeStepForm
      rule={appCode}
      title={t('secondFactor.app.step.title')}
      intro={t('secondFactor.app.step.intro')}
      label={t('secondFactor.app.step.code')}
      submitLabel={t('secondFactor.app.step.submit')}
      autoComplete="one-time-code"
      htmlInput={{ inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 }}
      send={sendAppCode}
      onOutcome={onOutcome}
    />
  );
}
