import {
  CLIENT_ASSERTION_TYPE,
  systemTokenError,
  systemTokenReply,
} from '@portail/contract/integration/smart';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../src/auth/jwt';
import { purgeExpired } from '../src/auth/sweep';
import { auditLog, integrationAssertions } from '../src/db/schema';
import type { ActiveClient } from '../src/features/integration/system-clients';
import { signSystemToken, verifySystemToken } from '../src/features/integration/system-token';
import { createTestContext, signIn, type TestContext } from './helper';
import {
  AUDIENCE,
  assertion,
  type ClientKey,
  freshAddress,
  lastAudit as lastAuditOf,
  PUBLIC_URL,
  postToken,
  registerTestClients,
  tokenForm,
} from './integration-fixtures';

let ctx: TestContext;
let ecKey: ClientKey;
let rsaKey: ClientKey;
let ecClient: ActiveClient;
let rsaClient: ActiveClient;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  ({ ecKey, rsaKey, ecClient, rsaClient } = await registerTestClients(ctx));
});
afterAll(async () => ctx.close());

const lastAudit = (action: string) => lastAuditOf(ctx, action);

describe('the token endpoint under random input', () => {
  const FUZZ_RUNS = 500;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');
  /** The expected value four times in five, so that random requests get past the first checks. */
  const likely = <T, U>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
    fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: other });
  const weird = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, [], {}, 1e308, -1, '\u0000', '\ud800', 'x'.repeat(5000)),
    fc.anything({ maxDepth: 2 }),
  );
  /** 'ec' stands for the registered client's id, known only once the tests run. */
  const resolve = (value: unknown) => (value === 'ec' ? ecClient.clientId : value);
  const soon = fc.integer({ min: -60, max: 400 }).map((delta) => Math.floor(Date.now() / 1000) + delta);
  const claims = fc.record(
    {
      iss: likely(fc.constant('ec'), weird),
      sub: likely(fc.constant('ec'), weird),
      aud: likely(fc.constant(AUDIENCE), fc.oneof(fc.constant([AUDIENCE, 'x']), weird)),
      exp: likely(soon, weird),
      jti: likely(fc.uuid(), weird),
      nbf: likely(fc.constant(undefined), weird),
    },
    { requiredKeys: ['iss', 'sub', 'aud', 'exp', 'jti'] },
  );
  const header = fc.record(
    {
      alg: fc.oneof(fc.constantFrom('ES384', 'RS384', 'HS256', 'none', 'ES256', 'PS384'), weird),
      kid: likely(fc.constant('ec'), weird),
      typ: weird,
      crit: weird,
    },
    { requiredKeys: [] },
  );
  const assertionArb = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc
      .tuple(header, claims, fc.string({ maxLength: 120 }))
      .map(([h, c, sig]) => `${b64(h)}.${b64(c)}.${sig}`),
    // Really signed by the client's key, with random claims: the checks after the signature see them.
    {
      weight: 4,
      arbitrary: fc
        .tuple(claims, likely(fc.constant(true), fc.constant(false)))
        .map(([c, kid]) => ({ claims: c, kid })),
    },
  );
  const form = fc.record(
    {
      grant_type: likely(fc.constant('client_credentials'), fc.string({ unit: 'binary', maxLength: 30 })),
      scope: likely(
        fc.constantFrom('system/Patient.r', 'system/*.rs'),
        fc.string({ unit: 'binary', maxLength: 60 }),
      ),
      client_assertion_type: likely(fc.constant(CLIENT_ASSERTION_TYPE), fc.string({ maxLength: 30 })),
      client_id: likely(fc.constant('ec'), fc.string({ unit: 'binary', maxLength: 30 })),
      extra: fc.string({ unit: 'binary', maxLength: 30 }),
    },
    { requiredKeys: ['grant_type', 'scope', 'client_assertion_type'] },
  );
  const contentType = likely(
    fc.constant('application/x-www-form-urlencoded'),
    fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'application/octet-stream'),
  );

  async function signedBy(made: string | { claims: Record<string, unknown>; kid: boolean }): Promise<string> {
    if (typeof made === 'string') return made;
    const payload = Object.fromEntries(
      Object.entries(made.claims).map(([name, value]) => [name, resolve(value)]),
    );
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES384', ...(made.kid ? { kid: ecKey.kid } : {}) })
      .sign(ecKey.privateKey);
  }

  it(`answers ${FUZZ_RUNS} random token requests in RFC 6749's shape, never with a 5xx`, async () => {
    const before = (await lastAudit('SYSTEM_TOKEN_REFUSED'))?.id ?? 0;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(form, assertionArb, contentType, async (fields, made, type) => {
        const values = {
          ...fields,
          client_id: resolve(fields.client_id),
          client_assertion: await signedBy(made),
        };
        const body = new URLSearchParams(values as Record<string, string>);
        const payload = type.includes('json') ? JSON.stringify(Object.fromEntries(body)) : body.toString();
        const reply = await postToken(ctx.app, payload, freshAddress(), type);
        statuses.add(reply.statusCode);
        expect(reply.statusCode, reply.body).toBeLessThan(500);
        if (reply.statusCode === 200) systemTokenReply.parse(reply.json());
        else systemTokenError.parse(reply.json());
      }),
      { numRuns: FUZZ_RUNS, seed: 19 },
    );
    // The random requests got tokens and reached the checks after the signature, not only the first ones.
    expect([...statuses].sort()).toEqual([200, 400, 401]);
    const reasons = await ctx.database.db
      .selectDistinct({ reason: sql<string>`${auditLog.details}->>'reason'` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'SYSTEM_TOKEN_REFUSED'), sql`${auditLog.id} > ${before}`));
    expect(reasons.map((row) => row.reason)).toEqual(
      expect.arrayContaining(['malformed', 'algorithm', 'expired', 'expiry', 'jti', 'audience', 'scope']),
    );
  }, 120_000);
});

describe('system tokens and user tokens', () => {
  it('a system token opens no user route of /api (401), and is not a user token', async () => {
    const reply = await postToken(
      ctx.app,
      tokenForm(await assertion(rsaKey, rsaClient.clientId, AUDIENCE), 'system/*.rs'),
      freshAddress(),
    );
    const token = reply.json<{ access_token: string }>().access_token;
    for (const url of ['/api/adherentsCorrespondant', '/api/oauth/principal']) {
      const call = await ctx.app.inject({
        method: url.endsWith('principal') ? 'POST' : 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(call.statusCode, url).toBe(401);
    }
    expect(await verifyAccessToken(token, ctx.config.jwtSecret)).toBeNull();
  });

  it('a user token never verifies as a system token', async () => {
    const user = await signIn(ctx, 'corr.etablissement', 'correspondant');
    expect(await verifyAccessToken(user.access, ctx.config.jwtSecret)).not.toBeNull();
    expect(verifySystemToken(user.access, ctx.config.jwtSecret)).toBeNull();
  });

  it('a system token signed with another key, expired, or tampered does not verify', async () => {
    const other = new TextEncoder().encode('another-secret-of-thirty-two-characters!!');
    expect(
      verifySystemToken(
        signSystemToken({ clientId: 'c', scopes: ['system/*.r'] }, other, 300),
        ctx.config.jwtSecret,
      ),
    ).toBeNull();
    const expired = signSystemToken({ clientId: 'c', scopes: ['system/*.r'] }, ctx.config.jwtSecret, -10);
    expect(verifySystemToken(expired, ctx.config.jwtSecret)).toBeNull();
    const [header, payload, signature] = signSystemToken(
      { clientId: 'c', scopes: ['system/Patient.r'] },
      ctx.config.jwtSecret,
      300,
    ).split('.');
    const widened = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        scope: 'system/*.cruds',
      }),
    ).toString('base64url');
    expect(verifySystemToken(`${header}.${widened}.${signature}`, ctx.config.jwtSecret)).toBeNull();
    expect(verifySystemToken('garbage', ctx.config.jwtSecret)).toBeNull();
  });
});

describe('the sweeper', () => {
  it('deletes used assertions a day after they expired, and keeps the others', async () => {
    const { db } = ctx.database;
    await db.insert(integrationAssertions).values([
      { clientId: ecClient.clientId, jti: 'old', expiresAt: sql`now() - interval '25 hours'` },
      { clientId: ecClient.clientId, jti: 'recent', expiresAt: sql`now() - interval '1 hour'` },
    ]);
    await purgeExpired(db, ctx.config);
    const left = await db
      .select({ jti: integrationAssertions.jti })
      .from(integrationAssertions)
      .where(
        and(
          eq(integrationAssertions.clientId, ecClient.clientId),
          sql`${integrationAssertions.jti} in ('old', 'recent')`,
        ),
      );
    expect(left).toEqual([{ jti: 'recent' }]);
  });
});
