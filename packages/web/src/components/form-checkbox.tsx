import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormCheckboxProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  label: string;
  disabled?: boolean;
}

/** A labelled checkbox bound to a boolean of react-hook-form. */
export function FormCheckbox<T extends FieldValues, O = T>({
  name,
  control,
  label,
  disabled,
}: FormCheckboxProps<T, O>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
