import type { Language } from '@portail/contract/constants';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n';

/**
 * Reference data the server sends in both languages (visit types and states, appointment purposes
 * and statuses, advice sheets, document types, enumeration items): whether the interface shows the
 * English one.
 */
export function useEnglish(): boolean {
  const { i18n } = useTranslation();
  return i18n.language === 'en_EN';
}

/**
 * The interface language, for the calls whose replies hold text the server writes (`langue`, README
 * "Languages"); in their query keys too, so that switching language asks again.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'fr_FR';
}

/** The label of the interface language out of a French and an English one. */
export const localised = (english: boolean, french: string, inEnglish: string): string =>
  english ? inEnglish : french;
