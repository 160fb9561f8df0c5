import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
} from 'react';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number';
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Translated message; marks the field invalid. */
  error?: string;
  helperText?: string;
  endAdornment?: ReactNode;
  /** Attributes of the `<input>` itself: inputMode, pattern, maxLength... */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  multiline?: boolean;
  minRows?: number;
}

/**
 * The required mark drawn by CSS, with empty alternative text: the label's text (what a test or a
 * screen reader reads) stays the label itself, the input carrying `required`.
 */
export const REQUIRED_MARK = { '&::after': { content: '"\\2009*" / ""' } } as const;

/**
 * An outlined text field with its label and message. Built from the input parts rather than
 * TextField, which always brings the select machinery (menus, popovers) along: this one is light
 * enough for the sign-in page.
 */
export function TextInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  type = 'text',
  autoComplete,
  required,
  disabled,
  autoFocus,
  error,
  helperText,
  endAdornment,
  htmlInput,
  multiline,
  minRows,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const helper = error ?? helperText;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={Boolean(error)}>
      <InputLabel htmlFor={id} required={false} sx={required ? REQUIRED_MARK : undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        multiline={multiline}
        minRows={minRows}
        inputProps={{ ...htmlInput, 'aria-describedby': helper ? helperId : undefined }}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
