import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SecretQuestion } from '@portail/contract/schemas/account';
import { resetPasswordBody } from '@portail/contract/schemas/recovery';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { zodErrorKey } from '../../../lib/form-errors';
import type { Outcome } from '../../../lib/outcome';
import { StepForm, useStepSending } from './step-form';

const answerForm = z.object({ response: resetPasswordBody.shape.response });
type AnswerValues = z.input<typeof answerForm>;

export interface AnswerStepProps {
  question: SecretQuestion;
  /** Sends the answer (trimmed); the outcome decides what the step shows. */
  send: (response: string) => Promise<Outcome<unknown>>;
  onSent: () => void;
  onBack: () => void;
}

/**
 * The second step of both recoveries (docs/recovery.md#forgot-password): the secret question, in the interface language, and its
 * answer (required). A wrong answer is told above the field and the user may try again, until the
 * server says to wait.
 */
export function AnswerStep({ question, send, onSent, onBack }: AnswerStepProps) {
  const { t, i18n } = useTranslation();
  const { control, handleSubmit, setError, setFocus } = useForm<
    AnswerValues,
    unknown,
    z.output<typeof answerForm>
  >({
    defaultValues: { response: '' },
    resolver: zodResolver(answerForm, { error: zodErrorKey }),
  });
  const step = useStepSending(setError, ['response']);

  const submit = handleSubmit(async ({ response }) => {
    const outcome = await step.send(() => send(response));
    if (outcome.kind === 'done') onSent();
    // A refusal (a wrong answer) or a failure: back to the answer, to try again.
    else if (outcome.kind !== 'invalid') setFocus('response');
  });

  return (
    <StepForm
      onSubmit={submit}
      sending={step.sending}
      problem={step.problem}
      submitLabel={t('recovery.submitAnswer')}
      onBack={onBack}
      header={
        <Box>
          <Typography component="p" variant="subtitle2" color="text.secondary">
            {t('recovery.question')}
          </Typography>
          <Typography sx={{ fontWeight: 500 }}>
            {i18n.language === 'en_EN' ? question.questionen : question.questionfr}
          </Typography>
        </Box>
      }
    >
      <FormTextField
        name="response"
        control={control}
        label={t('recovery.answer')}
        helperText={t('recovery.answerHelp')}
        autoComplete="off"
        required
        autoFocus
        disabled={step.sending}
      />
    </StepForm>
  );
}
