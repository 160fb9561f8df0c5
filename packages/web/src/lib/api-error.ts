/** A failed call: what the server answered, or status 0 when it could not be reached. */
export class ApiError extends Error {
  /** HTTP status, 0 when the server could not be reached. */
  readonly status: number;
  readonly body: unknown;
  /** Seconds from the `Retry-After` header of a 429. */
  readonly retryAfter: number | null;
  /** True when the user has already been told (toast, or the session ended). */
  readonly notified: boolean;

  constructor(status: number, body: unknown, retryAfter: number | null, notified: boolean) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    this.notified = notified;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The body of a reply: parsed JSON, text, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Seconds to wait from a `Retry-After` header (seconds or an HTTP date). */
export function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Whether asking again may succeed: the server unreachable, a server failure, a timeout or a rate
 * limit. A record that does not exist or is refused (400, 403, 404...) stays so: no "Retry" for it.
 */
export function mayPassOnRetry(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}
