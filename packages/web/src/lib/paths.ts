/** Where the guard sends the user back after signing in (router location state). */
export interface FromState {
  from?: string;
}

export function fromOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  // Only paths of this app: never an absolute URL to somewhere else.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
