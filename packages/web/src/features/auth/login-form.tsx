import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/text-input';

export interface LoginValues {
  identifier: string;
  password: string;
  correspondant: boolean;
}

type LoginErrors = Partial<Record<'identifier' | 'password', string>>;

/** Identifier and password both required (docs/sign-in-and-sessions.md#sign-in-screen); values are i18n keys. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (values.identifier.trim() === '') errors.identifier = 'errors.required';
  if (values.password.trim() === '') errors.password = 'errors.required';
  return errors;
}

export interface LoginFormProps {
  /** Resolves true when signed in; false keeps the identifier and clears the password. */
  onSubmit: (values: LoginValues) => Promise<boolean>;
  /** The identifier to start with (the one an account just registered was given). */
  initialIdentifier?: string;
}

/**
 * The sign-in form. Three fields and one rule: plain React state rather than react-hook-form, which
 * keeps the sign-in page's bundle small. Like the other forms, it checks on submit, then as you type.
 */
export function LoginForm({ onSubmit, initialIdentifier = '' }: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({
    identifier: initialIdentifier,
    password: '',
    correspondant: false,
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (patch: Partial<LoginValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (found.identifier) return identifierRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setSubmitting(true);
    const signedIn = await onSubmit(values);
    setSubmitting(false);
    if (!signedIn) {
      setSubmitted(false);
      setValues((current) => ({ ...current, password: '' }));
      passwordRef.current?.focus();
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('login.title')}>
      <FormControlLabel
        control={
          <Checkbox
            name="correspondant"
            checked={values.correspondant}
            onChange={(event) => change({ correspondant: event.target.checked })}
          />
        }
        label={t('login.correspondant')}
      />
      <TextInput
        name="identifier"
        inputRef={identifierRef}
        label={values.correspondant ? t('login.identifierCorrespondant') : t('login.identifier')}
        value={values.identifier}
        onChange={(event) => change({ identifier: event.target.value })}
        error={errors.identifier && t(errors.identifier)}
        autoComplete="username"
        required
        autoFocus={initialIdentifier === ''}
      />
      <TextInput
        name="password"
        inputRef={passwordRef}
        label={t('login.password')}
        value={values.password}
        onChange={(event) => change({ password: event.target.value })}
        error={errors.password && t(errors.password)}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        // The identifier is given (a registration just ended): only the password is left to type.
        autoFocus={initialIdentifier !== ''}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              onClick={() => setShowPassword((value) => !value)}
              edge="end"
              aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={showPassword}
            >
              {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </InputAdornment>
        }
      />
      <Button type="submit" variant="contained" size="large" loading={submitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
