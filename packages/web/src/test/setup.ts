import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setupI18n } from '../lib/i18n';

// The browser fetches the catalogues as JSON assets (lib/catalogues.ts); tests read the same files.
vi.mock('../lib/catalogues', async () => {
  const [fr, en] = await Promise.all([import('../i18n/fr_FR.json'), import('../i18n/en_EN.json')]);
  return {
    loadCatalogue: async (language: string) => (language === 'en_EN' ? en.default : fr.default),
  };
});

await setupI18n('fr_FR');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
