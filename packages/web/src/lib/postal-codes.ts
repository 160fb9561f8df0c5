import { addressApi } from '@portail/contract/api/addresses';
import { POSTAL_CODE_LOOKUP_MIN } from '@portail/contract/constants';
import type { Locality } from '@portail/contract/schemas/addresses';
import { call } from './api';

/** Whether a typed postal code is long enough to name communes (docs/interface-conventions.md#postal-code-lookup: five characters). */
export function canLookUpPostalCode(code: string | null | undefined): boolean {
  return (code ?? '').trim().length >= POSTAL_CODE_LOOKUP_MIN;
}

/**
 * `GET adresse/code-postal`: the communes of a French postal code, an empty list for a code that
 * names none, null when the lookup failed — silently ignored (docs/interface-conventions.md#postal-code-lookup): the user types the locality.
 */
export async function lookUpPostalCode(code: string, signal?: AbortSignal): Promise<Locality[] | null> {
  try {
    return await call(addressApi.localities, {
      query: { codePostal: code.trim() },
      handle: 'all',
      silent: true,
      signal,
    });
  } catch {
    return null;
  }
}
