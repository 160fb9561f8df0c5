import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BusinessError, HttpError } from './errors';
import { type FieldErrorEntry, FieldErrors } from './field-errors';

const I18N_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A zod issue as a field error the web can translate (000 §5, generic messages). */
function toFieldError(issue: ValidationIssue): FieldErrorEntry {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
  const message = issue.message ?? '';
  if (I18N_KEY.test(message)) return { field, defaultMessage: message };
  const { params } = issue;
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

/** Connection failures of the database driver: the service is unavailable, not broken. */
function isDatabaseUnavailable(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === 'ECONNRESET';
}
