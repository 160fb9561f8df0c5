import { isApiError } from './api-error';
import { i18next } from './i18n';

/**
 * The key to show for a failed call of the medical-record screens (docs/documents-and-sheets.md#viewer): a server message that has a
 * translation replaces the default one. Server codes are translated under `messages.`.
 */
export function failureKey(error: unknown, defaultKey: string): string {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return defaultKey;
  const body = error.body as { message?: unknown; ciemException?: { messages?: { errorCode?: unknown }[] } };
  const codes = [body.ciemException?.messages?.[0]?.errorCode, body.message];
  for (const code of codes) {
    if (typeof code === 'string' && i18next.exists(`messages.${code}`)) return `messages.${code}`;
  }
  return defaultKey;
}

/** True when the failure needs no toast of ours: the session ended and said so, or the call was cancelled. */
export function alreadyTold(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (isApiError(error) && error.status === 401);
}
