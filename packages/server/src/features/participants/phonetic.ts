import fonem from 'talisman/phonetics/french/fonem';

/**
 * The phonetic name (docs/participants.md#form-rules) of a normalised last name: FONEM, the French family-name key, chosen over
 * phonex or soundex2 because its key stays readable (`LEFEBVRE` and `LEFEVRE` both give `LEFEVRE`).
 */
export function phoneticName(normalisedLastName: string): string | null {
  const key = fonem(normalisedLastName).trim();
  return key === '' ? null : key;
}
