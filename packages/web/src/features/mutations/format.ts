import type { MutationEnumLabel, MutationRow } from '@portail/contract/schemas/mutations';

/** An enumeration item's label in the interface language. */
export function enumLabel(item: MutationEnumLabel | null, language: string): string {
  if (!item) return '';
  return language === 'en_EN' ? item.labelEn : item.label;
}

/** The reason and, after a dash, the requester's own words: how the list shows both in one cell. */
export function reasonText(
  row: Pick<MutationRow, 'motifMouvement' | 'commentaireMouvement'>,
  language: string,
): string {
  return [enumLabel(row.motifMouvement, language), row.commentaireMouvement]
    .filter((part) => part !== null && part !== '')
    .join(' — ');
}
