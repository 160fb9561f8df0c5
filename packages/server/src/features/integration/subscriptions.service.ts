import { randomBytes } from 'node:crypto';
import type { Subscription } from '@medplum/fhirtypes';
import { portalExtension } from '@portail/contract/integration/fhir';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fhirSubscriptions } from '../../db/schema';
import { PAYLOAD_CONTENT_EXTENSION, type SubscriptionInput } from './subscription-rules';

/** The extension that carries the signing secret, in the reply to the creation only. */
export const SECRET_EXTENSION = portalExtension('subscription-signing-secret');

export type SubscriptionRow = typeof fhirSubscriptions.$inferSelect;

/** The columns a caller may see (never the secret). */
const visible = {
  id: fhirSubscriptions.id,
  clientId: fhirSubscriptions.clientId,
  status: fhirSubscriptions.status,
  criteria: fhirSubscriptions.criteria,
  resourceType: fhirSubscriptions.resourceType,
  filter: fhirSubscriptions.filter,
  endpoint: fhirSubscriptions.endpoint,
  payload: fhirSubscriptions.payload,
  payloadContent: fhirSubscriptions.payloadContent,
  reason: fhirSubscriptions.reason,
  error: fhirSubscriptions.error,
  createdAt: fhirSubscriptions.createdAt,
  updatedAt: fhirSubscriptions.updatedAt,
  version: fhirSubscriptions.version,
};
export type VisibleSubscription = Pick<SubscriptionRow, keyof typeof visible>;

/** The end of the feed now: a new (or re-activated) subscription is notified of what changes after. */
const END_OF_FEED = sql`coalesce((select max(published_at) from fhir_changes), now())`;

/** A UUID as PostgreSQL writes them; anything else cannot name a subscription. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function toSubscription(row: VisibleSubscription, secret?: string): Subscription {
  return {
    resourceType: 'Subscription',
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    status: row.status,
    reason: row.reason || 'Changes of the portal',
    criteria: row.criteria,
    ...(row.error ? { error: row.error } : {}),
    channel: {
      type: 'rest-hook',
      endpoint: row.endpoint,
      ...(row.payload ? { payload: row.payload } : {}),
      // Only id-only needs saying: without the extension a payload means the full resource (plain R4).
      ...(row.payloadContent === 'id-only'
        ? { _payload: { extension: [{ url: PAYLOAD_CONTENT_EXTENSION, valueCode: 'id-only' }] } }
        : {}),
    },
    ...(secret ? { extension: [{ url: SECRET_EXTENSION, valueString: secret }] } : {}),
  };
}

/** Registers a subscription of `clientId`; its secret is returned once, here, and never shown again. */
export async function createSubscription(
  db: DbOrTx,
  clientId: string,
  input: SubscriptionInput,
): Promise<{ row: VisibleSubscription; secret: string }> {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(fhirSubscriptions)
    .values({ clientId, secret, ...input, cursor: END_OF_FEED })
    .returning(visible);
  if (!row) throw new Error('subscription not stored');
  return { row, secret };
}

/** One subscription of the client (another client's is as absent as an unknown one). */
export async function findSubscription(
  db: DbOrTx,
  clientId: string | null,
  id: string,
  lock = false,
): Promise<VisibleSubscription | null> {
  if (!UUID.test(id)) return null;
  const query = db
    .select(visible)
    .from(fhirSubscriptions)
    .where(
      and(
        eq(fhirSubscriptions.id, id),
        clientId === null ? undefined : eq(fhirSubscriptions.clientId, clientId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listSubscriptions(
  db: DbOrTx,
  clientId: string | null,
  where: { id?: string; status?: string } = {},
): Promise<VisibleSubscription[]> {
  if (where.id !== undefined && !UUID.test(where.id)) return [];
  return db
    .select(visible)
    .from(fhirSubscriptions)
    .where(
      and(
        clientId === null ? undefined : eq(fhirSubscriptions.clientId, clientId),
        where.id === undefined ? undefined : eq(fhirSubscriptions.id, where.id),
        where.status === undefined ? undefined : sql`${fhirSubscriptions.status} = ${where.status}`,
      ),
    )
    .orderBy(asc(fhirSubscriptions.createdAt), asc(fhirSubscriptions.id));
}

/**
 * Replaces what the client may change (status, criteria, endpoint, payload, reason). Turning a
 * subscription back on from `off` starts it at the end of the feed (what changed while it was off is in
 * `_history`); from `error` it goes on where it was, the error cleared. The secret stays.
 */
export async function updateSubscription(
  db: DbOrTx,
  current: VisibleSubscription,
  input: SubscriptionInput,
): Promise<VisibleSubscription> {
  const [row] = await db
    .update(fhirSubscriptions)
    .set({
      ...input,
      ...(input.status === 'active' && current.status === 'off' ? { cursor: END_OF_FEED } : {}),
      error: null,
      updatedAt: new Date(),
      version: sql`${fhirSubscriptions.version} + 1`,
    })
    .where(eq(fhirSubscriptions.id, current.id))
    .returning(visible);
  if (!row) throw new Error('subscription vanished under its lock');
  return row;
}

/** Deletes a subscription and its notifications (the CLI's `subscription remove`). */
export async function removeSubscription(db: DbOrTx, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const deleted = await db
    .delete(fhirSubscriptions)
    .where(eq(fhirSubscriptions.id, id))
    .returning({ id: fhirSubscriptions.id });
  return deleted.length > 0;
}
