import { z } from 'zod';

/** Demo mode only: what the portal would have sent (ARCHITECTURE.md, Notifications). */
export const outboxEntry = z.object({
  /** 0: a notification of the night not recorded yet, composed as it will leave in the morning. */
  id: z.number().int(),
  createdAt: z.string(),
  /** LETTER: a postal letter the centre would post (demo: the activation codes of pending participants). */
  channel: z.enum(['SMS', 'MAIL', 'LETTER']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** SENT: the demo provider accepted it; QUEUED: it waits for its not-before time (quiet hours). */
  status: z.enum(['SENT', 'QUEUED']),
  /** Not sent before then (the events of the night are told together, at 08:00 Paris time). */
  notBefore: z.string().nullable(),
  attachments: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

export const outboxQuery = z.object({
  recipient: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const outboxReply = z.object({ items: z.array(outboxEntry) });

/**
 * Demo mode only: registers a system client of the integration API from a public JWKS, so that the
 * integration demonstration (`npm run integration:demo`) runs beside `npm start`, whose embedded
 * database no second process may open. A real centre registers clients with `npm run integration`.
 */
export const demoIntegrationClient = z.object({
  name: z.string().trim().min(1).max(100),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1).max(5) }),
});
export const demoIntegrationClientReply = z.object({
  clientId: z.string(),
  name: z.string(),
  scope: z.string(),
});

/**
 * Demo mode only: whether the demo providers accept text messages and mails. Switched off, every
 * message waits in the delivery queue and is retried; switched back on, it arrives by itself.
 */
export const demoProviders = z.object({
  sms: z.boolean(),
  mail: z.boolean(),
  /** Recipients refused one by one, whatever the switches (a number or an address the provider rejects). */
  refused: z.array(z.string().max(200)).max(50),
});
export const demoProvidersUpdate = demoProviders.partial();
export type DemoProvidersState = z.infer<typeof demoProviders>;
