import { createRequire } from 'node:module';
import { COUNTRY_FRANCE_ID, POSTAL_CODE_LOOKUP_MIN } from '@portail/contract/constants';
import { localityKey } from '@portail/contract/rules/locality';
import type { Locality } from '@portail/contract/schemas/addresses';
import type { FieldErrorEntry } from '../../lib/field-errors';

interface PostalEntry {
  codePostal: string;
  codeCommune: string;
  nomCommune: string;
  libelleAcheminement: string;
}

// codes-postaux is CommonJS without type declarations; its index of every commune (about 36,000
// rows, held by postal code) is built once, when this module loads, not on the first lookup.
const codesPostaux = createRequire(import.meta.url)('codes-postaux') as {
  find(postalCode: string): PostalEntry[];
};

const frenchOrder = new Intl.Collator('fr');

/**
 * The communes of a French postal code (docs/interface-conventions.md#postal-code-lookup: the lookup runs from five characters; a shorter code
 * names no commune yet). A commune listed twice under one code (Thièvres, on two departments'
 * border) appears once.
 */
export function findLocalities(postalCode: string): Locality[] {
  const code = postalCode.replace(/\s+/g, '');
  if (code.length < POSTAL_CODE_LOOKUP_MIN) return [];
  const seen = new Set<string>();
  const out: Locality[] = [];
  for (const entry of codesPostaux.find(code)) {
    const key = `${entry.nomCommune}|${entry.codePostal}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      codePostal: entry.codePostal,
      localite: entry.nomCommune,
      codeCommune: entry.codeCommune,
      libelleAcheminement: entry.libelleAcheminement,
    });
  }
  return out.sort((a, b) => frenchOrder.compare(a.localite, b.localite));
}

export interface AddressLocality {
  countryId: number | null;
  postalCode: string | null;
  locality: string | null;
}

/**
 * A French address names a commune of its postal code (issue 18: "68130" with "POSES", a commune of
 * 27740, was saved). Checked only when the postal code or the locality changes, so that an address
 * stored before the rule never blocks a save of other fields; a code that names no commune is left to
 * the centre (a CEDEX, a code newer than the package). The error goes on `<path>.localite`.
 */
export function localityError(
  path: string,
  next: AddressLocality,
  current: Pick<AddressLocality, 'postalCode' | 'locality'> | null,
): FieldErrorEntry | null {
  if (next.countryId !== COUNTRY_FRANCE_ID || !next.postalCode) return null;
  if (current && current.postalCode === next.postalCode && current.locality === next.locality) return null;
  const communes = findLocalities(next.postalCode);
  if (communes.length === 0) return null;
  const wanted = localityKey(next.locality ?? '');
  const known = communes.some(
    (commune) =>
      localityKey(commune.localite) === wanted || localityKey(commune.libelleAcheminement) === wanted,
  );
  return wanted !== '' && known ? null : { field: `${path}.localite`, defaultMessage: 'errors.localite' };
}
