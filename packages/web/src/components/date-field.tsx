import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DATE_FORMAT } from '@portail/contract/constants';
import type { Dayjs } from 'dayjs';
import { PickersProvider, pickerTextField } from './pickers-provider';

export interface DateFieldProps {
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  minDate?: Dayjs;
  maxDate?: Dayjs;
  required?: boolean;
  disabled?: boolean;
  /** Translated message; marks the field invalid. */
  error?: string;
  helperText?: string;
  name?: string;
  onBlur?: () => void;
}

/** A date typed or picked as DD/MM/YYYY, the calendar starting on Monday (docs/interface-conventions.md#dates-and-times). */
export function DateField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  required,
  disabled,
  error,
  helperText,
  name,
  onBlur,
}: DateFieldProps) {
  return (
    <PickersProvider>
      <DatePicker
        label={label}
        value={value}
        onChange={(next) => onChange(next)}
        format={DATE_FORMAT}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
        slotProps={{ textField: pickerTextField({ name, required, error, helperText, onBlur }) }}
      />
    </PickersProvider>
  );
}
