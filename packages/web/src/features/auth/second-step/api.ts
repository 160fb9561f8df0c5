import { secondFactorApi } from '@portail/contract/api/second-factors';
import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** `GET oauth/doubleAuthentification/methodes` (docs/second-factors.md#second-step): this session's ways through. */
export function useSecondStepMethods() {
  return useQuery({
    queryKey: ['auth', 'second-step', 'methods'],
    queryFn: ({ signal }) => call(secondFactorApi.methods, { signal }),
    // Read once on arrival: what the account holds does not change while its code screen is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * What every method of the second step hands the code page once the server has answered a try: `ok`, or
 * the messages to show (a warning `tentative.N`; an ERROR means the server ended the session).
 */
export interface StepProps {
  onOutcome: (reply: ConfirmCodeReply) => Promise<void>;
}
