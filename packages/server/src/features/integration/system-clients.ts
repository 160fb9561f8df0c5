import { randomBytes } from 'node:crypto';
import { isPlainText } from '@portail/contract/rules/text';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import type { DbOrTx } from '../../db/client';
import { integrationClients } from '../../db/schema';
import { audit } from '../../lib/audit';
import { checkJwks } from './client-keys';
import { parseScopes } from './smart-scopes';

/** A registration or revocation the centre cannot make, with the reason in words. */
export class ClientError extends Error {}

/** A client that may call: what the FHIR guard needs at every call. */
export interface ActiveClient {
  clientId: string;
  name: string;
  scopes: string[];
}

export interface ClientSummary extends ActiveClient {
  createdAt: Date;
  revokedAt: Date | null;
}

/** 128 random bits, base64url: 22 characters. */
const newClientId = () => randomBytes(16).toString('base64url');

/**
 * The shape of every client id this server makes. Anything else is answered as unknown before it
 * reaches a query (an assertion's `iss` may hold a NUL, which PostgreSQL refuses in text).
 */
const CLIENT_ID = /^[A-Za-z0-9_-]{22}$/;
export const isClientId = (value: string): boolean => CLIENT_ID.test(value);

const NAME_MAX = 100;
const splitScopes = (text: string) => text.split(' ').filter((word) => word !== '');

/**
 * Registers a system client: a unique name (it names the client in the audit log), the scopes it may
 * ask for (at least one, each valid) and a JWK Set of its public keys. Returns the new client; throws
 * ClientError, or client-keys.ts KeyError for the keys.
 */
export async function registerClient(
  db: DbOrTx,
  input: { name: string; scopes: string; jwks: unknown },
): Promise<ActiveClient & { jwks: JSONWebKeySet }> {
  const name = input.name.trim();
  if (name === '' || name.length > NAME_MAX || !isPlainText(name))
    throw new ClientError(`the name must be 1 to ${NAME_MAX} characters, without control characters`);
  const parsed = parseScopes(input.scopes);
  if (!parsed.ok)
    throw new ClientError(
      parsed.invalid.length > 0
        ? `not a system scope: ${parsed.invalid.join(' ')} (expected system/<Type|*>.<cruds letters in order>, or .read, .write, .*)`
        : 'at least one scope is needed, for instance --scope "system/Patient.rs"',
    );
  const jwks = await checkJwks(input.jwks);
  const client = {
    clientId: newClientId(),
    name,
    scopes: parsed.scopes.map((scope) => scope.text),
    jwks,
  };
  const [created] = await db
    .insert(integrationClients)
    .values({ clientId: client.clientId, name, scopes: client.scopes.join(' '), jwks })
    .onConflictDoNothing({ target: integrationClients.name })
    .returning({ clientId: integrationClients.clientId });
  if (!created) {
    const [other] = await db
      .select({ revokedAt: integrationClients.revokedAt })
      .from(integrationClients)
      .where(eq(integrationClients.name, name));
    throw new ClientError(
      other?.revokedAt
        ? `a client named "${name}" existed and was revoked: names are never reused, so the audit log's names stay unambiguous; choose another name`
        : `a client named "${name}" already exists`,
    );
  }
  await audit(db, {
    actorUserId: null,
    action: 'INTEGRATION_CLIENT_REGISTERED',
    targetType: 'integration_client',
    targetId: client.clientId,
    details: {
      clientId: client.clientId,
      name,
      scopes: client.scopes,
      kids: jwks.keys.map((key) => key.kid),
    },
  });
  return client;
}

export async function listClients(db: DbOrTx): Promise<ClientSummary[]> {
  const rows = await db
    .select({
      clientId: integrationClients.clientId,
      name: integrationClients.name,
      scopes: integrationClients.scopes,
      createdAt: integrationClients.createdAt,
      revokedAt: integrationClients.revokedAt,
    })
    .from(integrationClients)
    .orderBy(asc(integrationClients.createdAt), asc(integrationClients.name));
  return rows.map((row) => ({ ...row, scopes: splitScopes(row.scopes) }));
}

export type RevokeOutcome =
  | { result: 'revoked'; client: ClientSummary }
  | { result: 'alreadyRevoked'; client: ClientSummary }
  | { result: 'unknown' };

/**
 * Revokes a client, named by its id or its name (the id first: a name might look like an id). Its
 * tokens stop working at the next call, since the FHIR guard loads the client every time.
 */
export async function revokeClient(db: DbOrTx, nameOrId: string): Promise<RevokeOutcome> {
  const clients = await listClients(db);
  const client =
    clients.find((candidate) => candidate.clientId === nameOrId) ??
    clients.find((candidate) => candidate.name === nameOrId.trim());
  if (!client) return { result: 'unknown' };
  const [revoked] = await db
    .update(integrationClients)
    .set({ revokedAt: new Date() })
    .where(and(eq(integrationClients.clientId, client.clientId), isNull(integrationClients.revokedAt)))
    .returning({ revokedAt: integrationClients.revokedAt });
  if (!revoked) return { result: 'alreadyRevoked', client };
  await audit(db, {
    actorUserId: null,
    action: 'INTEGRATION_CLIENT_REVOKED',
    targetType: 'integration_client',
    targetId: client.clientId,
    details: { clientId: client.clientId, name: client.name },
  });
  return { result: 'revoked', client: { ...client, revokedAt: revoked.revokedAt } };
}

/** The client's row when it exists and is not revoked, with its keys when asked. */
async function activeRow(db: DbOrTx, clientId: string, withKeys: boolean) {
  if (!isClientId(clientId)) return null;
  const [row] = await db
    .select({
      clientId: integrationClients.clientId,
      name: integrationClients.name,
      scopes: integrationClients.scopes,
      ...(withKeys ? { jwks: integrationClients.jwks } : {}),
    })
    .from(integrationClients)
    .where(and(eq(integrationClients.clientId, clientId), isNull(integrationClients.revokedAt)));
  return row ?? null;
}

/** The client with its keys, when it exists and is not revoked (the token endpoint's lookup). */
export async function loadActiveClientKeys(
  db: DbOrTx,
  clientId: string,
): Promise<(ActiveClient & { jwks: JSONWebKeySet }) | null> {
  const row = await activeRow(db, clientId, true);
  return row?.jwks ? { ...row, jwks: row.jwks, scopes: splitScopes(row.scopes) } : null;
}

/**
 * The client named by a system token, or null when it is unknown or revoked. The FHIR guard calls it
 * on every request (one primary-key read, without the keys, no cache): a revoked client's unexpired
 * token stops at once.
 */
export async function loadActiveClient(db: DbOrTx, clientId: string): Promise<ActiveClient | null> {
  const row = await activeRow(db, clientId, false);
  return row ? { clientId: row.clientId, name: row.name, scopes: splitScopes(row.scopes) } : null;
}
