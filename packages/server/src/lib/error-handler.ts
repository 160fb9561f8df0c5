import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { QueueFullError } from './concurrency';
import { BusinessError, HttpError } from './errors';
import { type FieldErrorEntry, FieldErrors } from './field-errors';

const I18N_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

interface BranchIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  [key: string]: unknown;
}

/** A branch whose keys are not the value's: a key it does not know, or one of its own missing. */
const otherShape = (branch: readonly BranchIssue[]) =>
  branch.some(
    (issue) =>
      (issue.code === 'unrecognized_keys' && issue.path.length === 0) ||
      (issue.code === 'invalid_type' && issue.path.length === 1 && /received undefined/.test(issue.message)),
  );

/**
 * Of a value that matched none of a union's shapes, the one shape it meant: the only branch whose keys
 * are the value's (`{ids: [5,001 ids]}` meant the ids shape, whose issue is their number, not the
 * filter shape, which finds an unknown key and misses its own), else the only branch with the fewest
 * issues. Null when it is unclear (both shapes' keys, or neither's).
 */
function meantBranch(params: Record<string, unknown>): BranchIssue[] | null {
  const branches = (Array.isArray(params.errors) ? (params.errors as BranchIssue[][]) : []).filter(
    (branch) => branch.length > 0,
  );
  const fitting = branches.filter((branch) => !otherShape(branch));
  if (fitting.length === 1) return fitting[0] ?? null;
  const fewest = Math.min(...branches.map((branch) => branch.length));
  const meant = branches.filter((branch) => branch.length === fewest);
  return meant.length === 1 ? (meant[0] ?? null) : null;
}

/** A zod issue as a field error the web can translate (docs/interface-conventions.md#forms, generic messages). */
function toFieldError(issue: ValidationIssue): FieldErrorEntry {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
  const message = issue.message ?? '';
  if (I18N_KEY.test(message)) return { field, defaultMessage: message };
  const { params } = issue;
  if (issue.keyword === 'invalid_union') {
    // Told as the meant shape's first issue, under the union's own place.
    const [first] = meantBranch(params) ?? [];
    if (first) {
      const { code, path, message: inner, ...rest } = first;
      const within = path.map(String).join('/');
      return toFieldError({
        keyword: code,
        instancePath: `${issue.instancePath.replace(/\/$/, '')}${within ? `/${within}` : ''}`,
        message: inner,
        params: rest,
      });
    }
  }
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message))
    return { field, defaultMessage: 'errors.required' };
  if (issue.keyword === 'too_small' && params.origin === 'string') {
    return Number(params.minimum) <= 1
      ? { field, defaultMessage: 'errors.required' }
      : { field, defaultMessage: 'errors.minlength', args: [String(params.minimum)] };
  }
  if (issue.keyword === 'too_big' && params.origin === 'string') {
    return { field, defaultMessage: 'errors.maxlength', args: [String(params.maximum)] };
  }
  if (issue.keyword === 'too_big' && (params.origin === 'array' || params.origin === 'set')) {
    return { field, defaultMessage: 'errors.maxItems', args: [String(params.maximum)] };
  }
  if (issue.keyword === 'invalid_format' && params.format === 'email')
    return { field, defaultMessage: 'errors.email' };
  if (issue.keyword === 'unrecognized_keys') return { field, defaultMessage: 'errors.unknownField' };
  return { field, defaultMessage: 'errors.invalid' };
}

const body = (status: number, message: string) => ({
  status,
  error: STATUS_CODES[status] ?? 'Error',
  message,
});

/**
 * A zod issue of a schema run by a service (the participant import runs the creation form's schema on
 * each row) as the field error a request body's issue gives: the same keys, the same arguments.
 */
export function zodFieldError(issue: {
  code: string;
  path: PropertyKey[];
  message: string;
  [key: string]: unknown;
}): FieldErrorEntry {
  const { code, path, message, ...params } = issue;
  return toFieldError({
    keyword: code,
    instancePath: `/${path.map(String).join('/')}`,
    message,
    params,
  });
}

/**
 * The one error handler (fastify/demo): client mistakes get their status and a translatable key, and
 * nothing of a 5xx (message, stack) ever reaches the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send({ ...body(400, 'errors.validation'), fieldErrors: error.validation.map(toFieldError) });
    }
    if (error instanceof FieldErrors) {
      const messages = error.messages.length > 0 ? { ciemException: { messages: error.messages } } : {};
      return reply
        .code(400)
        .send({ ...body(400, 'errors.validation'), fieldErrors: error.fieldErrors, ...messages });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(body(error.statusCode, error.message));
    }
    if (error instanceof BusinessError) {
      return reply
        .code(error.statusCode)
        .send({ ...body(error.statusCode, 'errors.business'), ciemException: { messages: error.messages } });
    }
    if (error instanceof QueueFullError) {
      return reply.code(503).header('retry-after', String(error.retryAfterS)).send(body(503, 'http.503'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, `http.${status}`));
    }
    request.log.error({ err: error }, 'request failed');
    const unavailable = isDatabaseUnavailable(error);
    return reply
      .code(unavailable ? 503 : 500)
      .send(body(unavailable ? 503 : 500, unavailable ? 'http.503' : 'http.500'));
  });
}

/**
 * SQLSTATEs and socket codes that mean the database cannot be reached right now: admin_shutdown
 * (57P01, `pg_ctl stop -m fast`), crash_shutdown (57P02, another backend crashed), cannot_connect_now
 * (57P03, starting, stopping or recovering), too many connections (53300), class 08 (connection
 * exceptions), and the sockets' own refusals and resets.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
/**
 * What pg and pg-pool throw without a code when a connection dies under a query (a killed backend, a
 * network cut), when the pool waited connectionTimeoutMillis for a connection, or when a client already
 * broken is used.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Connection failures of the database driver: the service is unavailable, not broken. Drizzle wraps
 * the driver's error as the `cause` of its own (DrizzleQueryError): the chain of causes is looked at.
 */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
