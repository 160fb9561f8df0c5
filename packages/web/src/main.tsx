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
import { applyCentreProductName } from './lib/centre-load';
import { initialLanguage, prefetchCatalogues, setupI18n } from './lib/i18n';
import { getSession, restoreSession } from './lib/session-store';

/** Without its texts the portal cannot speak: a plain page in both languages offers to try again. */
function showLoadFailure(container: HTMLElement) {
  const paragraph = document.createElement('p');
  paragraph.textContent =
    'Le portail n’a pas pu se charger. Vérifiez votre connexion. / The portal could not load. Check your connection.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Recharger / Reload';
  button.addEventListener('click', () => window.location.reload());
  container.replaceChildren(paragraph, button);
}

async function start(container: HTMLElement) {
  // The texts are fetched while the session is restored; the stored choice is known already.
  prefetchCatalogues(initialLanguage(undefined));
  // The configured product name, fetched alongside; the catalogues' default shows until it arrives.
  applyCentreProductName();
  // A reload keeps the tab's session (docs/sign-in-and-sessions.md#session-storage): restore it before the guard first decides.
  await restoreSession();
  try {
    await setupI18n(initialLanguage(getSession().user?.anglaisUniquement));
  } catch (error) {
    console.error(error);
    showLoadFailure(container);
    return;
  }
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
