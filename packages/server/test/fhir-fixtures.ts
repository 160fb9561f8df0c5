import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { registerClient } from '../src/features/integration/system-clients';
import type { TestContext } from './helper';

export interface TestSystemClient {
  clientId: string;
  name: string;
  /** A fresh access token of the client, for `scope` (its registered scopes when not given). */
  token: (scope?: string) => Promise<string>;
}

let clients = 0;

/**
 * Registers a system client of the centre with an ES384 key (as `npm run integration -- client add`
 * does) and gets its tokens as SMART Backend Services prescribes: a signed, single-use assertion
 * posted to the token endpoint.
 */
export async function systemClient(ctx: TestContext, scopes: string): Promise<TestSystemClient> {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = `key-${++clients}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES384', use: 'sig' };
  const name = `Test client ${clients} ${randomUUID().slice(0, 8)}`;
  const client = await registerClient(ctx.database.db, { name, scopes, jwks: { keys: [jwk] } });
  const tokenUrl = `${ctx.config.publicUrl}${FHIR_BASE_PATH}/auth/token`;
  return {
    clientId: client.clientId,
    name,
    token: async (scope = scopes) => {
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
        .setIssuer(client.clientId)
        .setSubject(client.clientId)
        .setAudience(tokenUrl)
        .setJti(randomUUID())
        .setExpirationTime('4m')
        .sign(privateKey);
      const reply = await ctx.app.inject({
        method: 'POST',
        url: `${FHIR_BASE_PATH}/auth/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          scope,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
        }).toString(),
      });
      if (reply.statusCode !== 200) throw new Error(`token refused: ${reply.body}`);
      return reply.json<{ access_token: string }>().access_token;
    },
  };
}

/** A port free on this machine now, for a server whose public address must be known before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
