import { afterEach, describe, expect, it } from 'vitest';
import { browserLanguage, changeLanguage, i18next, initialLanguage, translate } from './i18n';

afterEach(async () => {
  await changeLanguage('fr_FR', false);
});

describe('interface language', () => {
  it('follows the browser: English of every region gives en_EN, other languages French', () => {
    expect(browserLanguage(['en-GB', 'fr'])).toBe('en_EN');
    expect(browserLanguage(['en'])).toBe('en_EN');
    expect(browserLanguage(['de-DE', 'en'])).toBe('fr_FR');
    expect(browserLanguage([])).toBe('fr_FR');
  });

  it("prefers the tab's choice, then the user's English-only flag", async () => {
    expect(initialLanguage(true)).toBe('en_EN');
    await changeLanguage('fr_FR', true);
    expect(initialLanguage(true)).toBe('fr_FR');
  });

  it('loads the English catalogue on demand and sets the page language', async () => {
    await changeLanguage('en_EN', false);
    expect(i18next.language).toBe('en_EN');
    expect(document.documentElement.lang).toBe('en');
    expect(translate('http.404')).toBe('Resource not found');
    await changeLanguage('fr_FR', false);
    expect(document.documentElement.lang).toBe('fr');
    expect(translate('http.404')).toBe('Ressource non trouvée');
  });
});
