import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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

// findBy… and waitFor wait up to 5 s instead of 1: on a loaded two-core CI machine a lazy route or a
// big form takes longer than a second to appear, and a test must not fail for that alone.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
