/**
 * A locality's name as compared with a postal code's communes (issue 18): case, accents, hyphens and
 * apostrophes aside, and "Saint"/"Sainte" as the post's "ST"/"STE", so that "Saint-Étienne-du-Rouvray",
 * "ST ETIENNE DU ROUVRAY" and "saint etienne du rouvray" are one commune. Server and form compare alike.
 */
export function localityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .replace(/\bSAINTE\b/g, 'STE')
    .replace(/\bSAINT\b/g, 'ST')
    .trim();
}
