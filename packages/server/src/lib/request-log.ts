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
