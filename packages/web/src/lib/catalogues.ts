import type { Language } from '@portail/contract/constants';
import type { ResourceLanguage } from 'i18next';
import enUrl from '../i18n/en_EN.json?url';
import frUrl from '../i18n/fr_FR.json?url';

/**
 * The catalogues are JSON assets named by their content hash (the server lets browsers keep them),
 * not JavaScript: parsing JSON is cheaper, and the sign-in page's JavaScript stays within its budget
 * whatever the number of texts. Fetched directly rather than through lib/api.ts, which needs the
 * texts for its own messages and adds a bearer token a static file does not need.
 */
const URLS: Record<Language, string> = { fr_FR: frUrl, en_EN: enUrl };

const pending = new Map<Language, Promise<ResourceLanguage>>();

async function fetchCatalogue(language: Language): Promise<ResourceLanguage> {
  const response = await fetch(URLS[language], { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`catalogue ${language}: HTTP ${response.status}`);
  return (await response.json()) as ResourceLanguage;
}

/** A language's texts; one request per language however many callers, retried after a failure. */
export function loadCatalogue(language: Language): Promise<ResourceLanguage> {
  let promise = pending.get(language);
  if (!promise) {
    promise = fetchCatalogue(language);
    pending.set(language, promise);
    promise.catch(() => pending.delete(language));
  }
  return promise;
}
