import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';

export interface PasswordFieldProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  control: Control<T, unknown, O>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}

/** A required password field with a show/hide toggle named after the field it reveals. */
export function PasswordField<T extends FieldValues, O = T>({
  name,
  control,
  label,
  autoComplete,
  disabled,
  helperText,
  autoFocus,
}: PasswordFieldProps<T, O>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      name={name}
      control={control}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      disabled={disabled}
      helperText={helperText}
      autoFocus={autoFocus}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setVisible((value) => !value)}
            edge="end"
            disabled={disabled}
            aria-label={t(visible ? 'account.password.hide' : 'account.password.show', { field: label })}
            aria-pressed={visible}
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * The current password that every sensitive change asks for again (contact, secret question, a
 * correspondant's own record): one stolen session is not a stolen account.
 */
export function CurrentPasswordField<T extends FieldValues, O = T>({
  name,
  control,
  disabled,
}: Pick<PasswordFieldProps<T, O>, 'name' | 'control' | 'disabled'>) {
  const { t } = useTranslation();
  return (
    <PasswordField
      name={name}
      control={control}
      label={t('account.currentPassword.label')}
      helperText={t('account.currentPassword.help')}
      autoComplete="current-password"
      disabled={disabled}
    />
  );
}
