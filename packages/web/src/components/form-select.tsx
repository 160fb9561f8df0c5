import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateError } from '../lib/form-errors';
import { REQUIRED_MARK } from './text-input';

export interface SelectOption {
  value: number;
  label: string;
  /** Shown (an old record may hold it) but not choosable. */
  disabled?: boolean;
}

export interface FormSelectProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Offers an empty choice (optional fields). */
  allowEmpty?: boolean;
  /** Called before a change is kept; false leaves the value as it was (e.g. a rule forbids it). */
  onBeforeChange?: (next: number | null) => boolean;
}

/** A dropdown of enumeration ids bound to react-hook-form; messages are i18n keys. */
export function FormSelect<T extends FieldValues, O = T>({
  name,
  control,
  label,
  options,
  required,
  disabled,
  helperText,
  allowEmpty = !required,
  onBeforeChange,
}: FormSelectProps<T, O>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = field.value ?? '';
        // A value the list does not hold (still loading, or retired) stays selectable-looking.
        const known = value === '' || options.some((option) => option.value === value);
        const error = translateError(t, fieldState.error?.message);
        return (
          <TextField
            select
            fullWidth
            name={field.name}
            label={label}
            value={known ? value : ''}
            onChange={(event) => {
              const raw = event.target.value;
              const next = raw === '' ? null : Number(raw);
              if (onBeforeChange && !onBeforeChange(next)) return;
              field.onChange(next);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={required}
            disabled={disabled}
            error={Boolean(error)}
            helperText={error ?? (disabled ? undefined : helperText)}
            slotProps={{ inputLabel: { required: false, sx: required ? REQUIRED_MARK : undefined } }}
          >
            {allowEmpty && (
              <MenuItem value="">
                <em>{t('form.none')}</em>
              </MenuItem>
            )}
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
