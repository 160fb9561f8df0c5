import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portail/contract/constants';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../i18n/fr_FR.json';

/** The user's explicit choice from the account menu or the sign-in page, for this tab only. */
const CHOICE_KEY = 'portail.language';

/**
 * The French catalogue (the fallback) is in the main bundle; the English one is bundled too but
 * as its own chunk, loaded only when English is used.
 */
const CATALOGUES: Record<Language, () => Promise<ResourceLanguage>> = {
  fr_FR: async () => fr,
  en_EN: () => import('../i18n/en_EN.json').then((module) => module.default),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Browser language: an English variant gives en_EN, other languages the French fallback. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]) {
  const first = languages[0] ?? '';
  return first.toLowerCase().startsWith('en') ? 'en_EN' : FALLBACK_LANGUAGE;
}

function storedChoice(): Language | null {
  try {
    const value = sessionStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Language at start-up: the tab's choice, else the signed-in user's English-only flag, else the browser's. */
export function initialLanguage(anglaisUniquement: boolean | undefined): Language {
  return storedChoice() ?? (anglaisUniquement ? 'en_EN' : browserLanguage());
}

/** BCP 47 tag for `<html lang>` and Intl. */
export function htmlLang(language: Language): string {
  return language === 'en_EN' ? 'en' : 'fr';
}

/** The dayjs locale (and MUI X adapter locale) of a language. */
export function dayjsLocale(language: Language): string {
  return language === 'en_EN' ? 'en' : 'fr';
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}

i18next.on('languageChanged', () => {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(currentLanguage());
});

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await CATALOGUES[language]());
}

/** Initialises i18next in `language` (the French fallback is always there). */
export async function setupI18n(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { fr_FR: { translation: fr } },
      partialBundledLanguages: true,
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
    });
  }
  await ensureCatalogue(language);
  await i18next.changeLanguage(language);
}

/** Switches the interface language; `remember` keeps it as the tab's choice. */
export async function changeLanguage(language: Language, remember: boolean): Promise<void> {
  if (remember) {
    try {
      sessionStorage.setItem(CHOICE_KEY, language);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
  }
  try {
    await ensureCatalogue(language);
  } catch {
    // The catalogue's chunk could not load (offline): stay in the current language.
    return;
  }
  await i18next.changeLanguage(language);
}

/** Translation outside React (toasts from the API client, the last-resort error screen). */
export function translate(key: string, values?: Record<string, string | number>): string {
  return i18next.t(key, values ?? {});
}

export { i18next };
