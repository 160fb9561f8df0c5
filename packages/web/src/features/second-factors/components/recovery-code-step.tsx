import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import { recoveryCode } from '@portail/contract/schemas/authenticator-app';
import { useTranslation } from 'react-i18next';
import { sendRecoveryCode } from '../authenticator-app-api';
import { CodeStepForm } from './code-step-form';

/**
 * The sign-in's second step with a recovery code (docs/second-factors.md#recovery-codes): one of the
 * ten, typed as kept (case, spaces and dashes do not matter); it works once.
 */
export function RecoveryCodeStep({ onOutcome }: { onOutcome: (reply: ConfirmCodeReply) => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <CodeStepForm
      rule={recoveryCode}
      title={t('secondFactor.recovery.step.title')}
      intro={t('secondFactor.recovery.step.intro')}
      label={t('secondFactor.recovery.step.code')}
      submitLabel={t('secondFactor.recovery.step.submit')}
      autoComplete="off"
      htmlInput={{ autoCapitalize: 'characters', spellCheck: false, maxLength: 40 }}
      send={sendRecoveryCode}
      onOutcome={onOutcome}
    />
  );
}
