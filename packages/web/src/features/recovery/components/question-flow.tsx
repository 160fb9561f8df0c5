import type { SecretQuestion } from '@portail/contract/schemas/account';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../../lib/outcome';
import { AnswerStep } from './answer-step';
import { RecoveryDone } from './recovery-done';
import { RecoveryPaper } from './recovery-paper';
import { RecoverySteps } from './recovery-steps';

type Stage<A> = { step: 'ask' } | { step: 'answer'; asked: A; question: SecretQuestion } | { step: 'done' };

const STEP_INDEX: Record<Stage<unknown>['step'], number> = { ask: 0, answer: 1, done: 2 };

export interface QuestionFlowProps<A> {
  title: string;
  /** The first step's label in the stepper, and the intros of the first two steps. */
  askLabel: string;
  askIntro: string;
  answerIntro: string;
  /** What the last step says was sent. */
  doneText: string;
  /** The first step: what identifies the account (kept when coming back), giving the question. */
  renderAsk: (initial: A | null, onQuestion: (asked: A, question: SecretQuestion) => void) => ReactNode;
  /** Sends the answer to the question asked. */
  sendAnswer: (asked: A, question: SecretQuestion, response: string) => Promise<Outcome<unknown>>;
}

/**
 * The two recoveries (docs/recovery.md#forgot-password, docs/interface-conventions.md#postal-code-lookup, docs/recovery.md#reset-link): what identifies the account, then the answer to its secret
 * question; a right answer sends something (the identifier, a reset link) and the flow ends there.
 */
export function QuestionFlow<A>({
  title,
  askLabel,
  askIntro,
  answerIntro,
  doneText,
  renderAsk,
  sendAnswer,
}: QuestionFlowProps<A>) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage<A>>({ step: 'ask' });
  const [asked, setAsked] = useState<A | null>(null);

  const intro = stage.step === 'ask' ? askIntro : stage.step === 'answer' ? answerIntro : undefined;

  return (
    <RecoveryPaper title={title} intro={intro} backLink={stage.step !== 'done'}>
      <RecoverySteps
        labels={[askLabel, t('recovery.stepAnswer'), t('recovery.stepDone')]}
        active={STEP_INDEX[stage.step]}
      />
      {stage.step === 'ask' &&
        renderAsk(asked, (values, question) => {
          setAsked(values);
          setStage({ step: 'answer', asked: values, question });
        })}
      {stage.step === 'answer' && (
        <AnswerStep
          question={stage.question}
          send={(response) => sendAnswer(stage.asked, stage.question, response)}
          onSent={() => setStage({ step: 'done' })}
          onBack={() => setStage({ step: 'ask' })}
        />
      )}
      {stage.step === 'done' && <RecoveryDone text={doneText} />}
    </RecoveryPaper>
  );
}
