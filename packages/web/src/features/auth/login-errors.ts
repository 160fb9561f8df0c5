import { isApiError } from '../../lib/api-error';

/** What the sign-in page says when the password grant fails (docs/sign-in-and-sessions.md#login-messages). */
export interface LoginFailure {
  /** i18n key of the toast, or null when `text` is the server's own words (403). */
  key: string | null;
  text: string | null;
  /** Third wrong password: the account is now locked, the session state is cleared. */
  locked: boolean;
  /** Already told by the API client (a failing principal call): no second toast. */
  notified: boolean;
  /** Values of the key's text (the seconds to wait). */
  values?: Record<string, number>;
}

const failure = (key: string, locked = false): LoginFailure => ({ key, text: null, locked, notified: false });

/**
 * 429 and 503 come with Retry-After and the OAuth error shape: too many sign-ins from this address
 * (`login.throttled`), too many codes texted to the account (`login.tooManyTexts`), the server too busy
 * hashing passwords (`login.busy`).
 */
async function waitFailure(status: number, body: unknown, seconds: number | null): Promise<LoginFailure> {
  const { oauthError } = await import('@portail/contract/schemas/auth');
  const parsed = oauthError.safeParse(body);
  const description = parsed.success ? parsed.data.error_description : undefined;
  const known = ['login.throttled', 'login.tooManyTexts', 'login.busy'];
  const key =
    description && known.includes(description)
      ? description
      : status === 503
        ? 'login.busy'
        : 'login.throttled';
  const wait = Math.max(1, seconds ?? 1);
  return { ...failure(key), values: { seconds: wait, minutes: Math.ceil(wait / 60) } };
}

function serverDescription(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  if ('error_description' in body && typeof body.error_description === 'string')
    return body.error_description;
  if ('message' in body && typeof body.message === 'string') return body.message;
  return null;
}

/** Maps a failed sign-in to its message; the OAuth error schema loads only when one happens. */
export async function loginFailure(error: unknown): Promise<LoginFailure> {
  if (!isApiError(error)) return failure('auth.unauthorized');
  if (error.notified) return { key: null, text: null, locked: false, notified: true };
  if (error.status === 429 || error.status === 503)
    return waitFailure(error.status, error.body, error.retryAfter);
  // The authorisation server could not be reached or failed: say so rather than blame the password.
  if (error.status === 0 || error.status >= 500) return failure('auth.communication');
  if (error.status === 400) {
    const { oauthError } = await import('@portail/contract/schemas/auth');
    const parsed = oauthError.safeParse(error.body);
    if (!parsed.success) return failure('auth.unauthorized');
    const description = parsed.data.error_description;
    if (description === 'user.locked') return failure('user.locked');
    // A passkey refused at sign-in, whatever the reason (docs/second-factors.md#passkeys).
    if (description === 'cle.refusee') return failure('login.passkeyRefused');
    if (description?.startsWith('tentative'))
      return failure(`login.${description}`, description === 'tentative.3');
    if (parsed.data.error === 'invalid_grant') return failure('login.invalid_grant');
    return failure('auth.unauthorized');
  }
  if (error.status === 403) {
    const text = serverDescription(error.body);
    return text ? { key: null, text, locked: false, notified: false } : failure('http.403');
  }
  return failure('auth.unauthorized');
}
