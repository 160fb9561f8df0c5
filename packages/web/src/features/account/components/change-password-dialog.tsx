import { zodResolver } from '@hookform/resolvers/zod';
import { meetsPasswordRules } from '@portail/contract/rules/password';
import { changePasswordRequest } from '@portail/contract/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { zodErrorKey } from '../../../lib/form-errors';
import { currentUser, useSession } from '../../../lib/session';
import { changePassword } from '../api/change-password';
import { FormDialog } from './form-dialog';
import { useDialogSave } from './use-dialog-save';

/**
 * The contract's call plus the confirmation (docs/recovery.md#new-password-rule): old password required, the new one following the
 * password rules (errors.passwordRegles), the confirmation equal to it (errors.missmatch).
 */
const changePasswordForm = changePasswordRequest
  .pick({ ancienMotDePasse: true, motDePasse: true })
  .extend({ confirmation: z.string().min(1, 'errors.required').max(200) })
  .superRefine((values, ctx) => {
    if (values.motDePasse !== '' && !meetsPasswordRules(values.motDePasse))
      ctx.addIssue({ code: 'custom', path: ['motDePasse'], message: 'errors.passwordRegles' });
    if (values.confirmation !== '' && values.confirmation !== values.motDePasse)
      ctx.addIssue({ code: 'custom', path: ['confirmation'], message: 'errors.missmatch' });
  });
type ChangePasswordValues = z.infer<typeof changePasswordForm>;
const EMPTY: ChangePasswordValues = { ancienMotDePasse: '', motDePasse: '', confirmation: '' };

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Change password (docs/personal-details.md#password-change, docs/recovery.md#new-password-rule, docs/personal-details.md#my-record; docs/personal-details.md#password-change): old password, new password and its confirmation, each
 * with a show/hide toggle. The server's field errors land on their fields (errors.ancienMotDePasse);
 * success shows `password.confirmationChange` and closes. The account's other sessions end.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const user = currentUser(useSession());
  const form = useForm<ChangePasswordValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(changePasswordForm, { error: zodErrorKey }),
  });
  const { saving, dialog } = useDialogSave({
    form,
    empty: EMPTY,
    onClose,
    save: (values) =>
      changePassword({
        ...(user ? { id: user.id } : {}),
        ancienMotDePasse: values.ancienMotDePasse,
        motDePasse: values.motDePasse,
      }),
    fieldOf: (field) => (field === 'ancienMotDePasse' || field === 'motDePasse' ? field : null),
    doneCode: 'password.confirmationChange',
  });

  return (
    <FormDialog
      open={open}
      {...dialog}
      title={t('account.password.title')}
      intro={t('account.password.intro')}
      submitLabel={t('account.password.submit')}
    >
      <PasswordField
        name="ancienMotDePasse"
        control={form.control}
        label={t('account.password.old')}
        autoComplete="current-password"
        disabled={saving}
        autoFocus
      />
      <NewPasswordFields
        control={form.control}
        passwordName="motDePasse"
        confirmationName="confirmation"
        labels={{
          password: t('account.password.new'),
          confirmation: t('account.password.confirmation'),
          rules: t('account.password.rules'),
        }}
        disabled={saving}
      />
    </FormDialog>
  );
}
