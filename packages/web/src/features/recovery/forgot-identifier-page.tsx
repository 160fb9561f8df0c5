import { useTranslation } from 'react-i18next';
import type { QuestionByPhone } from './api/question-by-phone';
import { sendLogin } from './api/send-login';
import { PhoneStep } from './components/phone-step';
import { QuestionFlow } from './components/question-flow';

/**
 * Forgot identifier (docs/recovery.md#forgot-identifier, docs/interface-conventions.md#postal-code-lookup, docs/recovery.md#reset-link): the mobile and the birth date, then the answer to the secret
 * question; a right answer sends the identifier by text message to that mobile.
 */
export function ForgotIdentifierPage() {
  const { t } = useTranslation();
  return (
    <QuestionFlow<QuestionByPhone>
      title={t('routes.forgotIdentifiant')}
      askLabel={t('recovery.forgotIdentifier.stepPhone')}
      askIntro={t('recovery.forgotIdentifier.intro')}
      answerIntro={t('recovery.forgotIdentifier.answerIntro')}
      doneText={t('recovery.forgotIdentifier.done')}
      renderAsk={(initial, onQuestion) => <PhoneStep initial={initial} onQuestion={onQuestion} />}
      sendAnswer={(asked, question, response) =>
        sendLogin({
          idQuestion: question.id,
          response,
          phone: asked.portable,
          dateDeNaissance: asked.dateDeNaissance,
        })
      }
    />
  );
}
