import { useTranslation } from 'react-i18next';
import type { QuestionByMail } from './api/question-by-mail';
import { sendResetLink } from './api/send-reset-link';
import { EmailStep } from './components/email-step';
import { QuestionFlow } from './components/question-flow';

/**
 * Forgot password (docs/recovery.md#forgot-password, docs/interface-conventions.md#postal-code-lookup, docs/recovery.md#reset-link): the e-mail, then the answer to the secret question; a right answer
 * e-mails a reset link valid one hour. Whether the address has an account is never told.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <QuestionFlow<QuestionByMail>
      title={t('routes.forgotPassword')}
      askLabel={t('recovery.forgotPassword.stepEmail')}
      askIntro={t('recovery.forgotPassword.intro')}
      answerIntro={t('recovery.forgotPassword.answerIntro')}
      doneText={t('recovery.forgotPassword.done')}
      renderAsk={(initial, onQuestion) => <EmailStep initial={initial} onQuestion={onQuestion} />}
      sendAnswer={(asked, question, response) =>
        sendResetLink({
          idQuestion: question.id,
          response,
          mail: asked.email,
          roleCorrespondant: asked.roleCorrespondant,
        })
      }
    />
  );
}
