import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, integrationClients } from '../src/db/schema';
import { checkJwks, jwksFromPem, KeyError } from '../src/features/integration/client-keys';
import {
  ClientError,
  listClients,
  loadActiveClient,
  registerClient,
  revokeClient,
} from '../src/features/integration/system-clients';
import { createTestContext, type TestContext } from './helper';
import { clientKey } from './integration-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const PUBLIC_PEM = { type: 'spki', format: 'pem' } as const;
const PRIVATE_PEM = { type: 'pkcs8', format: 'pem' } as const;
const ecPem = (namedCurve = 'secp384r1') =>
  generateKeyPairSync('ec', { namedCurve, publicKeyEncoding: PUBLIC_PEM, privateKeyEncoding: PRIVATE_PEM });
const rsaPem = (modulusLength = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength,
    publicKeyEncoding: PUBLIC_PEM,
    privateKeyEncoding: PRIVATE_PEM,
  }).publicKey;

describe('checkJwks', () => {
  it('keeps the bare public members of RS384 and ES384 keys, restricted to signatures', async () => {
    const ec = await clientKey('ES384');
    const rsa = await clientKey('RS384');
    const checked = await checkJwks({
      keys: [{ ...ec.jwks.keys[0], x5c: ['…'], ext: true }, rsa.jwks.keys[0]],
    });
    expect(checked.keys[0]).toEqual({
      kty: 'EC',
      kid: ec.kid,
      alg: 'ES384',
      use: 'sig',
      crv: 'P-384',
      x: ec.jwks.keys[0]?.x,
      y: ec.jwks.keys[0]?.y,
    });
    expect(checked.keys[1]).toMatchObject({ kty: 'RSA', kid: rsa.kid, alg: 'RS384', use: 'sig' });
    expect(Object.keys(checked.keys[1] ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it.each([
    ['not a set', async () => ({ kty: 'EC' }), 'expected a JWK Set'],
    ['an empty set', async () => ({ keys: [] }), '1 to 10 keys'],
    ['eleven keys', async () => ({ keys: Array.from({ length: 11 }, () => ({})) }), '1 to 10 keys'],
    [
      'a private EC key',
      async () => {
        const { privateKey } = await generateKeyPair('ES384', { extractable: true });
        return { keys: [{ ...(await exportJWK(privateKey)), kid: 'k' }] };
      },
      'private key material (d)',
    ],
    [
      'a symmetric key',
      async () => ({ keys: [{ kty: 'oct', k: 'c2VjcmV0', kid: 'k' }] }),
      'private key material (k)',
    ],
    [
      'an OKP key',
      async () => ({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'AAAA', kid: 'k' }] }),
      'kty must be RSA',
    ],
    [
      'a P-256 key',
      async () => {
        const { publicKey } = await generateKeyPair('ES256', { extractable: true });
        return { keys: [{ ...(await exportJWK(publicKey)), kid: 'k' }] };
      },
      'P-384',
    ],
    [
      'a 1024-bit RSA key',
      async () => {
        const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
        return { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k' }] };
      },
      '2048 bits',
    ],
    [
      'a key without kid',
      async () => ({ keys: [{ ...(await clientKey('ES384')).jwks.keys[0], kid: undefined }] }),
      'needs a kid',
    ],
    [
      'two keys with one kid',
      async () => {
        const [a, b] = [await clientKey('ES384'), await clientKey('RS384')];
        return {
          keys: [
            { ...a.jwks.keys[0], kid: 'same' },
            { ...b.jwks.keys[0], kid: 'same' },
          ],
        };
      },
      'kid same is used twice',
    ],
    [
      'an RSA key for PS384',
      async () => ({ keys: [{ ...(await clientKey('RS384')).jwks.keys[0], alg: 'PS384' }] }),
      'alg PS384',
    ],
    [
      'an encryption key',
      async () => ({ keys: [{ ...(await clientKey('ES384')).jwks.keys[0], use: 'enc' }] }),
      'use must be sig',
    ],
    [
      'a broken point',
      async () => ({ keys: [{ ...(await clientKey('ES384')).jwks.keys[0], x: 'AAAA' }] }),
      'not a valid EC public key',
    ],
  ])('refuses %s', async (_case, input, message) => {
    await expect(checkJwks(await input())).rejects.toThrow(message);
    await expect(checkJwks(await input())).rejects.toBeInstanceOf(KeyError);
  });
});

describe('jwksFromPem', () => {
  it('converts a P-384 or an RSA public key, its kid its thumbprint', async () => {
    const ec = await jwksFromPem(ecPem().publicKey);
    expect(ec.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-384',
      alg: 'ES384',
      kid: expect.stringMatching(/^[\w-]{43}$/),
    });
    const rsa = await jwksFromPem(rsaPem());
    expect(rsa.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS384' });
  });

  it.each([
    ['a PKCS#8 private key', () => ecPem().privateKey, 'PRIVATE key'],
    [
      'a SEC1 private key',
      () => '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDA=\n-----END EC PRIVATE KEY-----\n',
      'PRIVATE key',
    ],
    ['a P-256 key', () => ecPem('prime256v1').publicKey, 'P-384'],
    [
      'an Ed25519 key',
      () =>
        generateKeyPairSync('ed25519', { publicKeyEncoding: PUBLIC_PEM, privateKeyEncoding: PRIVATE_PEM })
          .publicKey,
      'P-384',
    ],
    ['a 1024-bit RSA key', () => rsaPem(1024), '2048 bits'],
    [
      'a certificate',
      () => '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      'PEM public key',
    ],
    ['no PEM at all', () => '{"keys": []}', 'PEM public key'],
  ])('refuses %s', async (_case, text, message) => {
    await expect(jwksFromPem(text())).rejects.toThrow(message);
  });
});

describe('registerClient, listClients, revokeClient', () => {
  it('registers a client with a random URL-safe id, normalised scopes and its keys, audited', async () => {
    const key = await clientKey('ES384');
    const client = await registerClient(ctx.database.db, {
      name: '  Logiciel RH  ',
      scopes: 'system/Patient.rs  system/Patient.rs system/Organization.read',
      jwks: key.jwks,
    });
    expect(client.clientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(client).toMatchObject({
      name: 'Logiciel RH',
      scopes: ['system/Patient.rs', 'system/Organization.read'],
    });
    const [row] = await ctx.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.clientId, client.clientId));
    expect(row).toMatchObject({ scopes: 'system/Patient.rs system/Organization.read', revokedAt: null });
    expect(row?.jwks.keys[0]?.kid).toBe(key.kid);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, client.clientId));
    expect(audit).toMatchObject({ action: 'INTEGRATION_CLIENT_REGISTERED', actorUserId: null });
    expect(await loadActiveClient(ctx.database.db, client.clientId)).toEqual({
      clientId: client.clientId,
      name: 'Logiciel RH',
      scopes: ['system/Patient.rs', 'system/Organization.read'],
    });
  });

  it.each([
    ['an empty name', '  ', 'system/Patient.r', 'the name must be'],
    ['a name with a control character', 'RH\u0007', 'system/Patient.r', 'the name must be'],
    ['no scope', 'Sans portée', '  ', 'at least one scope'],
    [
      'a malformed scope',
      'Portée fausse',
      'system/Patient.r patient/*.rs',
      'not a system scope: patient/*.rs',
    ],
  ])('refuses %s, writing nothing', async (_case, name, scopes, message) => {
    const before = (await listClients(ctx.database.db)).length;
    const attempt = registerClient(ctx.database.db, { name, scopes, jwks: (await clientKey('ES384')).jwks });
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toBeInstanceOf(ClientError);
    expect((await listClients(ctx.database.db)).length).toBe(before);
  });

  it('never reuses a name, even after revocation', async () => {
    const jwks = (await clientKey('ES384')).jwks;
    const first = await registerClient(ctx.database.db, { name: 'Laboratoire', scopes: 'system/*.rs', jwks });
    await expect(
      registerClient(ctx.database.db, { name: 'Laboratoire', scopes: 'system/*.rs', jwks }),
    ).rejects.toThrow('already exists');
    expect(await revokeClient(ctx.database.db, first.clientId)).toMatchObject({ result: 'revoked' });
    await expect(
      registerClient(ctx.database.db, { name: 'Laboratoire', scopes: 'system/*.rs', jwks }),
    ).rejects.toThrow('names are never reused');
  });

  it('revokes by id or by name, once; lists every client with its state', async () => {
    const jwks = (await clientKey('RS384')).jwks;
    const a = await registerClient(ctx.database.db, { name: 'Client A', scopes: 'system/Patient.r', jwks });
    const b = await registerClient(ctx.database.db, { name: 'Client B', scopes: 'system/Patient.r', jwks });
    expect(await revokeClient(ctx.database.db, a.clientId)).toMatchObject({
      result: 'revoked',
      client: { name: 'Client A' },
    });
    expect(await revokeClient(ctx.database.db, 'Client B')).toMatchObject({
      result: 'revoked',
      client: { clientId: b.clientId },
    });
    expect(await revokeClient(ctx.database.db, 'Client B')).toMatchObject({ result: 'alreadyRevoked' });
    expect(await revokeClient(ctx.database.db, 'Nobody')).toEqual({ result: 'unknown' });
    const listed = await listClients(ctx.database.db);
    expect(listed.find((client) => client.clientId === a.clientId)?.revokedAt).toBeInstanceOf(Date);
    const revocations = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'INTEGRATION_CLIENT_REVOKED'));
    expect(revocations.map((row) => row.targetId)).toEqual(expect.arrayContaining([a.clientId, b.clientId]));
  });

  it('answers null for an id of another shape without querying (a NUL would fail in PostgreSQL)', async () => {
    expect(await loadActiveClient(ctx.database.db, 'a\u0000b')).toBeNull();
    expect(await loadActiveClient(ctx.database.db, 'x'.repeat(22))).toBeNull();
  });
});
