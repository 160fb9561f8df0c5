import { zodResolver } from '@hookform/resolvers/zod';
import type { SecretQuestion } from '@portail/contract/schemas/account';
import { questionByPhoneBody } from '@portail/contract/schemas/recovery';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form-date-field';
import { FormTextField } from '../../../components/form-text-field';
import { dayjs } from '../../../lib/dates';
import { zodErrorKey } from '../../../lib/form-errors';
import { askQuestionByPhone, type QuestionByPhone } from '../api/question-by-phone';
import { StepForm, useStepSending } from './step-form';

/** The step's values while typing: no birth date picked yet. */
interface PhoneDraft {
  portable: string;
  dateDeNaissance: string | null;
}
// The contract's schema checks the draft; on submit it gives the call's body (the one cast).
const resolver = zodResolver(questionByPhoneBody, { error: zodErrorKey }) as unknown as Resolver<
  PhoneDraft,
  unknown,
  QuestionByPhone
>;

export interface PhoneStepProps {
  /** What was typed last, when coming back from the answer step. */
  initial: QuestionByPhone | null;
  onQuestion: (asked: QuestionByPhone, question: SecretQuestion) => void;
}

/**
 * Step 1 of Forgot identifier (docs/recovery.md#forgot-identifier, docs/interface-conventions.md#postal-code-lookup): the mobile and the birth date, both required, the date
 * DD/MM/YYYY and not in the future (the calendar's weeks start on Monday).
 */
export function PhoneStep({ initial, onQuestion }: PhoneStepProps) {
  const { t } = useTranslation();
  const [today] = useState(() => dayjs());
  const { control, handleSubmit, setError } = useForm<PhoneDraft, unknown, QuestionByPhone>({
    defaultValues: initial ?? { portable: '', dateDeNaissance: null },
    resolver,
  });
  const { sending, problem, send } = useStepSending(setError, ['portable', 'dateDeNaissance']);

  const submit = handleSubmit(async (values) => {
    const outcome = await send(() => askQuestionByPhone(values));
    if (outcome.kind === 'done') onQuestion(values, outcome.data);
  });

  return (
    <StepForm onSubmit={submit} sending={sending} problem={problem} submitLabel={t('recovery.next')}>
      <FormTextField
        name="portable"
        control={control}
        label={t('recovery.forgotIdentifier.mobile')}
        type="tel"
        autoComplete="tel"
        required
        autoFocus
        disabled={sending}
      />
      <FormDateField
        name="dateDeNaissance"
        control={control}
        label={t('recovery.forgotIdentifier.birthDate')}
        maxDate={today}
        required
        disabled={sending}
      />
    </StepForm>
  );
}
