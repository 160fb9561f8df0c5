import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateError } from '../lib/form-errors';
import { TextInput, type TextInputProps } from './text-input';

export type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = Omit<
  TextInputProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'error'
> & {
  name: N;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  /** Extra checks when the form has no resolver; messages are i18n keys. */
  rules?: RegisterOptions<T, N>;
};

/**
 * A text field bound to react-hook-form. Validation messages are i18n keys (from the zod schema, the
 * rules or the server's fieldErrors) and are translated here.
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, O = T>({
  name,
  control,
  rules,
  ...props
}: FormTextFieldProps<T, N, O>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={translateError(t, fieldState.error?.message)}
        />
      )}
    />
  );
}
