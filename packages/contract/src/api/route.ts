import type { z } from 'zod';
import type { Access } from '../roles';

export type { Access } from '../roles';

/**
 * One call of the portal's API, declared once: the server registers its handler from this object
 * (server/src/lib/serve.ts), the web calls it through it (web/src/lib/api.ts `call`), the OpenAPI document
 * and the access matrix read it. A path parameter is written `:name` and must say what it names (`ids`).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a path parameter names: the access matrix tries another scope's ids of that kind on it. */
export type ResourceKind =
  | 'participant'
  | 'correspondant'
  | 'establishment'
  | 'company'
  | 'checkup'
  | 'document'
  | 'attachment'
  | 'sheet'
  | 'appointment'
  | 'mutation'
  | 'outbox'
  /** A participant import (its check and run): only the correspondant who uploaded the file reaches it. */
  | 'import'
  /** An account (users.id): the centre's staff reach every one. */
  | 'account'
  /** A sign-in session (sessions.id): only its holder reaches it. */
  | 'session'
  /** A passkey (passkeys.id): only its holder reaches it. */
  | 'passkey'
  /** An event of the audit trail: administrators reach every one. */
  | 'audit'
  /** A sheet or data-protection document as the administrators publish it, withdrawn ones included. */
  | 'content'
  /** A parameter that names no resource (a list's name, a phone number): nothing to reach across scopes. */
  | 'value';

export interface ApiRoute {
  method: HttpMethod;
  /** The whole path, `/api/...`, with `:name` parameters. */
  path: string;
  /** Who may call it. */
  access: Access;
  /** What each path parameter names (every one must be listed). */
  ids?: Readonly<Record<string, ResourceKind>>;
  /** The route answers a participant who has not yet confirmed the text-message code. */
  allowUnconfirmed?: boolean;
  /** Served in demo mode only (the demo outbox and its switches): a production server has no such route. */
  demoOnly?: boolean;
  /** A medical-record route: a participant must have accepted the online medical record. */
  medicalRecord?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the server reads (validated and documented; the web passes them in `headers`). */
  headers?: z.ZodType;
  body?: z.ZodType;
  /** The body's media types when not JSON (the token endpoint takes an OAuth form). */
  consumes?: readonly string[];
  /**
   * The replies by status. A file reply (a PDF, a workbook) declares no schema for its success:
   * `file` says which status carries the bytes.
   */
  replies: Readonly<Partial<Record<number, z.ZodType>>>;
  file?: { status: number; types: readonly string[] };
  /** Largest body in bytes, when larger than the server's default. */
  bodyLimit?: number;
  /** The OpenAPI group and one-line description. */
  tag: string;
  summary?: string;
}

/** Declares a route, keeping its literal types (the server's handler and the web's call read them). */
export function route<const R extends ApiRoute>(declaration: R): R {
  return declaration;
}

/** The names of a path's `:name` parameters. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/** The path with its parameters filled in (each encoded as one segment). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** `'/api/x/:id/y/:name'` → `'id' | 'name'`. */
export type PathParameterNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A query string as the web writes it: the values the server will read (the schema's output), each
 * optional where the schema lets it be absent (a default, an optional, or a coercion that takes anything).
 */
type WireValues<S extends z.ZodType> = {
  [K in keyof z.output<S> as K extends keyof z.input<S> ? (undefined extends z.input<S>[K] ? K : never) : K]?:
    | z.output<S>[K]
    | null;
} & {
  [K in keyof z.output<S> as K extends keyof z.input<S>
    ? undefined extends z.input<S>[K]
      ? never
      : K
    : never]: z.output<S>[K];
};

/** What the web sends: the path's parameters, the query string and the body. */
export type RouteParams<R extends ApiRoute> = [PathParameterNames<R['path']>] extends [never]
  ? undefined
  : Record<PathParameterNames<R['path']>, string | number>;
export type RouteQuery<R extends ApiRoute> = R['query'] extends z.ZodType
  ? WireValues<R['query']>
  : undefined;
export type RouteBody<R extends ApiRoute> = R['body'] extends z.ZodType ? Input<R['body']> : undefined;

/** The success reply's schema (200, else 201 or 204), as the web reads it. */
export type SuccessSchema<R extends ApiRoute> = R['replies'] extends { 200: infer S }
  ? S
  : R['replies'] extends { 201: infer S }
    ? S
    : R['replies'] extends { 204: infer S }
      ? S
      : never;
export type RouteReply<R extends ApiRoute> = Output<SuccessSchema<R>>;
