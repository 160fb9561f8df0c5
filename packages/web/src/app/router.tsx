import { DOCUMENT_PATHS, SCREENS } from '@portail/contract/routes';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found-page';
import { Root, RootFallback } from './root';
import { RouteErrorPage } from './route-error-page';
import { RouteGuard } from './route-guard';

// Each screen is its own chunk (React lazy routes), so the sign-in page does not carry the data grid,
// the date pickers or the signed-in layout. router.test.tsx checks that every path of the contract's
// route table has its screen here.
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <RootFallback />,
    children: [
      { index: true, element: <Navigate to={SCREENS.login.path} replace /> },
      {
        // The guard runs before any layout: it decides, the layouts only draw.
        element: <RouteGuard />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: SCREENS.login.path,
                caseSensitive: true,
                lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
              },
              {
                // Public screens that fetch (the second step's methods, recovery, registration,
                // assistance) get the query cache.
                lazy: () => import('./query-layout').then((m) => ({ Component: m.QueryLayout })),
                children: [
                  {
                    path: SCREENS.confirm.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/auth/confirm-page').then((m) => ({ Component: m.ConfirmPage })),
                  },
                  {
                    path: SCREENS.forgotPassword.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/forgot-password-page').then((m) => ({
                        Component: m.ForgotPasswordPage,
                      })),
                  },
                  {
                    path: SCREENS.forgotIdentifier.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/forgot-identifier-page').then((m) => ({
                        Component: m.ForgotIdentifierPage,
                      })),
                  },
                  {
                    path: SCREENS.changePassword.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/password-link-page').then((m) => ({
                        Component: m.ChangePasswordPage,
                      })),
                  },
                  {
                    path: SCREENS.reinitPassword.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/recovery/password-link-page').then((m) => ({
                        Component: m.ReinitPasswordPage,
                      })),
                  },
                  {
                    path: SCREENS.registration.path,
                    caseSensitive: true,
                    lazy: () =>
                      import('../features/registration/registration-page').then((m) => ({
                        Component: m.RegistrationPage,
                      })),
                  },
                  {
                    path: SCREENS.publicAssistance.path,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/assistance/assistance-page').then((m) => ({
                        Component: m.AssistancePage,
                      })),
                  },
                  {
                    // Open to anyone: signed-in users see it here too, in the public frame.
                    path: SCREENS.legalNotice.path,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/legal-notices/legal-notice-page').then((m) => ({
                        Component: m.LegalNoticePage,
                      })),
                  },
                  {
                    path: SCREENS.accessibility.path,
                    caseSensitive: true,
                    handle: { wide: true },
                    lazy: () =>
                      import('../features/legal-notices/accessibility-page').then((m) => ({
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
                path: SCREENS.home.path,
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
                path: SCREENS.participants.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/participants/participants-page').then((m) => ({
                    Component: m.ParticipantsPage,
                  })),
              },
              {
                path: SCREENS.participantImport.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/participant-import/participant-import-page').then((m) => ({
                    Component: m.ParticipantImportPage,
                  })),
              },
              {
                path: SCREENS.participant.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/participants/participant-page').then((m) => ({
                    Component: m.ParticipantPage,
                  })),
              },
              {
                path: SCREENS.checkups.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/checkups/checkups-page').then((m) => ({ Component: m.CheckupsPage })),
              },
              {
                path: SCREENS.checkupHistory.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/checkups/history-page').then((m) => ({ Component: m.HistoryPage })),
              },
              {
                path: SCREENS.appointments.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/appointments/appointments-page').then((m) => ({
                    Component: m.AppointmentsPage,
                  })),
              },
              {
                path: SCREENS.activity.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/activity/activity-page').then((m) => ({ Component: m.ActivityPage })),
              },
              {
                path: SCREENS.ownDetails.path,
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
                path: SCREENS.sheets.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/sheets/sheets-page').then((m) => ({ Component: m.SheetsPage })),
              },
              {
                path: SCREENS.mutations.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/mutations/mutations-page').then((m) => ({
                    Component: m.MutationsPage,
                  })),
              },
              {
                path: SCREENS.mutation.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/mutations/mutation-page').then((m) => ({ Component: m.MutationPage })),
              },
              {
                path: SCREENS.correspondants.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/correspondants/correspondants-page').then((m) => ({
                    Component: m.CorrespondantsPage,
                  })),
              },
              {
                path: SCREENS.correspondant.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/correspondants/correspondant-page').then((m) => ({
                    Component: m.CorrespondantPage,
                  })),
              },
              {
                path: SCREENS.myDetails.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: SCREENS.assistance.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/assistance/assistance-page').then((m) => ({
                    Component: m.AssistancePage,
                  })),
              },
              {
                path: SCREENS.centreAccounts.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/accounts-page').then((m) => ({ Component: m.AccountsPage })),
              },
              {
                path: SCREENS.centreAccount.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/account-page').then((m) => ({ Component: m.AccountPage })),
              },
              {
                path: SCREENS.centreDeliveries.path,
                caseSensitive: true,
                handle: { wide: true },
                lazy: () =>
                  import('../features/centre/deliveries-page').then((m) => ({ Component: m.DeliveriesPage })),
              },
              {
                path: SCREENS.centreAudit.path,
                caseSensitive: true,
                handle: { wide: true },
                lazy: () => import('../features/centre/audit-page').then((m) => ({ Component: m.AuditPage })),
              },
              {
                path: SCREENS.centreContent.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/centre/content-page').then((m) => ({ Component: m.ContentPage })),
              },
              {
                path: SCREENS.dataProtection.path,
                caseSensitive: true,
                lazy: () =>
                  import('../features/data-protection/data-protection-page').then((m) => ({
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
