import { z } from 'zod';

/** The bare liveness reply: answers without touching the database (the benchmark's baseline). */
export const healthReply = z.object({ status: z.literal('ok') });
/** Readiness: whether the database answers. */
export const readyReply = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });
