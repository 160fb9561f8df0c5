import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitDuration(total: number): DurationParts {
  const whole = Math.max(0, Math.floor(total));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

export function joinDuration({ hours, minutes, seconds }: DurationParts): number {
  return hours * 3600 + minutes * 60 + seconds;
}

type Texts = Record<keyof DurationParts, string>;

function toTexts(value: number | null): Texts {
  if (value === null) return { hours: '', minutes: '', seconds: '' };
  const parts = splitDuration(value);
  return { hours: String(parts.hours), minutes: String(parts.minutes), seconds: String(parts.seconds) };
}

const MAX: Record<keyof DurationParts, number> = { hours: 9999, minutes: 59, seconds: 59 };

export interface DurationFieldProps {
  label: string;
  /** Total in seconds; null when empty. */
  value: number | null;
  onChange: (seconds: number | null) => void;
  required?: boolean;
  disabled?: boolean;
  /** Translated message; marks the field invalid. */
  error?: string;
}

/** A duration typed as hours, minutes and seconds, given back in seconds (docs/interface-conventions.md#dates-and-times). */
export function DurationField({ label, value, onChange, required, disabled, error }: DurationFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [texts, setTexts] = useState<Texts>(() => toTexts(value));
  // The last total this field reported: another value coming in means the form was reset or loaded.
  const reported = useRef<number | null>(value);
  if (value !== reported.current) {
    reported.current = value;
    setTexts(toTexts(value));
  }

  const change = (part: keyof DurationParts, text: string) => {
    const digits = text.replace(/\D/g, '');
    const next = { ...texts, [part]: digits === '' ? '' : String(Math.min(Number(digits), MAX[part])) };
    setTexts(next);
    const empty = next.hours === '' && next.minutes === '' && next.seconds === '';
    const total = empty
      ? null
      : joinDuration({
          hours: Number(next.hours || 0),
          minutes: Number(next.minutes || 0),
          seconds: Number(next.seconds || 0),
        });
    reported.current = total;
    onChange(total);
  };

  return (
    <FormControl component="fieldset" error={Boolean(error)} required={required} disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {(['hours', 'minutes', 'seconds'] as const).map((part) => (
          <TextField
            key={part}
            label={t(`duration.${part}`)}
            value={texts[part]}
            onChange={(event) => change(part, event.target.value)}
            disabled={disabled}
            error={Boolean(error)}
            size="small"
            sx={{ width: 110 }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-describedby': labelId },
            }}
          />
        ))}
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
