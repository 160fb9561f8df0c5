import { type CentreInfo, centreInfo } from '@portail/contract/schemas/assistance';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { loadCentreReply } from './centre-load';

export const centreKey = ['centre'] as const;

/** The centre's identity, checked against the contract. */
export async function loadCentre(): Promise<CentreInfo> {
  const reply = await loadCentreReply();
  const parsed = centreInfo.safeParse(reply);
  if (parsed.success) return parsed.data;
  console.error('Reply of /centre does not match its schema', parsed.error.issues);
  throw new ApiError(500, reply, null, false);
}

/** The centre's identity for a screen (inside the query cache), kept for the whole visit. */
export function useCentre() {
  return useQuery({ queryKey: centreKey, queryFn: loadCentre, staleTime: Number.POSITIVE_INFINITY });
}
