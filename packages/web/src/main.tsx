import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/app-error-boundary';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initialLanguage, setupI18n } from './lib/i18n';
import { getSession, restoreSession } from './lib/session-store';

async function start(container: HTMLElement) {
  // A reload keeps the tab's session (000 §4): restore it before the guard first decides.
  await restoreSession();
  await setupI18n(initialLanguage(getSession().user?.anglaisUniquement));
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <Providers>
          <RouterProvider router={createAppRouter()} />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
