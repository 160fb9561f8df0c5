import { createRequire } from 'node:module';
import { POSTAL_CODE_LOOKUP_MIN } from '@portail/contract/constants';
import type { Locality } from '@portail/contract/schemas/addresses';

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
 * The communes of a French postal code (000 §5: the lookup runs from five characters; a shorter code
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
