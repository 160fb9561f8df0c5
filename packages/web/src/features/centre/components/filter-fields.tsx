import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import dayjs, { type Dayjs } from 'dayjs';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { toIsoDate } from '../../../lib/dates';

/**
 * The values of a Centre list's filter form while it is being filled in: each as typed, applied to
 * the list only when the form is sent. `set` is a text field's or a select's onChange.
 */
export function useFilterValues<F extends Partial<Record<string, string>>>(initial: () => F) {
  const [filters, setFilters] = useState<F>(initial);
  const setValue = (name: keyof F, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const set = (name: keyof F) => (event: { target: { value: string } }) => setValue(name, event.target.value);
  return { filters, set, setValue };
}

/** A Centre list's filter form: a search landmark whose fields wrap on narrow screens. */
export function SearchForm({
  label,
  onSubmit,
  alignItems,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  alignItems: 'center' | 'flex-start';
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems, mb: 2 }}
    >
      {children}
    </Box>
  );
}

/** A filter among fixed values, or all of them (the empty choice). */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  optionLabel,
  sx,
}: {
  label: string;
  value: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  options: readonly V[];
  optionLabel: (option: V) => string;
  sx: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TextField select label={label} value={value} onChange={onChange} sx={sx}>
      <MenuItem value="">{t('centre.deliveries.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The first and last days of a period as ISO dates ('' for none), each typed or picked. */
export function PeriodFields({
  from,
  to,
  onChange,
  sx,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (name: 'from' | 'to', day: string) => void;
  sx: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  // A day typed halfway is no filter yet.
  const setDay = (name: 'from' | 'to') => (value: Dayjs | null) =>
    onChange(name, value?.isValid() ? (toIsoDate(value) ?? '') : '');
  return (
    <>
      <Box sx={sx}>
        <DateField
          label={t('centre.deliveries.from')}
          value={from ? dayjs(from) : null}
          onChange={setDay('from')}
        />
      </Box>
      <Box sx={sx}>
        <DateField label={t('centre.deliveries.to')} value={to ? dayjs(to) : null} onChange={setDay('to')} />
      </Box>
    </>
  );
}
