import { DOCUMENT_PATHS, type ScreenPath } from '@portail/contract/routes';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  CONFIRM_PATH,
  FORGOT_IDENTIFIER_PATH,
  FORGOT_PASSWORD_PATH,
  HOME_PATH,
  LOGIN_PATH,
  PUBLIC_ASSISTANCE_PATH,
} from '../lib/paths';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found-page';
import { Root, RootFallback } from './root';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard } from './route-guard';

const PARTICIPANTS_PATH: ScreenPath = '/adherentsCorrespondant';
const PARTICIPANT_PATH: ScreenPath = '/adherents/:id';
const CHECKUPS_PATH: ScreenPath = '/bilansCorrespondant';
const CHECKUP_HISTORY_PATH: ScreenPath = '/historiqueBilansCorrespondant';
const APPOINTMENTS_PATH: ScreenPath = '/participant/mesrendezvous';
const OWN_DETAILS_PATH: ScreenPath = '/participant/mescoordonnees';
const SHEETS_PATH: ScreenPath = '/fiche/liste';
const MUTATIONS_PATH: ScreenPath = '/mutation';
const MUTATION_PATH: ScreenPath = '/mutation/:id';
const CORRESPONDANTS_PATH: ScreenPath = '/correspondant/mescorrespondants';
const CORRESPONDANT_PATH: ScreenPath = '/correspondant/:id';
const MY_DETAILS_PATH: ScreenPath = '/mescoordonnees';
const CHANGE_PASSWORD_PATH: ScreenPath = '/user/changePassword';
const REINIT_PASSWORD_PATH: ScreenPath = '/user/reinitpassword';
const REGISTRATION_PATH: ScreenPath = '/user/registrationCompte';
const ASSISTANCE_PATH: ScreenPath = '/assistance';
const OPEN_ASSISTANCE_PATH: ScreenPath = PUBLIC_ASSISTANCE_PATH;
const DATA_PROTECTION_PATH: ScreenPath = '/politiqueProtectionDonnees';
const LEGAL_NOTICE_PATH: ScreenPath = '/mentionsLegales';
const ACCESSIBILITY_PATH: ScreenPath = '/accessibilite';
const CENTRE_ACCOUNTS_PATH: ScreenPath = '/centre/comptes';
const CENTRE_ACCOUNT_PATH: ScreenPath = '/centre/comptes/:id';
const CENTRE_DELIVERIES_PATH: ScreenPath = '/centre/envois';
const CENTRE_AUDIT_PATH: ScreenPath = '/centre/journal';
const CENTRE_CONTENT_PATH: ScreenPath = '/centre/contenus';

// Each screen is its own chunk (React lazy routes), so the sign-in page does not carry the data grid,
// the date pickers or the signed-in layout. router.test.tsx checks that every path of the contract's
// route table has its screen here.
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <RootFallback />,
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      {
        // The guard runs before any layout: it decides, the layouts only draw.
        element: <RouteGuard />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: LOGIN_PATH,
                caseSensitive: true,
                lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
              },
              {
                path: CONFIRM_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/auth/confirm-page').then((m) => ({ Component: m.ConfirmPage })),
              },
              {
                // Public screens that fetch (recovery, registration, assistance) get the query cache.
                lazy: () => import('./query-layout').then((m) => ({ Component: m.QueryLayout })),
                children: [
                  {
                    path: FORGOT_PASSWORD_PATH,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/forgot-password-page').then((m) => ({
                        Component: m.ForgotPasswordPage,
                      })),
                  },
                  {
                    path: FORGOT_IDENTIFIER_PATH,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/forgot-identifier-page').then((m) => ({
                        Component: m.ForgotIdentifierPage,
                      })),
                  },
                  {
                    path: CHANGE_PASSWORD_PATH,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/password-link-page').then((m) => ({
                        Component: m.ChangePasswordPage,
                      })),
                  },
                  {
                    path: REINIT_PASSWORD_PATH,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/password-link-page').then((m) => ({
                        Component: m.ReinitPasswordPage,
                      })),
                  },
                  {
                    path: REGISTRATION_PATH,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/registration/registration-page').then((m) => ({
                        Component: m.RegistrationPage,
                      })),
                  },
                  {
                    path: OPEN_ASSISTANCE_PATH,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/assistance/assistance-page').then((m) => ({
                        Component: m.AssistancePage,
                      })),
                  },
                  {
                    // Open to anyone: signed-in users see it here too, in the public frame.
                    path: LEGAL_NOTICE_PATH,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/legal-pages/legal-notice-page').then((m) => ({
                        Component: m.LegalNoticePage,
                      })),
                  },
                  {
                    path: ACCESSIBILITY_PATH,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/legal-pages/accessibility-page').then((m) => ({
                        Component: m.AccessibilityPage,
                      })),
                  },
                ],
              },
            ],
          },
          {
            lazy: () => import('./layout/app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                path: HOME_PATH,
                caseSensitive: true,
                lazy: async () => {
                  const [page, loader] = await Promise.all([
                    import('../features/home/home-page'),
                    import('../features/home/home-loader'),
                  ]);
                  return { Component: page.HomePage, loader: loader.homeLoader };
                },
              },
              {
                path: PARTICIPANTS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/participants/participants-page').then((m) => ({
                    Component: m.ParticipantsPage,
                  })),
              },
              {
                path: PARTICIPANT_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/participants/participant-page').then((m) => ({
                    Component: m.ParticipantPage,
                  })),
              },
              {
                path: CHECKUPS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/checkups/checkups-page').then((m) => ({ Component: m.CheckupsPage })),
              },
              {
                path: CHECKUP_HISTORY_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/checkups/history-page').then((m) => ({ Component: m.HistoryPage })),
              },
              {
                path: APPOINTMENTS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/appointments/appointments-page').then((m) => ({
                    Component: m.AppointmentsPage,
                  })),
              },
              {
                path: OWN_DETAILS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/account/own-details-page').then((m) => ({
                    Component: m.OwnDetailsPage,
                  })),
              },
              ...DOCUMENT_PATHS.map(
                (path): RouteObject => ({
                  path,
                  caseSensitive: true,
                  lazy: () =>
                    import('../features/documents/documents-page').then((m) => ({
                      Component: m.DocumentsPage,
                    })),
                }),
              ),
              {
                path: SHEETS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/sheets/sheets-page').then((m) => ({ Component: m.SheetsPage })),
              },
              {
                path: MUTATIONS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/mutations/mutations-page').then((m) => ({
                    Component: m.MutationsPage,
                  })),
              },
              {
                path: MUTATION_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/mutations/mutation-page').then((m) => ({ Component: m.MutationPage })),
              },
              {
                path: CORRESPONDANTS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/correspondants/correspondants-page').then((m) => ({
                    Component: m.CorrespondantsPage,
                  })),
              },
              {
                path: CORRESPONDANT_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/correspondants/correspondant-page').then((m) => ({
                    Component: m.CorrespondantPage,
                  })),
              },
              {
                path: MY_DETAILS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: ASSISTANCE_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/assistance/assistance-page').then((m) => ({
                    Component: m.AssistancePage,
                  })),
              },
              {
                path: CENTRE_ACCOUNTS_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/accounts-page').then((m) => ({ Component: m.AccountsPage })),
              },
              {
                path: CENTRE_ACCOUNT_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: CENTRE_DELIVERIES_PATH,
                caseSensitive: true,
                handle: { wide: true },
                lazy: () =>
                  import('../features/centre/deliveries-page').then((m) => ({ Component: m.DeliveriesPage })),
              },
              {
                path: CENTRE_AUDIT_PATH,
                caseSensitive: true,
                handle: { wide: true },
                lazy: () => import('../features/centre/audit-page').then((m) => ({ Component: m.AuditPage })),
              },
              {
                path: CENTRE_CONTENT_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/content-page').then((m) => ({ Component: m.ContentPage })),
              },
              {
                path: DATA_PROTECTION_PATH,
                caseSensitive: true,
                lazy: () =>
                  import('../features/legal/data-protection-page').then((m) => ({
                    Component: m.DataProtectionPage,
                  })),
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
