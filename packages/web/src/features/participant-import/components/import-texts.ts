import type { Language } from '@portail/contract/constants';
import { IMPORT_COLUMNS } from '@portail/contract/rules/participant-import';
import type { ImportMessageReply } from '@portail/contract/schemas/participant-import';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';

const COLUMNS = new Map(IMPORT_COLUMNS.map((column) => [column.key, column]));

/**
 * A cell's text as the grid shows it: a date the reader understood (YYYY-MM-DD, whatever the file's
 * own format) is written DD/MM/YYYY as everywhere in the portal; any other text as it is in the file.
 */
export function cellDisplay(key: string, text: string): string {
  return COLUMNS.get(key)?.kind === 'date' && ISO_DAY.test(text) ? formatDate(text) : text;
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A column's name in the interface language (the template's header), by its field path. */
export function columnLabel(key: string, language: Language): string {
  return COLUMNS.get(key)?.header[language] ?? key;
}

/**
 * The translation of a message of the check or the import: a catalogue key (`errors.required`,
 * `errors.import.formula`) with its values; a participant business message may come by its error code
 * alone (`participant.error.doublon`), which the catalogue holds under `messages.`.
 */
export function useImportMessage(): (message: ImportMessageReply) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: ImportMessageReply) => {
      const key = i18n.exists(message.key)
        ? message.key
        : i18n.exists(`messages.${message.key}`)
          ? `messages.${message.key}`
          : null;
      return key ? t(key, message.params) : t('errors.invalid');
    },
    [t, i18n],
  );
}

const localeOf = (language: Language) => (language === 'en_EN' ? 'en-GB' : 'fr-FR');

/** A count as people read it: "5,000", "5 000" in French. */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** A percentage as people read it: "30%", "30 %" in French. */
export function formatPercent(value: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent' }).format(value / 100);
}

/** A file's size as people read it: "850 KB", "2.4 MB" ("2,4 Mo" in French). */
export function formatSize(bytes: number, language: Language): string {
  const locale = localeOf(language);
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(1, bytes / 1024), 'kilobyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
