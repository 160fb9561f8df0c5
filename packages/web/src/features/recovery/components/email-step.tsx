import { zodResolver } from '@hookform/resolvers/zod';
import type { SecretQuestion } from '@portail/contract/schemas/account';
import { questionByMailQuery } from '@portail/contract/schemas/recovery';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormTextField } from '../../../components/form-text-field';
import { zodErrorKey } from '../../../lib/form-errors';
import { askQuestionByMail, type QuestionByMail } from '../api/question-by-mail';
import { StepForm, useStepSending } from './step-form';

const emailForm = z.object({ email: questionByMailQuery.shape.email, roleCorrespondant: z.boolean() });
type EmailValues = z.input<typeof emailForm>;

export interface EmailStepProps {
  /** What was typed last, when coming back from the answer step. */
  initial: QuestionByMail | null;
  onQuestion: (asked: QuestionByMail, question: SecretQuestion) => void;
}

/** Step 1 of Forgot password (docs/recovery.md#forgot-password, docs/interface-conventions.md#postal-code-lookup): the account's e-mail (required, valid) and the correspondant box. */
export function EmailStep({ initial, onQuestion }: EmailStepProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<EmailValues, unknown, QuestionByMail>({
    defaultValues: initial ?? { email: '', roleCorrespondant: false },
    resolver: zodResolver(emailForm, { error: zodErrorKey }),
  });
  const { sending, problem, send } = useStepSending(setError, ['email']);

  const submit = handleSubmit(async (values) => {
    const outcome = await send(() => askQuestionByMail(values));
    if (outcome.kind === 'done') onQuestion(values, outcome.data);
  });

  return (
    <StepForm onSubmit={submit} sending={sending} problem={problem} submitLabel={t('recovery.next')}>
      <FormTextField
        name="email"
        control={control}
        label={t('recovery.forgotPassword.email')}
        type="email"
        autoComplete="email"
        required
        autoFocus
        disabled={sending}
      />
      <FormCheckbox
        name="roleCorrespondant"
        control={control}
        label={t('recovery.forgotPassword.correspondant')}
        disabled={sending}
      />
    </StepForm>
  );
}
