import type { Language } from '@portail/contract/constants';
import { shownName } from '@portail/contract/schemas/documents';
import { sql } from 'drizzle-orm';
import { checkups, documents, documentTypes } from '../../db/schema';
import { CENTRE_TIME_ZONE } from '../../lib/dates';

/**
 * What a document's title is made of when the centre wrote no label of its own: its type's labels and
 * the day of its check-up (closed), else the day it was made, at the centre, as `YYYY-MM-DD`.
 */
export const titleColumns = {
  label: documents.label,
  typeLabel: documentTypes.label,
  typeLabelEn: documentTypes.labelEn,
  titleDay: sql<string>`coalesce(
    (select c.closing_date from ${checkups} c where c.id = ${documents.checkupId}),
    (${documents.createdAt} at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date
  )::text`,
};

export interface TitleParts {
  label: string | null;
  typeLabel: string;
  typeLabelEn: string | null;
  titleDay: string;
}

/** `2024-03-07` → `07/03/2024`, in both languages (the list's dates are written so too). */
const dayText = (day: string) => day.split('-').reverse().join('/');

/**
 * A document's label (`libelleDocument`) in `language` (issue 18): the centre's own label when it wrote
 * one (its text for its reader, shown as written), else built from the type's label in that language:
 * "Résultats biologiques du 07/03/2024", "Laboratory results of 07/03/2024".
 */
export function documentLabel(parts: TitleParts, language: Language): string {
  if (parts.label) return parts.label;
  return language === 'en_EN'
    ? `${parts.typeLabelEn ?? parts.typeLabel} of ${dayText(parts.titleDay)}`
    : `${parts.typeLabel} du ${dayText(parts.titleDay)}`;
}

/** The name a document is shown and saved under (contract `shownName`) with its label in `language`. */
export function documentShownName(
  row: TitleParts & {
    name: string;
    mode: 'INFO_DOCUMENT' | 'NOM_DOCUMENT' | null;
    typeMode: 'INFO_DOCUMENT' | 'NOM_DOCUMENT';
  },
  language: Language,
): string {
  return shownName({
    mode: row.mode,
    typeMode: row.typeMode,
    label: documentLabel(row, language),
    name: row.name,
  });
}
