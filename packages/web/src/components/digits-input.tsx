import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './text-input';
import { visuallyHidden } from './visually-hidden';

/** Digits, with the spaces around them the search trims anyway. */
const DIGITS = /^\s*\d*\s*$/;

export interface DigitsInputProps extends Omit<TextInputProps, 'onChange' | 'type'> {
  /** The new text, digits only: a change bringing anything else is refused. */
  onValueChange: (value: string) => void;
}

/**
 * A number typed as text (a participant or establishment number in a search, issue 18): a letter or
 * a sign is refused as typed or pasted, the field keeps its digits and says why until the next
 * accepted change, once to a screen reader (a polite status) and under the field. `error` still
 * shows for a value that came from elsewhere (the address).
 */
export function DigitsInput({ onValueChange, error, htmlInput, ...props }: DigitsInputProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const refusal = t('errors.digitsOnly');
  return (
    <>
      <TextInput
        {...props}
        onChange={(event) => {
          const next = event.target.value;
          setRefused(!DIGITS.test(next));
          if (DIGITS.test(next)) onValueChange(next);
        }}
        onBlur={() => setRefused(false)}
        error={refused ? refusal : error}
        htmlInput={{ inputMode: 'numeric', ...htmlInput }}
      />
      <Box role="status" sx={visuallyHidden}>
        {refused ? refusal : ''}
      </Box>
    </>
  );
}
