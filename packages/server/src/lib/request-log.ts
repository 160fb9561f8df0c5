import { type FastifyRequest, LogController } from 'fastify';

/**
 * Query parameters whose values never reach the log: link tokens (registration, reset links: the
 * specification puts them in the query string), codes, the e-mail or mobile a recovery names, and
 * credentials a client wrongly puts in a URL.
 */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'email',
  'mail',
  'portable',
  'phone',
  // Never read from a URL by the portal, but a client may put them there by mistake: not in the log.
  'access_token',
  'refresh_token',
  'password',
]);

/** The URL with the values of secret query parameters replaced by `…`. */
export function loggableUrl(url: string): string {
  const cut = url.indexOf('?');
  if (cut < 0) return url;
  const query = url
    .slice(cut + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) ? `${pair.slice(0, eq < 0 ? pair.length : eq)}=…` : pair;
    })
    .join('&');
  return `${url.slice(0, cut)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What a log line says of a request: its URL without the values of secret query parameters. */
export function loggableRequest(request: FastifyRequest) {
  return { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip };
}

/**
 * Fastify's request log lines, with the URL cleaned: Fastify's own write the raw URL, and the
 * specification puts link tokens in query strings. Every other line keeps its default behaviour.
 */
export class PortalLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.info({ req: loggableRequest(request) }, 'incoming request');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ req: loggableRequest(request) }, 'route not found');
  }
}

/** Drizzle's message carries the query's parameters after this line: personal or medical values. */
const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at\s|$)/;

export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
};

/**
 * What a log line keeps of an unexpected error: its kind, code, message and stack, without the values
 * that can hold personal or medical data — the query parameters drizzle puts in its message, and the
 * driver's `detail`, `where` and other fields (a unique violation's detail names the duplicate value).
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: String(error), stack: '' };
  const { name, message, code, stack, cause } = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    stack?: unknown;
    cause?: unknown;
  };
  const scrub = (text: string) => text.replace(PARAMS, '\nparams: …');
  return {
    type: typeof name === 'string' ? name : 'Error',
    message: scrub(typeof message === 'string' ? message : ''),
    ...(typeof code === 'string' ? { code } : {}),
    stack: scrub(typeof stack === 'string' ? stack : ''),
    ...(cause !== undefined && depth < 3 ? { cause: loggableError(cause, depth + 1) } : {}),
  };
}
