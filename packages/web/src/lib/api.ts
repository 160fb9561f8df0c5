import {
  type ApiRoute,
  fillPath,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@portail/contract/api/route';
import { TOKEN_EXPIRY_MARGIN_S, WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@portail/contract/constants';
import type { TokenReply } from '@portail/contract/schemas/auth';
import type { z } from 'zod';
import { ApiError, isApiError, readBody, retryAfterSeconds } from './api-error';
import { i18next } from './i18n';
import { startLoading, stopLoading } from './loading';
import { notify, type ToastVariant } from './notify';
import {
  clearSession,
  getSession,
  type SessionEnd,
  type StoredToken,
  storeToken,
  tokenSecondsLeft,
} from './session-store';

/**
 * The one place that talks to the server (ARCHITECTURE.md, "The path of a request"): bearer token, silent refresh when fewer than
 * 180 s remain (docs/sign-in-and-sessions.md#tokens-and-refresh), one retry after a 401, the global loading indicator, and the specified
 * toasts for errors the caller does not handle itself (docs/interface-conventions.md#http-errors).
 */
export const API_PREFIX = '/api';

/**
 * The calls of the sign-in page (the token endpoint and its revocation) are made without their
 * declarations, so that the page loads no schema library: lib/declared-paths.test.ts holds these paths
 * to the contract's `authApi`.
 */
export const TOKEN_PATH = '/oauth/token';
export const LOGOUT_PATH = '/oauth/logout';

/** A list goes as JSON (`anneeDocuments=[2025,2026]`, docs/interface-conventions.md#server-messages), as the contract's list parameters read it. */
type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Headers of this call besides the ones every call sends. */
  headers?: Record<string, string>;
  /** Statuses the caller turns into its own messages: no toast for them. */
  handle?: readonly number[] | 'all';
  /** False for the public screens' calls: no bearer, no refresh. */
  auth?: boolean;
  /** Background call: leaves the loading indicator alone. */
  silent?: boolean;
  signal?: AbortSignal;
}

function url(path: string, query?: Record<string, QueryValue>): string {
  const base = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** Ends the session: clears token and user, tells the server (best effort), shows `reasonKey`. */
export function endSession(reasonKey: string | null, variant: ToastVariant, end: SessionEnd): void {
  const { token, user } = getSession();
  clearSession(end);
  if (reasonKey && (token || user)) notify(reasonKey, variant);
  if (token) void revoke(token.accessToken);
}

async function revoke(accessToken: string): Promise<void> {
  try {
    await fetch(url(LOGOUT_PATH), {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}` },
    });
  } catch {
    // Best effort: the token expires anyway.
  }
}

/** The token schemas load with the first sign-in or refresh, not with the sign-in page. */
function authSchemas() {
  return import('@portail/contract/schemas/auth');
}

function postToken(form: Record<string, string>): Promise<Response> {
  return fetch(url(TOKEN_PATH), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** Password grant. Every failure is left to the sign-in page, which has its own messages (docs/interface-conventions.md#http-errors). */
export async function requestPasswordToken(username: string, password: string): Promise<TokenReply> {
  startLoading();
  try {
    let response: Response;
    try {
      response = await postToken({ grant_type: 'password', username, password });
    } catch {
      throw new ApiError(0, null, null, false);
    }
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body, retryAfterSeconds(response), false);
    const { tokenReply } = await authSchemas();
    const parsed = tokenReply.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, body, null, false);
    return parsed.data;
  } finally {
    stopLoading();
  }
}

let refreshing: Promise<StoredToken> | null = null;

/** Refreshes the tokens; concurrent callers share one refresh (the refresh token rotates at each use). */
function refreshTokens(): Promise<StoredToken> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(): Promise<StoredToken> {
  const current = getSession().token;
  if (!current) throw new ApiError(401, null, null, true);
  let response: Response;
  try {
    response = await postToken({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
  } catch {
    notify('http.network', 'error');
    throw new ApiError(0, null, null, true);
  }
  if (response.status >= 500) {
    // The server failed, the refresh token may still be good: keep the session.
    notify('http.500', 'error');
    throw new ApiError(response.status, null, null, true);
  }
  const { tokenReply } = await authSchemas();
  const parsed = response.ok ? tokenReply.safeParse(await readBody(response)) : null;
  if (!parsed?.success) {
    endSession('auth.tokenException', 'warning', { remember: true });
    throw new ApiError(401, null, null, true);
  }
  // Signed out while the refresh was running: do not bring the session back.
  if (getSession().token?.refreshToken !== current.refreshToken) throw new ApiError(401, null, null, true);
  return storeToken(parsed.data, current.roleCorrespondant);
}

async function tokenForCall(): Promise<StoredToken | null> {
  const token = getSession().token;
  if (!token) return null;
  return tokenSecondsLeft(token) < TOKEN_EXPIRY_MARGIN_S ? refreshTokens() : token;
}

async function tokenAfter401(used: StoredToken): Promise<StoredToken> {
  const current = getSession().token;
  if (!current) throw new ApiError(401, null, null, true);
  // Another call refreshed meanwhile: use its token rather than rotating again.
  return current.accessToken !== used.accessToken ? current : refreshTokens();
}

/** The i18n key in the `message` of an error reply (contract's errorReply). */
function serverMessageKey(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' ? body.message : null;
}

/** What a failed call means for the user, as an i18n key: the toast's text, or the reason under an inline error. */
export function apiErrorMessage(error: ApiError): { key: string; values?: Record<string, number> } | null {
  if (error.status === 0) return { key: 'http.network' };
  if (error.status === 403) return { key: 'http.403' };
  if (error.status === 404) return { key: 'http.404' };
  if (error.status === 429) return { key: 'http.429', values: { seconds: error.retryAfter ?? 1 } };
  if (error.status >= 500) return { key: 'http.500' };
  if (error.status === 401) return null;
  const serverKey = serverMessageKey(error.body);
  return { key: serverKey && i18next.exists(serverKey) ? serverKey : 'http.400' };
}

function fail(error: ApiError, options: ApiOptions): ApiError {
  const handled = options.handle === 'all' || (options.handle ?? []).includes(error.status);
  if (handled || error.notified) return error;
  const toast = apiErrorMessage(error);
  if (!toast) return error;
  notify(toast.key, 'error', toast.values);
  return new ApiError(error.status, error.body, error.retryAfter, true);
}

async function send(path: string, options: ApiOptions, token: StoredToken | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token.accessToken}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, null, null, false);
  }
}

let lastSignedCallAt = 0;

/** When the server last accepted a signed-in call: it counts as activity there (lib/keep-alive.ts). */
export function lastServerActivityAt(): number {
  return lastSignedCallAt;
}

async function execute(path: string, options: ApiOptions): Promise<Response> {
  const useAuth = options.auth !== false;
  const token = useAuth ? await tokenForCall() : null;
  let response = await send(path, options, token);
  if (response.status === 401 && token) {
    response = await send(path, options, await tokenAfter401(token));
    if (response.status === 401) {
      endSession('auth.tokenException', 'warning', { remember: true });
      throw new ApiError(401, await readBody(response), null, true);
    }
  }
  if (token) lastSignedCallAt = Date.now();
  if (!response.ok)
    throw new ApiError(response.status, await readBody(response), retryAfterSeconds(response), false);
  return response;
}

async function tracked<T>(options: ApiOptions, run: () => Promise<T>): Promise<T> {
  if (!options.silent) startLoading();
  try {
    return await run();
  } catch (error) {
    throw isApiError(error) ? fail(error, options) : error;
  } finally {
    if (!options.silent) stopLoading();
  }
}

/**
 * Calls the API by path and validates the reply with a schema. Screens use `call` with a declaration;
 * this is what it runs, and what the sign-in page uses for the calls it makes without their declaration.
 */
export function api<S extends z.ZodType>(
  path: string,
  options: ApiOptions & { schema: S },
): Promise<z.output<S>>;
export function api(path: string, options?: ApiOptions): Promise<unknown>;
export function api(path: string, options: ApiOptions & { schema?: z.ZodType } = {}): Promise<unknown> {
  return tracked(options, async () => {
    const response = await execute(path, options);
    const body = await readBody(response);
    if (!options.schema) return body;
    const parsed = options.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    console.error(`Reply of ${path} does not match its schema`, parsed.error.issues);
    throw new ApiError(500, body, null, false);
  });
}

/** The parts of a call a route declares, each required when the route needs it. */
type CallInput<R extends ApiRoute> = (RouteParams<R> extends undefined
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (RouteQuery<R> extends undefined
    ? { query?: undefined }
    : // biome-ignore lint/complexity/noBannedTypes: "every key optional" is what the test asks
      {} extends RouteQuery<R>
      ? { query?: RouteQuery<R> }
      : { query: RouteQuery<R> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

export type CallOptions<R extends ApiRoute> = Omit<ApiOptions, 'method' | 'query' | 'body'> & CallInput<R>;
// biome-ignore lint/complexity/noBannedTypes: "every key optional" is what the test asks
type CallArgs<R extends ApiRoute> = {} extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>];

function declaredCall<R extends ApiRoute>(
  route: R,
  options: CallOptions<R> | undefined,
): [string, ApiOptions] {
  const { params, query, body, ...rest } = options ?? {};
  const path = params ? fillPath(route.path, params as Record<string, string | number>) : route.path;
  return [
    path.slice(API_PREFIX.length),
    {
      ...rest,
      method: route.method,
      ...(query ? { query: query as Record<string, QueryValue> } : {}),
      ...(body !== undefined ? { body } : {}),
    },
  ];
}

/**
 * Calls a route the contract declares (contract/src/api): its method and path, the parameters, query
 * and body its schemas take, and its reply validated by its success schema.
 */
export function call<R extends ApiRoute>(route: R, ...[options]: CallArgs<R>): Promise<RouteReply<R>> {
  const [path, apiOptions] = declaredCall(route, options);
  const schema = route.replies[200] ?? route.replies[201] ?? route.replies[204];
  return (schema ? api(path, { ...apiOptions, schema }) : api(path, apiOptions)) as Promise<RouteReply<R>>;
}

/** Downloads the file a declared route answers with: its bytes and the name the server gives it. */
export function callDownload<R extends ApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<{ blob: Blob; fileName: string | null }> {
  const [path, apiOptions] = declaredCall(route, options);
  return apiDownload(path, apiOptions);
}

/**
 * The file name of a `Content-Disposition` header: the UTF-8 `filename*` (RFC 5987) wherever it stands,
 * else the plain `filename`, the ASCII stand-in the server sends first for old clients.
 */
export function dispositionFileName(disposition: string): string | null {
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: the plain name below is still there.
    }
  }
  return /filename="([^"]*)"|filename=([^;\s]+)/i.exec(disposition)?.slice(1).find(Boolean) ?? null;
}

/** Downloads a file (PDF, Excel): its bytes and the name the server gives it. */
export function apiDownload(
  path: string,
  options: ApiOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  return tracked(options, async () => {
    const response = await execute(path, options);
    const fileName = dispositionFileName(response.headers.get('content-disposition') ?? '');
    return { blob: await response.blob(), fileName };
  });
}
