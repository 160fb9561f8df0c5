import type { Message } from '@portail/contract/schemas/common';

/** An HTTP error whose `message` is an i18n key the web shows. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const unauthorized = (key = 'auth.unauthorized') => new HttpError(401, key);
export const forbidden = (key = 'http.403') => new HttpError(403, key);
export const notFound = () => new HttpError(404, 'http.404');
export const tooManyRequests = (retryAfterS: number, key = 'http.429') =>
  new HttpError(429, key, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) });

/** A refused business operation: 200/409-style reply carrying `ciemException.messages`. */
export class BusinessError extends Error {
  constructor(
    readonly messages: Message[],
    readonly statusCode = 409,
  ) {
    super(messages.map((m) => m.errorCode).join(', '));
  }
}

export const errorMessage = (errorCode: string, args?: string[]): Message =>
  args ? { level: 'ERROR', errorCode, args } : { level: 'ERROR', errorCode };
export const warnMessage = (errorCode: string, args?: string[]): Message =>
  args ? { level: 'WARN', errorCode, args } : { level: 'WARN', errorCode };
export const infoMessage = (errorCode: string): Message => ({ level: 'INFO', errorCode });
