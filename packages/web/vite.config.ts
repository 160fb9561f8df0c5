import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server the dev and preview servers forward `/api` and `/dev` to. */
const API_SERVER = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: API_SERVER, changeOrigin: false },
  '/dev': { target: API_SERVER, changeOrigin: false },
};

/** Vite build and dev server of the web app, and the `web` project of the root vitest config. */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // The sign-in page must stay light: screens are lazy routes, so big widgets load with their page.
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // MUI forms typed into by user-event take a second or two each on a busy 2-core machine (the server
    // project's forks share it): five seconds failed a login-form test under load, not a defect.
    testTimeout: 15_000,
  },
});
