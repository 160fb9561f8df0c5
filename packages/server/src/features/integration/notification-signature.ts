import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a notification (README "Integration API: change feed and subscriptions"):
 * `X-Portal-Signature: sha256=<hex>`, the HMAC-SHA256, keyed by the subscription's secret, of
 * `<X-Portal-Timestamp>.<body>` (the Unix time in seconds, a dot, the body as sent). The timestamp is
 * inside the signature so a receiver can refuse an old notification replayed later.
 */
export const SIGNATURE_HEADER = 'x-portal-signature';
export const TIMESTAMP_HEADER = 'x-portal-timestamp';
export const NOTIFICATION_ID_HEADER = 'x-portal-notification-id';
export const SUBSCRIPTION_HEADER = 'x-portal-subscription';
export const ATTEMPT_HEADER = 'x-portal-attempt';

export function signNotification(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (and the tests): same HMAC, compared in constant time, timestamp recent. */
export function verifyNotification(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: string,
  now = Date.now(),
  toleranceS = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceS) return false;
  const expected = Buffer.from(signNotification(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
