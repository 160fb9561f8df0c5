import { randomUUID } from 'node:crypto';
import { CLIENT_ASSERTION_TYPE } from '@portail/contract/integration/smart';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { auditLog } from '../src/db/schema';
import { type ActiveClient, registerClient } from '../src/features/integration/system-clients';
import type { TestContext } from './helper';

export const TOKEN_PATH = '/fhir/R4/auth/token';
export const PUBLIC_URL = 'https://portail.example.fr';
/** The token endpoint under PUBLIC_URL: the `aud` of every assertion. */
export const AUDIENCE = `${PUBLIC_URL}${TOKEN_PATH}`;

/** A client's key pair as the client holds it: the private key, and the JWK Set the centre registers. */
export interface ClientKey {
  alg: 'RS384' | 'ES384';
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
}

export async function clientKey(alg: 'RS384' | 'ES384'): Promise<ClientKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { alg, kid, privateKey, jwks: { keys: [{ ...jwk, kid }] } };
}

export interface AssertionOptions {
  /** Claims replacing (or, when undefined, removing) the defaults. */
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
  /** Seconds from now. */
  expiresIn?: number;
}

/**
 * An authentication JWT as SMART describes it: iss = sub = the client id, aud = the token endpoint,
 * exp within five minutes, a fresh jti, header alg, kid and typ JWT.
 */
export async function assertion(
  key: ClientKey,
  clientId: string,
  audience: string,
  options: AssertionOptions = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: clientId,
    sub: clientId,
    aud: audience,
    exp: now + (options.expiresIn ?? 240),
    jti: randomUUID(),
    ...options.claims,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return new SignJWT(claims as JWTPayload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT', ...options.header })
    .sign(key.privateKey);
}

/** A JWT signed with nothing (`alg: none`) or a shared secret (`HS256`), which the endpoint must refuse. */
export function unsignedJwt(claims: Record<string, unknown>, header: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}.`;
}

export const tokenForm = (clientAssertion: string, scope: string, extra: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  scope,
  client_assertion_type: CLIENT_ASSERTION_TYPE,
  client_assertion: clientAssertion,
  ...extra,
});

/** Posts a form to the token endpoint from `address` (each test its own: failures are throttled per address). */
export function postToken(
  app: FastifyInstance,
  form: Record<string, string> | string,
  address: string,
  contentType = 'application/x-www-form-urlencoded',
) {
  return app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    remoteAddress: address,
    headers: { 'content-type': contentType },
    payload: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
}

let lastAddress = 0;
/** A client address of its own for a test (10.1.x.y). */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.1.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** The newest audit row of an action. */
export async function lastAudit(ctx: TestContext, action: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

export interface TestClients {
  ecKey: ClientKey;
  rsaKey: ClientKey;
  ecClient: ActiveClient;
  rsaClient: ActiveClient;
}

/** Two registered clients: "DPI du centre" (ES384, Patient and DocumentReference) and "Entrepôt" (RS384, every type read). */
export async function registerTestClients(ctx: TestContext): Promise<TestClients> {
  const [ecKey, rsaKey] = await Promise.all([clientKey('ES384'), clientKey('RS384')]);
  const ecClient = await registerClient(ctx.database.db, {
    name: 'DPI du centre',
    scopes: 'system/Patient.cruds system/DocumentReference.c',
    jwks: ecKey.jwks,
  });
  const rsaClient = await registerClient(ctx.database.db, {
    name: 'Entrepôt',
    scopes: 'system/*.rs',
    jwks: rsaKey.jwks,
  });
  return { ecKey, rsaKey, ecClient, rsaClient };
}
