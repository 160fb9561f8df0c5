import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupI18n } from '../lib/i18n';

await setupI18n('fr_FR');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
