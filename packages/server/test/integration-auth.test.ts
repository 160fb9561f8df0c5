import { SYSTEM_TOKEN_TTL_S } from '@portail/contract/constants';
import { smartConfiguration, systemTokenError, systemTokenReply } from '@portail/contract/integration/smart';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationAssertions } from '../src/db/schema';
import { TOKEN_FAILURE_RULE } from '../src/features/integration/smart-token.service';
import {
  type ActiveClient,
  loadActiveClient,
  registerClient,
  revokeClient,
} from '../src/features/integration/system-clients';
import { verifySystemToken } from '../src/features/integration/system-token';
import { createTestContext, type TestContext } from './helper';
import {
  AUDIENCE,
  assertion,
  type ClientKey,
  clientKey,
  freshAddress,
  lastAudit as lastAuditOf,
  PUBLIC_URL,
  postToken,
  registerTestClients,
  tokenForm,
  unsignedJwt,
} from './integration-fixtures';

let ctx: TestContext;
let ecKey: ClientKey;
let rsaKey: ClientKey;
let strangerKey: ClientKey;
let ecClient: ActiveClient;
let rsaClient: ActiveClient;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  ({ ecKey, rsaKey, ecClient, rsaClient } = await registerTestClients(ctx));
  strangerKey = await clientKey('ES384');
});
afterAll(async () => ctx.close());

const lastAudit = (action: string) => lastAuditOf(ctx, action);

async function refusal(form: Record<string, string> | string, contentType?: string) {
  const reply = await postToken(ctx.app, form, freshAddress(), contentType);
  expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(reply.headers['cache-control']).toBe('no-store');
  return { status: reply.statusCode, body: systemTokenError.parse(reply.json()) };
}

describe('SMART configuration', () => {
  it('is served at the root and under the FHIR base, the same JSON naming the token endpoint', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/.well-known/smart-configuration' });
    const base = await ctx.app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('application/json');
    expect(base.body).toBe(root.body);
    const document = smartConfiguration.parse(root.json());
    expect(document).toMatchObject({
      token_endpoint: AUDIENCE,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      capabilities: ['client-confidential-asymmetric', 'permission-v2', 'permission-v1'],
    });
    expect(document.scopes_supported).toContain('system/*.rs');
  });
});

describe('POST /fhir/R4/auth/token', () => {
  it.each([
    ['ES384', () => ecKey, () => ecClient, 'system/Patient.cruds'],
    ['RS384', () => rsaKey, () => rsaClient, 'system/*.rs'],
  ])(
    'gives a %s client a 5-minute token for the scopes it asks, audited with its name',
    async (_alg, key, client, scope) => {
      const reply = await postToken(
        ctx.app,
        tokenForm(await assertion(key(), client().clientId, AUDIENCE), scope),
        freshAddress(),
      );
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      const body = systemTokenReply.parse(reply.json());
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: SYSTEM_TOKEN_TTL_S, scope });
      expect(verifySystemToken(body.access_token, ctx.config.jwtSecret)).toEqual({
        clientId: client().clientId,
        scopes: [scope],
      });
      const row = await lastAudit('SYSTEM_TOKEN_ISSUED');
      expect(row?.actorUserId).toBeNull();
      expect(row?.details).toEqual({ clientId: client().clientId, name: client().name, scopes: [scope] });
    },
  );

  it('grants a narrower scope than registered, in either syntax, and exactly what was asked', async () => {
    const asked = 'system/Patient.rs system/Patient.read system/DocumentReference.c';
    const reply = await postToken(
      ctx.app,
      tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), asked),
      freshAddress(),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ scope: string }>().scope).toBe(asked);
  });

  it('takes the optional client_id when it is the assertion issuer', async () => {
    const form = tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), 'system/Patient.r', {
      client_id: ecClient.clientId,
    });
    expect((await postToken(ctx.app, form, freshAddress())).statusCode).toBe(200);
  });

  it('accepts each assertion once: a replay is refused, and of concurrent uses exactly one gets a token', async () => {
    const signed = await assertion(ecKey, ecClient.clientId, AUDIENCE);
    expect((await postToken(ctx.app, tokenForm(signed, 'system/Patient.r'), freshAddress())).statusCode).toBe(
      200,
    );
    const replay = await refusal(tokenForm(signed, 'system/Patient.r'));
    expect(replay).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: expect.stringContaining('already used') },
    });

    const once = await assertion(ecKey, ecClient.clientId, AUDIENCE);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        postToken(ctx.app, tokenForm(once, 'system/Patient.r'), freshAddress()),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const rows = await ctx.database.db
      .select()
      .from(integrationAssertions)
      .where(eq(integrationAssertions.clientId, ecClient.clientId));
    expect(new Set(rows.map((row) => row.jti)).size).toBe(rows.length);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const refusedAssertions: [string, () => Promise<string>, string][] = [
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = (await assertion(ecKey, ecClient.clientId, AUDIENCE)).split('.');
        const claims = {
          iss: ecClient.clientId,
          sub: ecClient.clientId,
          aud: AUDIENCE,
          exp: now() + 60,
          jti: 'x1',
        };
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
      'signature',
    ],
    [
      'another client’s key under this client’s kid',
      () => assertion({ ...strangerKey, kid: ecKey.kid }, ecClient.clientId, AUDIENCE),
      'signature',
    ],
    ['another client’s key and kid', () => assertion(rsaKey, ecClient.clientId, AUDIENCE), 'signature'],
    ['a wrong aud', () => assertion(ecKey, ecClient.clientId, `${PUBLIC_URL}/api/oauth/token`), 'audience'],
    [
      'an expired assertion',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { expiresIn: -120 }),
      'expired',
    ],
    [
      'an exp ten minutes ahead',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { expiresIn: 600 }),
      'expiry',
    ],
    ['no exp', () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { exp: undefined } }), 'expiry'],
    ['no jti', () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { jti: undefined } }), 'jti'],
    [
      'a jti with a NUL',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { jti: 'a\u0000b' } }),
      'jti',
    ],
    [
      'a jti of 300 characters',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { jti: 'j'.repeat(300) } }),
      'jti',
    ],
    [
      'an nbf an hour ahead',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { nbf: now() + 3600 } }),
      'notYetValid',
    ],
    [
      'iss and sub that differ',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { claims: { sub: rsaClient.clientId } }),
      'issuer',
    ],
    ['an unknown client', () => assertion(ecKey, 'AAAAAAAAAAAAAAAAAAAAAA', AUDIENCE), 'unknownClient'],
    ['an iss with a NUL', () => assertion(ecKey, 'a\u0000b', AUDIENCE), 'unknownClient'],
    ['no kid', () => assertion(ecKey, ecClient.clientId, AUDIENCE, { header: { kid: undefined } }), 'kid'],
    [
      'a jku header',
      () => assertion(ecKey, ecClient.clientId, AUDIENCE, { header: { jku: 'https://evil.example/jwks' } }),
      'jku',
    ],
    [
      'alg none',
      async () =>
        unsignedJwt(
          { iss: ecClient.clientId, sub: ecClient.clientId, aud: AUDIENCE, exp: now() + 60, jti: 'none-1' },
          { alg: 'none', typ: 'JWT', kid: ecKey.kid },
        ),
      'algorithm',
    ],
    [
      'HS256 keyed with the client’s public key',
      () =>
        new SignJWT({
          iss: ecClient.clientId,
          sub: ecClient.clientId,
          aud: AUDIENCE,
          exp: now() + 60,
          jti: 'hs-1',
        })
          .setProtectedHeader({ alg: 'HS256', kid: ecKey.kid })
          .sign(new TextEncoder().encode(JSON.stringify(ecKey.jwks.keys[0]))),
      'algorithm',
    ],
    [
      'ES256 (not ES384)',
      async () => {
        const { generateKeyPair } = await import('jose');
        const { privateKey } = await generateKeyPair('ES256');
        return new SignJWT({
          iss: ecClient.clientId,
          sub: ecClient.clientId,
          aud: AUDIENCE,
          exp: now() + 60,
          jti: 'es256',
        })
          .setProtectedHeader({ alg: 'ES256', kid: ecKey.kid })
          .sign(privateKey);
      },
      'algorithm',
    ],
    ['garbage', async () => 'not.a.jwt', 'malformed'],
    ['three base64 parts of nonsense', async () => 'eyJhbGciOiJFUzM4NCJ9.bm9wZQ.c2ln', 'malformed'],
  ];

  it.each(refusedAssertions)(
    'refuses %s: 401 invalid_client, audited, nothing issued',
    async (_case, make, reason) => {
      const before = await lastAudit('SYSTEM_TOKEN_ISSUED');
      const refused = await refusal(tokenForm(await make(), 'system/Patient.r'));
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('invalid_client');
      const row = await lastAudit('SYSTEM_TOKEN_REFUSED');
      expect(row?.details).toMatchObject({ error: 'invalid_client', reason });
      expect(JSON.stringify(row?.details)).not.toMatch(/eyJ/);
      expect((await lastAudit('SYSTEM_TOKEN_ISSUED'))?.id).toBe(before?.id);
    },
  );

  it('names the client in the audit row of a refused assertion once its id is known', async () => {
    await refusal(
      tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE, { expiresIn: 600 }), 'system/Patient.r'),
    );
    const row = await lastAudit('SYSTEM_TOKEN_REFUSED');
    expect(row).toMatchObject({ targetType: 'integration_client', targetId: ecClient.clientId });
    expect(row?.details).toMatchObject({
      clientId: ecClient.clientId,
      name: 'DPI du centre',
      reason: 'expiry',
    });
  });

  it('refuses a client_id that is not the issuer', async () => {
    const form = tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), 'system/Patient.r', {
      client_id: rsaClient.clientId,
    });
    expect((await refusal(form)).body.error).toBe('invalid_client');
  });

  it.each([
    [
      'a scope not registered',
      'system/Observation.rs',
      'not registered for this client: system/Observation.rs',
    ],
    ['a wider letter than registered', 'system/DocumentReference.cr', 'not registered for this client'],
    ['a wildcard over a registered type', 'system/*.r', 'not registered for this client: system/*.r'],
    ['a malformed scope', 'system/Patient.sr', 'malformed scope: system/Patient.sr'],
    ['a patient scope', 'patient/Patient.rs', 'malformed scope'],
    ['a query-narrowed scope', 'system/Patient.rs?gender=female', 'malformed scope'],
    ['an empty scope list', '   ', 'scope names no scope'],
  ])('refuses %s: 400 invalid_scope', async (_case, scope, description) => {
    const refused = await refusal(tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), scope));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_scope');
    expect(refused.body.error_description).toContain(description);
    expect((await lastAudit('SYSTEM_TOKEN_REFUSED'))?.details).toMatchObject({ name: 'DPI du centre' });
  });

  it('refuses a revoked client at once, and its unexpired token no longer names an active client', async () => {
    const key = await clientKey('ES384');
    const client = await registerClient(ctx.database.db, {
      name: 'Ancien DPI',
      scopes: 'system/Patient.r',
      jwks: key.jwks,
    });
    const reply = await postToken(
      ctx.app,
      tokenForm(await assertion(key, client.clientId, AUDIENCE), 'system/Patient.r'),
      freshAddress(),
    );
    const token = reply.json<{ access_token: string }>().access_token;
    expect(await loadActiveClient(ctx.database.db, client.clientId)).toEqual({
      clientId: client.clientId,
      name: 'Ancien DPI',
      scopes: ['system/Patient.r'],
    });
    expect((await revokeClient(ctx.database.db, 'Ancien DPI')).result).toBe('revoked');
    expect(verifySystemToken(token, ctx.config.jwtSecret)?.clientId).toBe(client.clientId);
    expect(await loadActiveClient(ctx.database.db, client.clientId)).toBeNull();
    const refused = await refusal(
      tokenForm(await assertion(key, client.clientId, AUDIENCE), 'system/Patient.r'),
    );
    expect(refused).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'unknown or revoked client' },
    });
  });

  it.each([
    ['grant_type password', { grant_type: 'password' }, 'unsupported_grant_type'],
    ['grant_type authorization_code', { grant_type: 'authorization_code' }, 'unsupported_grant_type'],
    [
      'another assertion type',
      { client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:saml2-bearer' },
      'invalid_client',
    ],
  ])('refuses %s', async (_case, change, error) => {
    const form = {
      ...tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), 'system/Patient.r'),
      ...change,
    };
    expect((await refusal(form)).body.error).toBe(error);
  });

  it.each(['grant_type', 'scope', 'client_assertion_type', 'client_assertion'])(
    'refuses a request without %s: 400 invalid_request naming it',
    async (field) => {
      const form: Record<string, string> = tokenForm(
        await assertion(ecKey, ecClient.clientId, AUDIENCE),
        'system/Patient.r',
      );
      delete form[field];
      expect(await refusal(form)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: `missing, repeated or malformed: ${field}` },
      });
    },
  );

  it('refuses a repeated parameter, a control character, JSON, text, no body and a body over 16 kB, never with a 500', async () => {
    const signed = await assertion(ecKey, ecClient.clientId, AUDIENCE);
    const form = new URLSearchParams(tokenForm(signed, 'system/Patient.r'));
    form.append('scope', 'system/Patient.rs');
    expect((await refusal(form.toString())).body.error).toBe('invalid_request');
    expect((await refusal(tokenForm(signed, 'system/Patient.r\u0000'))).body.error).toBe('invalid_request');
    expect(
      (await refusal(JSON.stringify(tokenForm(signed, 'system/Patient.r')), 'application/json')).body,
    ).toEqual({
      error: 'invalid_request',
      error_description: 'the body must be an application/x-www-form-urlencoded form',
    });
    expect((await refusal('{"grant_type":', 'application/json')).body.error).toBe('invalid_request');
    expect((await refusal('grant_type=client_credentials', 'text/plain')).body.error).toBe('invalid_request');
    expect((await refusal('', 'application/x-www-form-urlencoded')).body.error).toBe('invalid_request');
    const huge = await refusal(tokenForm(`${signed}${'A'.repeat(20_000)}`, 'system/Patient.r'));
    expect(huge.body).toEqual({
      error: 'invalid_request',
      error_description: 'the body is larger than 16384 bytes',
    });
    // Refused before the handler, and still audited (and counted against the address).
    expect((await lastAudit('SYSTEM_TOKEN_REFUSED'))?.details).toEqual({
      error: 'invalid_request',
      reason: 'body',
    });
    // The assertion was never spent by the refusals: it still works once.
    expect((await postToken(ctx.app, tokenForm(signed, 'system/Patient.r'), freshAddress())).statusCode).toBe(
      200,
    );
  });

  it(`throttles an address after ${TOKEN_FAILURE_RULE.limit} refusals, even a valid request, with Retry-After; others go on`, async () => {
    const address = freshAddress();
    for (let i = 0; i < TOKEN_FAILURE_RULE.limit; i++) {
      const reply = await postToken(ctx.app, tokenForm('garbage', 'system/Patient.r'), address);
      expect(reply.statusCode).toBe(401);
    }
    const valid = tokenForm(await assertion(ecKey, ecClient.clientId, AUDIENCE), 'system/Patient.r');
    const throttled = await postToken(ctx.app, valid, address);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(systemTokenError.parse(throttled.json()).error).toBe('temporarily_unavailable');
    expect((await postToken(ctx.app, valid, freshAddress())).statusCode).toBe(200);
  });
});
