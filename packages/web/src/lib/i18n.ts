import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@portail/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCatalogue } from './catalogues';

/** The user's explicit choice from the account menu or the sign-in page, for this tab only. */
const CHOICE_KEY = 'portail.language';

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

/** The portal's configured name (`GET /api/centre`), once known; the catalogues carry a default. */
let productName: string | null = null;

function applyProductName(language: string): void {
  if (productName !== null) i18next.addResource(language, 'translation', 'product.name', productName);
}

/** Puts the configured product name in every catalogue loaded now or later. */
export function setProductName(name: string): void {
  productName = name;
  if (!i18next.isInitialized) return;
  for (const language of LANGUAGES) {
    if (i18next.hasResourceBundle(language, 'translation')) applyProductName(language);
  }
}

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await loadCatalogue(language));
  applyProductName(language);
}

/**
 * Starts fetching the catalogues a start in `language` needs (the French fallback, and the language
 * itself), so that the requests run while the session is restored.
 */
export function prefetchCatalogues(language: Language): void {
  for (const needed of new Set([FALLBACK_LANGUAGE, language])) void loadCatalogue(needed).catch(() => null);
}

/**
 * Initialises i18next in `language`. The French fallback is always loaded first (fetched as a JSON
 * asset, see catalogues.ts): a key missing from English still shows in French.
 */
export async function setupI18n(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    const [fallback] = await Promise.all([
      loadCatalogue(FALLBACK_LANGUAGE),
      // Fetched alongside, not after, the fallback.
      language === FALLBACK_LANGUAGE ? null : loadCatalogue(language).catch(() => null),
    ]);
    await i18next.use(initReactI18next).init({
      resources: { [FALLBACK_LANGUAGE]: { translation: fallback } },
      partialBundledLanguages: true,
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      // Texts added after start (the configured product name) re-render the components using them.
      react: { bindI18nStore: 'added' },
    });
    applyProductName(FALLBACK_LANGUAGE);
  }
  try {
    await ensureCatalogue(language);
  } catch {
    // English could not load: the interface starts in French rather than not at all.
    await i18next.changeLanguage(FALLBACK_LANGUAGE);
    return;
  }
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
    // The catalogue could not load (offline): stay in the current language.
    return;
  }
  await i18next.changeLanguage(language);
}

/** Translation outside React (toasts from the API client, the last-resort error screen). */
export function translate(key: string, values?: Record<string, string | number>): string {
  return i18next.t(key, values ?? {});
}

export { i18next };
