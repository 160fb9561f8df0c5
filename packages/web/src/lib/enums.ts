import { enumApi } from '@portail/contract/api/enums';
import type { Language } from '@portail/contract/constants';
import type { CreatableEnum, EnumItem, EnumName } from '@portail/contract/schemas/enums';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from './api';
import { isLanguage } from './i18n';

/** Enumerations change with the centre's reference data, not during a session. */
const ENUM_STALE_MS = 60 * 60 * 1000;

export const enumKeys = {
  all: ['enum'] as const,
  list: (name: EnumName, activeOnly: boolean) => ['enum', name, activeOnly ? 'active' : 'all'] as const,
};

/**
 * `GET enum/{name}` (docs/interface-conventions.md#reference-lists). `activeOnly` false also lists retired items, which a form still needs to
 * show the value an old record holds.
 */
export function enumQueryOptions(name: EnumName, activeOnly = false) {
  return queryOptions({
    queryKey: enumKeys.list(name, activeOnly),
    queryFn: ({ signal }) =>
      call(enumApi.list, {
        params: { name },
        query: activeOnly ? { actif: true } : {},
        silent: true,
        signal,
      }),
    staleTime: ENUM_STALE_MS,
    gcTime: ENUM_STALE_MS,
  });
}

export function useEnum(name: EnumName, activeOnly = false) {
  return useQuery(enumQueryOptions(name, activeOnly));
}

/** The label of an item in the interface language (French when no English label is known). */
export function enumLabel(item: EnumItem, language: Language | string): string {
  const english = isLanguage(language) && language === 'en_EN';
  return english && item.labelEn ? item.labelEn : item.label;
}

/**
 * A function giving the label of an item id of `name`, '' while the list loads or for an unknown id:
 * in the interface language, or always in `language` when given.
 */
export function useEnumLabel(name: EnumName, language?: Language): (id: number | null | undefined) => string {
  const { i18n } = useTranslation();
  const { data } = useEnum(name);
  const shown = language ?? i18n.language;
  return useCallback(
    (id) => {
      const item = id === null || id === undefined ? undefined : data?.find((entry) => entry.id === id);
      return item ? enumLabel(item, shown) : '';
    },
    [data, shown],
  );
}

/**
 * The street type as a postal address writes it, in French in both languages (issue 18): an address
 * is not translated ("74 Allée Gambetta", never "74 Alley Gambetta"). Dropdowns stay translated.
 */
export function useAddressStreetType(): (id: number | null | undefined) => string {
  return useEnumLabel('typeVoie', 'fr_FR');
}

export interface EnumOption {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * The items of `name` as dropdown options in the interface language. Retired items are left out,
 * except `keep` (the value a record holds), which stays visible but cannot be chosen.
 */
export function useEnumOptions(
  name: EnumName,
  keep?: number | null,
): { options: EnumOption[]; loading: boolean } {
  const { i18n } = useTranslation();
  const { data, isLoading } = useEnum(name);
  const options = useMemo(
    () =>
      (data ?? [])
        .filter((item) => item.actif || item.id === keep)
        .map((item) => ({
          value: item.id,
          label: enumLabel(item, i18n.language),
          ...(item.actif ? {} : { disabled: true }),
        })),
    [data, i18n.language, keep],
  );
  return { options, loading: isLoading };
}

/** `PUT enum/{name}`: adds a value to a list users may extend and refreshes that list. */
export function useCreateEnumItem(name: CreatableEnum) {
  const queryClient = useQueryClient();
  return useCallback(
    async (label: string): Promise<EnumItem> => {
      const created = await call(enumApi.add, {
        params: { name },
        body: { label },
        handle: 'all',
      });
      await queryClient.invalidateQueries({ queryKey: ['enum', name] });
      return created;
    },
    [name, queryClient],
  );
}
