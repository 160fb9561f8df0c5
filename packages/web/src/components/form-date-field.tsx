import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dayjs, toIsoDate } from '../lib/dates';
import { translateError } from '../lib/form-errors';
import { DateField } from './date-field';

/**
 * What the form holds for a date typed but not valid: not a date, so the contract's schema answers
 * `errors.date` rather than `errors.required`.
 */
export const INVALID_DATE = 'invalid';

function toFormValue(day: Dayjs | null): string | null {
  if (day === null) return null;
  return toIsoDate(day) ?? INVALID_DATE;
}

interface IsoDateInputProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  maxDate?: Dayjs;
  minDate?: Dayjs;
}

/**
 * The picker keeps its own value while a date is half typed; the form holds the ISO date
 * (YYYY-MM-DD) the API takes, and a reset of the form shows through.
 */
function IsoDateInput({ value, onChange, ...props }: IsoDateInputProps) {
  const [day, setDay] = useState<Dayjs | null>(() => (value && value !== INVALID_DATE ? dayjs(value) : null));
  const [shown, setShown] = useState<string | null>(value);
  if (value !== shown) {
    setShown(value);
    if (value !== toFormValue(day)) setDay(value && value !== INVALID_DATE ? dayjs(value) : null);
  }
  return (
    <DateField
      {...props}
      value={day}
      onChange={(next) => {
        const formValue = toFormValue(next);
        setDay(next);
        setShown(formValue);
        onChange(formValue);
      }}
    />
  );
}

export interface FormDateFieldProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  minDate?: Dayjs;
  maxDate?: Dayjs;
}

/** A DD/MM/YYYY date field bound to react-hook-form as an ISO date; messages are i18n keys. */
export function FormDateField<T extends FieldValues, O = T>({
  name,
  control,
  ...props
}: FormDateFieldProps<T, O>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        // The picker's sections are no single input: react-hook-form focuses the first one on an error.
        <div
          ref={(element) =>
            field.ref(
              element && {
                focus: () => element.querySelector<HTMLElement>('[role="spinbutton"], input')?.focus(),
              },
            )
          }
        >
          <IsoDateInput
            {...props}
            name={field.name}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={translateError(t, fieldState.error?.message)}
          />
        </div>
      )}
    />
  );
}
