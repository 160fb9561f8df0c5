import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { TIME_FORMAT } from '@portail/contract/constants';
import type { Dayjs } from 'dayjs';
import { PickersProvider, pickerTextField } from './pickers-provider';

export interface TimeFieldProps {
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  required?: boolean;
  disabled?: boolean;
  /** Translated message; marks the field invalid. */
  error?: string;
  helperText?: string;
  name?: string;
}

/** A time as HH:mm, 24-hour clock in both languages (docs/interface-conventions.md#dates-and-times). */
export function TimeField({
  label,
  value,
  onChange,
  required,
  disabled,
  error,
  helperText,
  name,
}: TimeFieldProps) {
  return (
    <PickersProvider>
      <TimePicker
        label={label}
        value={value}
        onChange={(next) => onChange(next)}
        format={TIME_FORMAT}
        ampm={false}
        disabled={disabled}
        slotProps={{ textField: pickerTextField({ name, required, error, helperText }) }}
      />
    </PickersProvider>
  );
}
