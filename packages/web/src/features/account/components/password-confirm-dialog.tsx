import { zodResolver } from '@hookform/resolvers/zod';
import { currentPassword } from '@portail/contract/schemas/contact-change';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { zodErrorKey } from '../../../lib/form-errors';
import type { Outcome } from '../../../lib/outcome';
import { FormDialog } from './form-dialog';
import { useDialogSave } from './use-dialog-save';

const passwordForm = z.object({ motDePasse: currentPassword });
type PasswordValues = z.infer<typeof passwordForm>;
const EMPTY: PasswordValues = { motDePasse: '' };

export interface PasswordConfirmDialogProps<T> {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  submitLabel: string;
  /** The call the password goes with; its field error `motDePasse` lands on the field. */
  save: (motDePasse: string) => Promise<Outcome<T>>;
  /** The call succeeded: its reply (the dialog has closed and told the server's messages). */
  onSaved?: (data: T) => void;
  /** Told when the server says nothing of its own. */
  doneCode?: string;
}

/**
 * A change of the account's sign-in factors asks for the current password again
 * (docs/second-factors.md#security-tab, docs/personal-details.md#reauthentication): one stolen session
 * must not add or remove a way in. Three wrong passwords lock the account, as at sign-in.
 */
export function PasswordConfirmDialog<T>({
  open,
  onClose,
  title,
  intro,
  submitLabel,
  save,
  onSaved,
  doneCode,
}: PasswordConfirmDialogProps<T>) {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(passwordForm, { error: zodErrorKey }),
  });
  const { saving, dialog } = useDialogSave({
    form,
    empty: EMPTY,
    onClose,
    save: async (values) => {
      const outcome = await save(values.motDePasse);
      if (outcome.kind === 'done') onSaved?.(outcome.data);
      return outcome;
    },
    fieldOf: (field) => (field === 'motDePasse' ? field : null),
    ...(doneCode ? { doneCode } : {}),
  });
  return (
    <FormDialog open={open} {...dialog} title={title} intro={intro} submitLabel={submitLabel}>
      <PasswordField
        name="motDePasse"
        control={form.control}
        label={t('secondFactor.currentPassword')}
        autoComplete="current-password"
        disabled={saving}
        autoFocus
      />
    </FormDialog>
  );
}
