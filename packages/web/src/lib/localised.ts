import { useTranslation } from 'react-i18next';

/**
 * Reference data the server sends in both languages (visit types and states, appointment purposes
 * and statuses, advice sheets, document types, enumeration items): whether the interface shows the
 * English one.
 */
export function useEnglish(): boolean {
  const { i18n } = useTranslation();
  return i18n.language === 'en_EN';
}

/** The label of the interface language out of a French and an English one. */
export const localised = (english: boolean, french: string, inEnglish: string): string =>
  english ? inEnglish : french;
