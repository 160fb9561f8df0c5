import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { EnumItem } from '@portail/contract/schemas/enums';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { enumLabel, useCreateEnumItem, useEnum } from '../lib/enums';
import { errorReplyOf } from '../lib/error-replies';
import { failureKey } from '../lib/failure-key';
import { translateError } from '../lib/form-errors';
import { notify } from '../lib/notify';
import { useConfirm } from './confirm-provider';

interface StreetTypeOption {
  /** null: the "add this street type" entry. */
  value: number | null;
  label: string;
  /** The text typed, for the "add" entry. */
  newLabel?: string;
}

const filter = createFilterOptions<StreetTypeOption>();

export interface StreetTypeFieldProps<T extends FieldValues, O = T> {
  name: FieldPath<T>;
  /** The form's control; `O` is what its resolver gives on submit. */
  control: Control<T, unknown, O>;
  label: string;
  disabled?: boolean;
}

/**
 * The street type (docs/interface-conventions.md#reference-lists): the one list a user may extend. A label the list lacks is offered as
 * "add", confirmed, then created with `PUT enum/typeVoie` (docs/interface-conventions.md#reference-lists, toasts of docs/interface-conventions.md#reference-lists).
 */
export function StreetTypeField<T extends FieldValues, O = T>({
  name,
  control,
  label,
  disabled,
}: StreetTypeFieldProps<T, O>) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const create = useCreateEnumItem('typeVoie');
  const { data, isLoading } = useEnum('typeVoie');
  // A value added from the portal is listed to its author's reach until the centre approves it: say so.
  const labelOf = (item: EnumItem) => {
    const label = enumLabel(item, i18n.language);
    return item.enAttente ? t('streetType.pending', { label }) : label;
  };
  const options: StreetTypeOption[] = (data ?? [])
    .filter((item) => item.actif)
    .map((item) => ({ value: item.id, label: labelOf(item) }));

  const add = async (text: string): Promise<number | null> => {
    const confirmed = await confirm({
      title: t('streetType.confirmTitle'),
      message: t('streetType.confirmText', { label: text }),
      confirmLabel: t('streetType.confirm'),
    });
    if (!confirmed) return null;
    try {
      const item = await create(text);
      notify('dropdown.succes', 'success');
      return item.id;
    } catch (error) {
      // The server says why: a label refused on its field, or the reach's additions of the day used up.
      const fieldError = errorReplyOf(error)?.fieldErrors?.[0]?.defaultMessage;
      notify(fieldError ?? failureKey(error, 'dropdown.error'), 'error');
      return null;
    }
  };

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const item = data?.find((entry) => entry.id === field.value);
        const selected = item ? { value: item.id, label: labelOf(item) } : null;
        const error = translateError(t, fieldState.error?.message);
        return (
          <Autocomplete<StreetTypeOption>
            options={options}
            value={selected}
            loading={isLoading}
            disabled={disabled}
            autoHighlight
            handleHomeEndKeys
            filterOptions={(all, state) => {
              const found = filter(all, state);
              const typed = state.inputValue.trim();
              const exists = all.some((option) => option.label.toLowerCase() === typed.toLowerCase());
              if (typed !== '' && !exists)
                found.push({ value: null, label: t('streetType.add', { label: typed }), newLabel: typed });
              return found;
            }}
            getOptionLabel={(option) => option.label}
            isOptionEqualToValue={(option, value) => option.value === value.value}
            onChange={(_, option) => {
              if (option?.value === null && option.newLabel) {
                void add(option.newLabel).then((id) => {
                  if (id !== null) field.onChange(id);
                });
                return;
              }
              field.onChange(option?.value ?? null);
            }}
            onBlur={field.onBlur}
            loadingText={t('form.loading')}
            noOptionsText={t('form.noOptions')}
            openText={t('form.open')}
            closeText={t('form.close')}
            clearText={t('form.clear')}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={label}
                error={Boolean(error)}
                helperText={error}
              />
            )}
          />
        );
      }}
    />
  );
}
