import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  /** The form's fields for the new password and for its confirmation. */
  passwordName: FieldPath<T>;
  confirmationName: FieldPath<T>;
  labels: {
    password: string;
    confirmation: string;
    /** The password rules (docs/recovery.md#new-password-rule), under the password. */
    rules: string;
  };
  disabled: boolean;
  autoFocus?: boolean;
}

/** A new password and its confirmation, each with a show/hide toggle. */
export function NewPasswordFields<T extends FieldValues, O = T>({
  control,
  passwordName,
  confirmationName,
  labels,
  disabled,
  autoFocus,
}: NewPasswordFieldsProps<T, O>) {
  return (
    <>
      <PasswordField
        name={passwordName}
        control={control}
        label={labels.password}
        autoComplete="new-password"
        helperText={labels.rules}
        disabled={disabled}
        autoFocus={autoFocus}
      />
      <PasswordField
        name={confirmationName}
        control={control}
        label={labels.confirmation}
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}
