import { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from './session-store';

/** The shared TanStack Query client; the API client already reports errors, so queries do not. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // The API client has already told the user; a silent retry would only repeat the toast.
      retry: false,
    },
    mutations: { retry: false },
  },
});

// One user's data must never show to the next one signing in on the same tab.
let hadToken = getSession().token !== null;
subscribeSession(() => {
  const hasToken = getSession().token !== null;
  if (hadToken && !hasToken) queryClient.clear();
  hadToken = hasToken;
});
