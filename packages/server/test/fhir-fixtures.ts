import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { registerClient } from '../src/features/integration/system-clients';
import type { TestContext } from './helper';
import { assertion, clientKey, freshAddress, postToken, tokenForm } from './integration-fixtures';

export interface TestSystemClient {
  clientId: string;
  name: string;
  /** A fresh access token of the client, for `scope` (its registered scopes when not given). */
  token: (scope?: string) => Promise<string>;
}

/**
 * Registers a system client of the centre with an ES384 key (as `npm run integration -- client add`
 * does) and gets its tokens as SMART Backend Services prescribes, with the token endpoint's own test
 * helpers (integration-fixtures.ts): a signed, single-use assertion posted to the token endpoint.
 */
export async function systemClient(ctx: TestContext, scopes: string): Promise<TestSystemClient> {
  const key = await clientKey('ES384');
  const name = `Test client ${randomUUID().slice(0, 8)}`;
  const client = await registerClient(ctx.database.db, { name, scopes, jwks: key.jwks });
  const audience = `${ctx.config.publicUrl}${FHIR_BASE_PATH}/auth/token`;
  return {
    clientId: client.clientId,
    name,
    token: async (scope = scopes) => {
      const signed = await assertion(key, client.clientId, audience);
      const reply = await postToken(ctx.app, tokenForm(signed, scope), freshAddress());
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
