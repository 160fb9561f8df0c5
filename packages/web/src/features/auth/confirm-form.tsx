import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CONFIRMATION_CODE_LENGTH } from '@portail/contract/constants';
import { signInCode } from '@portail/contract/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../components/form-text-field';

/**
 * The code is required (docs/sign-in-and-sessions.md#code-confirmation) and six digits (the contract's rule: anything else would spend no try,
 * the server refuses it as a format error); the server says whether it is right.
 */
export const confirmSchema = z.object({
  codeConfirmation: z.string().trim().min(1, 'errors.required').pipe(signInCode),
});
export type ConfirmValues = z.infer<typeof confirmSchema>;

export interface ConfirmFormProps {
  /** Resolves once the server has answered; the field is cleared for another try. */
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}

export function ConfirmForm({ onConfirm, onCancel }: ConfirmFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, setFocus, formState } = useForm<ConfirmValues>({
    resolver: zodResolver(confirmSchema),
    defaultValues: { codeConfirmation: '' },
  });

  const submit = handleSubmit(async ({ codeConfirmation }) => {
    await onConfirm(codeConfirmation);
    // Ready for another try (a refused code leaves the user on this page).
    reset({ codeConfirmation: '' });
    setFocus('codeConfirmation');
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('authConfirm.title')}>
      <FormTextField
        control={control}
        name="codeConfirmation"
        label={t('authConfirm.code')}
        autoComplete="one-time-code"
        required
        autoFocus
        htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: CONFIRMATION_CODE_LENGTH * 2 }}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('app.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('app.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}
