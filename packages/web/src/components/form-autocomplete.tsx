import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateError } from '../lib/form-errors';
import type { SelectOption } from './form-select';
import { REQUIRED_MARK } from './text-input';

export interface FormAutocompleteProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  loading?: boolean;
  helperText?: string;
}

/** A long list of ids (countries) searched as one types, bound to react-hook-form. */
export function FormAutocomplete<T extends FieldValues, O = T>({
  name,
  control,
  label,
  options,
  required,
  disabled,
  loading,
  helperText,
}: FormAutocompleteProps<T, O>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const selected = options.find((option) => option.value === field.value) ?? null;
        const error = translateError(t, fieldState.error?.message);
        return (
          <Autocomplete
            options={options}
            value={selected}
            onChange={(_, option) => field.onChange(option?.value ?? null)}
            onBlur={field.onBlur}
            getOptionLabel={(option) => option.label}
            getOptionDisabled={(option) => option.disabled === true}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            disabled={disabled}
            loading={loading}
            loadingText={t('form.loading')}
            noOptionsText={t('form.noOptions')}
            openText={t('form.open')}
            closeText={t('form.close')}
            clearText={t('form.clear')}
            autoHighlight
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={label}
                required={required}
                error={Boolean(error)}
                helperText={error ?? helperText}
                slotProps={{
                  ...params.slotProps,
                  inputLabel: {
                    ...params.slotProps.inputLabel,
                    required: false,
                    sx: required ? REQUIRED_MARK : undefined,
                  },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
