import { DATE_TIME_FORMAT } from '@portail/contract/constants';
import type { MutationEnumLabel, MutationRow } from '@portail/contract/schemas/mutations';
import { dayjs } from '../../lib/dates';

/** DD/MM/YYYY HH:mm in local time (001 §9), or '' for an invalid date. */
export function formatDateTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : '';
}

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
