import {
  REGISTRATION_MESSAGES,
  REGISTRATION_PROOF_HEADER,
  type RegistrationState,
} from '@portail/contract/schemas/registration';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type InitialEntry, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { RegistrationPage } from './registration-page';

/** Test kit of the registration screens: link states, a fake server, the page in a memory router. */

export const PARTICIPANT_LINK: RegistrationState = {
  ok: true,
  notFound: false,
  foundButExpired: false,
  compteParticipant: true,
  anglaisUniquement: false,
  identifiant: 'manon.garnier',
  emailProfessionnel: null,
  portableProfessionnel: null,
  // Most cases start at the text-message code; registration-identity.test.tsx covers the proof before it.
  identiteConfirmee: true,
  codeConfirme: false,
  messages: {
    presentationParticipant: 'registration.textes.presentationParticipant',
    cgguparticipant: 'registration.textes.cgu',
    presentationCorrespondant: 'registration.textes.presentationCorrespondant',
  },
};

/** A participant's link before the birth date and activation code: no identifier yet (issue 17). */
export const IDENTITY_LINK: RegistrationState = {
  ...PARTICIPANT_LINK,
  identiteConfirmee: false,
  identifiant: '',
};

export const CORRESPONDANT_LINK: RegistrationState = {
  ...PARTICIPANT_LINK,
  identiteConfirmee: false,
  compteParticipant: false,
  identifiant: 'corr.nouveau',
  emailProfessionnel: 'corr.nouveau@example.com',
  portableProfessionnel: '•• •• •• •• 42',
};

export const NOT_FOUND_LINK: RegistrationState = {
  ...PARTICIPANT_LINK,
  ok: false,
  notFound: true,
  compteParticipant: false,
  identifiant: '',
};

export const EXPIRED_LINK: RegistrationState = { ...NOT_FOUND_LINK, notFound: false, foundButExpired: true };

export const QUESTIONS = [
  { id: 1, questionfr: 'Ville de naissance de votre mère ?', questionen: "Your mother's birth town?" },
  { id: 2, questionfr: 'Nom de votre premier animal ?', questionen: 'Name of your first pet?' },
];

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const text = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/plain' } });

export const result = (
  ok: boolean,
  messages: { level: 'ERROR' | 'WARN' | 'INFO'; errorCode: string }[] = [],
) => json({ ok, exception: { messages } });

export interface Call {
  /** `METHOD /path` without the API prefix. */
  route: string;
  token: string | null;
  body: unknown;
  /** The proof of identity the call carried (`x-registration-proof`), if any. */
  proof: string | null;
}
type Handler = (call: Call) => Response | Promise<Response>;

/** Stubs `fetch` with the given routes (`POST /registration/token`...); returns the calls made. */
export function fakeServer(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        route: `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`,
        token: url.searchParams.get('token'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        proof: new Headers(init?.headers).get(REGISTRATION_PROOF_HEADER),
      };
      calls.push(call);
      const handler = routes[call.route];
      return handler ? handler(call) : json({ status: 404, error: 'Not Found', message: 'http.404' }, 404);
    }),
  );
  return calls;
}

/** The routes of a valid link with a code sent to a mobile ending in 78. */
export function participantRoutes(state: RegistrationState = PARTICIPANT_LINK): Record<string, Handler> {
  return {
    'POST /registration/token': () => json(state),
    'POST /registration/otp': () => text('•• •• •• •• 78'),
    'PUT /registration/otp': () =>
      result(true, [{ level: 'INFO', errorCode: REGISTRATION_MESSAGES.otpConfirmed }]),
    'GET /registration/listeQuestion': () => json(QUESTIONS),
    'POST /registration/validerDonnesConnexion': () => result(true),
    'POST /registration/confirmation': () =>
      result(true, [{ level: 'INFO', errorCode: REGISTRATION_MESSAGES.success }]),
  };
}

function LoginProbe() {
  const { state } = useLocation();
  return <p>{`login page ${JSON.stringify(state ?? null)}`}</p>;
}

export function renderRegistration(entry: InitialEntry = '/user/registrationCompte?token=jeton-123') {
  const router = createMemoryRouter(
    [
      { path: '/user/registrationCompte', element: <RegistrationPage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup({ delay: null }) };
}
