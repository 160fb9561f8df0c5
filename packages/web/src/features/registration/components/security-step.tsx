import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DetailsList } from '../../../components/details-list';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SecretQuestionFields } from '../../../components/secret-question-fields';
import { useRegistrationQuestions } from '../api/secret-questions';
import type { RegistrationDraft } from '../registration-form';

export interface SecurityStepProps {
  control: Control<RegistrationDraft>;
  identifier: string;
  disabled: boolean;
}

/**
 * Password with its confirmation, secret question and answer (docs/activation.md#participant-steps; docs/recovery.md#new-password-rule for the password).
 * The questions are shown in the interface language.
 */
export function SecurityStep({ control, identifier, disabled }: SecurityStepProps) {
  const { t } = useTranslation();
  const questions = useRegistrationQuestions(true);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('registration.security.intro')}</Typography>
      {identifier !== '' && <DetailsList entries={[[t('registration.security.identifier'), identifier]]} />}
      <NewPasswordFields
        control={control}
        passwordName="password"
        confirmationName="confirmPassword"
        labels={{
          password: t('registration.security.password'),
          confirmation: t('registration.security.confirmation'),
          rules: t('registration.security.rules'),
        }}
        disabled={disabled}
      />
      <SecretQuestionFields
        control={control}
        questionName="questionSecrete"
        answerName="reponseQuestionSecrete"
        questions={questions}
        labels={{
          question: t('registration.security.question'),
          loadError: t('registration.security.questionsError'),
          answer: t('registration.security.answer'),
          answerHelp: t('registration.security.answerHelp'),
        }}
        disabled={disabled}
      />
    </Stack>
  );
}
