import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { CHECKUP_STATES, type CheckupFilters, checkupFilters } from '@portail/contract/schemas/checkups';
import { useEffect } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form-date-field';
import { ScopeFilters } from '../../../components/scope-filters';
import { zodErrorKey } from '../../../lib/form-errors';
import type { ScopeOrganisations } from '../../../lib/scope-organisations';

/** "Every state" in the form; no `etatBilan` in the call. */
const ALL = 'ALL';

/** What the form holds: dates as ISO text (null when empty), the state or ALL. */
export interface CheckupFilterValues {
  dateDebut: string | null;
  dateFin: string | null;
  etatBilan: string;
  /** A company or establishment of the scope ('' for all). */
  companyId: string;
  establishmentId: string;
}

const idOrNothing = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : undefined);

const contractResolver = zodResolver(checkupFilters, { error: zodErrorKey });

/** The contract's filters (docs/checkups.md#filters: both dates required, end not before start), ALL being no state. */
const resolver: Resolver<CheckupFilterValues, unknown, CheckupFilters> = (values, context, options) =>
  contractResolver(
    {
      dateDebut: values.dateDebut,
      dateFin: values.dateFin,
      etatBilan: values.etatBilan === ALL ? undefined : values.etatBilan,
      idEntreprise: idOrNothing(values.companyId),
      idEtablissement: idOrNothing(values.establishmentId),
    } as never,
    context,
    options as never,
  ) as ReturnType<Resolver<CheckupFilterValues, unknown, CheckupFilters>>;

function toValues(filters: CheckupFilters): CheckupFilterValues {
  return {
    dateDebut: filters.dateDebut,
    dateFin: filters.dateFin,
    etatBilan: filters.etatBilan ?? ALL,
    companyId: filters.idEntreprise ? String(filters.idEntreprise) : '',
    establishmentId: filters.idEtablissement ? String(filters.idEtablissement) : '',
  };
}

export type CheckupFiltersFormState = UseFormReturn<CheckupFilterValues, unknown, CheckupFilters>;

/**
 * The form of the filters, shared by the search and the export so that both use what the screen
 * shows. `filters`: the filters in force (from the address).
 */
export function useCheckupFiltersForm(filters: CheckupFilters): CheckupFiltersFormState {
  const form = useForm<CheckupFilterValues, unknown, CheckupFilters>({
    defaultValues: toValues(filters),
    resolver,
  });
  // Filters changed from outside (back, the menu link): show what the address says.
  const { reset } = form;
  const { dateDebut, dateFin, etatBilan, idEntreprise, idEtablissement } = filters;
  useEffect(() => {
    reset(toValues({ dateDebut, dateFin, etatBilan, idEntreprise, idEtablissement }));
  }, [dateDebut, dateFin, etatBilan, idEntreprise, idEtablissement, reset]);
  return form;
}

/**
 * The filters the form shows, once valid; null when invalid, the errors then shown on the fields and
 * the first invalid field focused.
 */
export function validFilters(form: CheckupFiltersFormState): Promise<CheckupFilters | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(resolve, () => resolve(null))();
  });
}

export interface CheckupFiltersFormProps {
  form: CheckupFiltersFormState;
  /** Called with valid filters only: no search while the form is invalid. */
  onSearch: (filters: CheckupFilters) => void;
  /** Accessible name of the search region. */
  label: string;
  /** The scope's companies and establishments: their filters show when it holds more than one. */
  organisations: ScopeOrganisations;
}

/** The search of both check-up screens (docs/checkups.md#list, docs/checkups.md#history, docs/checkups.md#filters): state, start and end dates. */
export function CheckupFiltersForm({ form, onSearch, label, organisations }: CheckupFiltersFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setValue } = form;
  const [companyId, establishmentId] = useWatch({ control, name: ['companyId', 'establishmentId'] });

  return (
    <Paper
      component="form"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => void handleSubmit(onSearch)(event)}
      sx={{ p: 2, mb: 2 }}
    >
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Controller
            name="etatBilan"
            control={control}
            render={({ field }) => (
              <TextField
                select
                fullWidth
                name={field.name}
                label={t('checkups.filters.state')}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
              >
                <MenuItem value={ALL}>{t('checkups.filters.allStates')}</MenuItem>
                {CHECKUP_STATES.map((state) => (
                  <MenuItem key={state} value={state}>
                    {t(`checkups.states.${state}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormDateField name="dateDebut" control={control} label={t('checkups.filters.start')} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormDateField name="dateFin" control={control} label={t('checkups.filters.end')} required />
        </Grid>
        <ScopeFilters
          organisations={organisations}
          companyId={companyId}
          establishmentId={establishmentId}
          onChange={(choice) => {
            setValue('companyId', choice.companyId, { shouldDirty: true });
            setValue('establishmentId', choice.establishmentId, { shouldDirty: true });
          }}
        />
        <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center', minHeight: 56 }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t('checkups.filters.search')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
