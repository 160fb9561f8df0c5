import type { GridColDef } from '@mui/x-data-grid';
import { participantApi } from '@portail/contract/api/participants';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { clampedText } from '../components/cell-text';
import { call } from './api';

export interface ScopeOption {
  id: number;
  label: string;
}

export interface ScopeEstablishment extends ScopeOption {
  companyId: number;
}

/**
 * The companies and establishments of a correspondant's scope (from `GET etablissements-correspondant`),
 * for the lists' "Entreprise" and "Établissement" columns and filters (issue 18). Each is offered only
 * when the scope holds more than one: an establishment correspondant sees neither.
 */
export interface ScopeOrganisations {
  companies: ScopeOption[];
  establishments: ScopeEstablishment[];
  showCompanies: boolean;
  showEstablishments: boolean;
  companyName: (id: number) => string;
  establishmentName: (id: number) => string;
}

/** Same key as the participant feature's own query of this call: one request, one cache entry. */
const KEY = ['participants', 'correspondant-establishments'] as const;

export function useScopeOrganisations(enabled: boolean): ScopeOrganisations {
  const { data } = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(participantApi.correspondantEstablishments, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => {
    const rows = enabled ? (data ?? []) : [];
    const companies = [...new Map(rows.map((row) => [row.idEntreprise, row.entreprise])).entries()]
      .map(([id, label]) => ({ id, label }))
      .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
    const establishments = rows.map((row) => ({
      id: row.id,
      label: row.raisonsociale,
      companyId: row.idEntreprise,
    }));
    const names = new Map(establishments.map((row) => [row.id, row.label]));
    const companyNames = new Map(companies.map((row) => [row.id, row.label]));
    return {
      companies,
      establishments,
      showCompanies: companies.length > 1,
      showEstablishments: establishments.length > 1,
      companyName: (id: number) => companyNames.get(id) ?? '',
      establishmentName: (id: number) => names.get(id) ?? '',
    };
  }, [data, enabled]);
}

/**
 * The "Entreprise" and "Établissement" columns of a list whose rows carry the ids, each only when the
 * scope holds more than one (the participant list, the check-ups, the history: one definition).
 */
export function scopeColumns<R extends { idEntreprise: number; idEtablissement: number }>(
  organisations: ScopeOrganisations,
  t: TFunction,
  minWidth: number,
): GridColDef<R>[] {
  const column = (
    field: 'idEntreprise' | 'idEtablissement',
    headerName: string,
    name: (row: R) => string,
  ): GridColDef<R> => ({
    field,
    headerName,
    flex: 1,
    minWidth,
    sortable: false,
    valueGetter: (_: unknown, row: R) => name(row),
    ...clampedText,
  });
  return [
    ...(organisations.showCompanies
      ? [column('idEntreprise', t('scope.company'), (row) => organisations.companyName(row.idEntreprise))]
      : []),
    ...(organisations.showEstablishments
      ? [
          column('idEtablissement', t('scope.establishment'), (row) =>
            organisations.establishmentName(row.idEtablissement),
          ),
        ]
      : []),
  ];
}
