import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { COUNTRY_FRANCE_ID, POSTAL_CODE_MAX, SEARCH_DEBOUNCE_MS } from '@portail/contract/constants';
import { localityKey } from '@portail/contract/rules/locality';
import type { Locality } from '@portail/contract/schemas/addresses';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useEnumOptions } from '../lib/enums';
import { translateError } from '../lib/form-errors';
import { canLookUpPostalCode, lookUpPostalCode } from '../lib/postal-codes';
import { FormAutocomplete } from './form-autocomplete';
import { FormTextField } from './form-text-field';
import { StreetTypeField } from './street-type-field';
import { TextInput } from './text-input';

export interface AddressFieldsProps {
  /** Path of the address object in the form (`adresse`); its fields are those of docs/interface-conventions.md#postal-code-lookup Address. */
  prefix: string;
  disabled?: boolean;
  /** The address country is required on the participant form (docs/interface-conventions.md#postal-code-lookup). */
  countryRequired?: boolean;
}

/**
 * A postal address (docs/interface-conventions.md#postal-code-lookup) inside a react-hook-form form. A postal code of five characters or more
 * looks up its communes (docs/interface-conventions.md#postal-code-lookup): one fills the locality, several are offered, and any
 * result sets the country to France; a code that names none is said to be unknown.
 */
export function AddressFields({ prefix, disabled, countryRequired }: AddressFieldsProps) {
  const { t } = useTranslation();
  const { control, setValue, getValues, formState } = useFormContext();
  const countries = useEnumOptions('pays');
  const [choices, setChoices] = useState<Locality[]>([]);
  // A complete code that names no French commune: said under the field (issue 18), never blocking,
  // as a foreign address may have such a code.
  const [unknownCode, setUnknownCode] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lookup = useRef<AbortController | null>(null);
  const path = (field: string) => `${prefix}.${field}`;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      lookup.current?.abort();
    },
    [],
  );

  const set = (field: string, value: unknown) =>
    setValue(path(field), value, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const postalCodeTyped = (code: string) => {
    clearTimeout(timer.current);
    lookup.current?.abort();
    setChoices([]);
    setUnknownCode(false);
    if (!canLookUpPostalCode(code)) return;
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      lookup.current = controller;
      const found = await lookUpPostalCode(code, controller.signal);
      if (controller.signal.aborted || found === null) return;
      if (found.length === 0) {
        setUnknownCode(true);
        return;
      }
      set('pays', COUNTRY_FRANCE_ID);
      const [only] = found;
      if (found.length === 1 && only) set('localite', only.localite);
      else {
        // The locality of the previous code ("POSES" under 68130) would be saved with the new code:
        // it is cleared until one of the new code's communes is chosen (issue 18).
        const current = localityKey(String(getValues(path('localite')) ?? ''));
        const kept = found.some(
          (commune) =>
            localityKey(commune.localite) === current || localityKey(commune.libelleAcheminement) === current,
        );
        if (current !== '' && !kept) set('localite', '');
        setChoices(found);
      }
    }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FormTextField
          control={control}
          name={path('ligne1')}
          label={t('address.ligne1')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={path('ligne2')}
          label={t('address.ligne2')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={path('ligne3')}
          label={t('address.ligne3')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 4, sm: 2 }}>
        <FormTextField
          control={control}
          name={path('numeroVoie')}
          label={t('address.numeroVoie')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 8, sm: 4 }}>
        <StreetTypeField
          control={control}
          name={path('typeVoie')}
          label={t('address.typeVoie')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={path('nomVoie')}
          label={t('address.nomVoie')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name={path('ligne5')}
          label={t('address.ligne5')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <Controller
          control={control}
          name={path('codePostal')}
          render={({ field, fieldState }) => (
            <TextInput
              name={field.name}
              label={t('address.codePostal')}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event);
                postalCodeTyped(event.target.value);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={disabled}
              autoComplete="postal-code"
              htmlInput={{ maxLength: POSTAL_CODE_MAX }}
              error={translateError(t, fieldState.error?.message)}
              helperText={unknownCode ? t('address.unknownPostalCode') : undefined}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8, md: 5 }}>
        <FormTextField
          control={control}
          name={path('localite')}
          label={t('address.localite')}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormAutocomplete
          control={control}
          name={path('pays')}
          label={t('address.pays')}
          options={countries.options}
          loading={countries.loading}
          required={countryRequired}
          disabled={disabled}
        />
      </Grid>
      {choices.length > 1 && (
        <Grid size={12}>
          <Alert severity="info" role="status">
            {t('address.chooseLocality')}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              {choices.map((choice) => (
                <Chip
                  key={`${choice.codeCommune}-${choice.localite}`}
                  label={choice.localite}
                  variant="outlined"
                  color="primary"
                  onClick={() => {
                    set('localite', choice.localite);
                    setChoices([]);
                  }}
                />
              ))}
            </Stack>
          </Alert>
        </Grid>
      )}
    </Grid>
  );
}
