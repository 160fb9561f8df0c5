import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, frFR } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../lib/dates';
import { dayjsLocale, isLanguage } from '../lib/i18n';

/**
 * Date adapter and picker texts of the current language (weeks start on Monday in both, see
 * lib/i18n.ts). Each picker widget brings its own, so the pickers stay out of pages that have none.
 */
export function PickersProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr_FR';
  const texts = (language === 'en_EN' ? enUS : frFR).components.MuiLocalizationProvider.defaultProps
    .localeText;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(language)} localeText={texts}>
      {children}
    </LocalizationProvider>
  );
}

/**
 * The text field of a date or time picker as every form field of the portal is: full width, its name
 * for the form, required, and an error message that takes the help text's place.
 */
export function pickerTextField({
  name,
  required,
  error,
  helperText,
  onBlur,
}: {
  name: string | undefined;
  required: boolean | undefined;
  error: string | undefined;
  helperText: string | undefined;
  onBlur?: (() => void) | undefined;
}) {
  return {
    name,
    required,
    fullWidth: true,
    error: Boolean(error),
    helperText: error ?? helperText,
    ...(onBlur ? { onBlur } : {}),
  };
}
