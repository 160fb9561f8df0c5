import { zodResolver } from '@hookform/resolvers/zod';
import { meetsPasswordRules } from '@portail/contract/rules/password';
import { newPasswordBody } from '@portail/contract/schemas/recovery';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { zodErrorKey } from '../../../lib/form-errors';
import type { Outcome } from '../../../lib/outcome';
import { StepForm, useStepSending } from './step-form';

/** The contract's fields plus the password rules (docs/recovery.md#new-password-rule) and the equal confirmation, checked here first. */
const newPasswordForm = z
  .object({
    password: newPasswordBody.shape.password,
    passwordConfirm: newPasswordBody.shape.passwordConfirm,
  })
  .superRefine((values, ctx) => {
    if (values.password !== '' && !meetsPasswordRules(values.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'errors.passwordRegles' });
    if (values.passwordConfirm !== '' && values.passwordConfirm !== values.password)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: 'errors.missmatch' });
  });
export type NewPasswordValues = z.infer<typeof newPasswordForm>;

export interface NewPasswordFormProps {
  /** Sends the password; the page handles success and a spent link, the rest is told here. */
  send: (values: NewPasswordValues) => Promise<Outcome<unknown> | null>;
}

/**
 * The new password and its confirmation (docs/recovery.md#reset-link Reset-password link screen). The server also refuses
 * very common passwords (errors.passwordFaible), shown on the password field.
 */
export function NewPasswordForm({ send }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<NewPasswordValues>({
    defaultValues: { password: '', passwordConfirm: '' },
    resolver: zodResolver(newPasswordForm, { error: zodErrorKey }),
  });
  const step = useStepSending(setError, ['password', 'passwordConfirm']);

  const submit = handleSubmit(async (values) => {
    await step.send(() => send(values));
  });

  return (
    <StepForm
      onSubmit={submit}
      sending={step.sending}
      problem={step.problem}
      submitLabel={t('recovery.newPassword.submit')}
    >
      <NewPasswordFields
        control={control}
        passwordName="password"
        confirmationName="passwordConfirm"
        labels={{
          password: t('recovery.newPassword.password'),
          confirmation: t('recovery.newPassword.confirmation'),
          rules: t('recovery.newPassword.rules'),
        }}
        disabled={step.sending}
        autoFocus
      />
    </StepForm>
  );
}
