import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, parseTrustProxy } from '../src/config';
import type { Database } from '../src/db/client';
import { claimDeployment, DeploymentError, deploymentMark } from '../src/db/deployment';
import { auditLog, deployment, users } from '../src/db/schema';
import {
  CENTRE_EXAMPLE,
  createTestDatabase,
  passwordRequest,
  productionTestConfig,
  RecordingNotifier,
  TEST_CODE_SECRET,
  TEST_SECRET,
  testConfig,
} from './helper';

/** The settings of a centre's installation, as the README's production section sets them. */
const PRODUCTION = {
  JWT_SECRET: TEST_SECRET,
  CODE_SECRET: TEST_CODE_SECRET,
  SMTP_URL: 'smtp://relay.example.fr:587',
  SMS_PROVIDER_URL: 'https://sms.example.fr/send',
  PUBLIC_URL: 'https://portail.example.fr',
  CENTRE_FILE: CENTRE_EXAMPLE,
};

describe('a production start is never a demo', () => {
  it('refuses demo mode when the settings of an installation are there: messages would go to a public outbox', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(/SMTP_URL, SMS_PROVIDER_URL/);
    expect(() => loadConfig({ DEMO_MODE: 'true', SMS_PROVIDER_URL: 'https://sms.example.fr' })).toThrow(
      /Demo mode refused: SMS_PROVIDER_URL/,
    );
    expect(() => loadConfig({ DEMO_MODE: 'true', NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    // The demo alone, and an installation alone, are what they say.
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig(PRODUCTION).demoMode).toBe(false);
  });

  it('serves the API documentation in demo mode, and in production only when API_DOCS=true', async () => {
    const database = await createTestDatabase();
    const docs = async (config: ReturnType<typeof loadConfig>) => {
      const app = await buildApp({ config, database, notifier: new RecordingNotifier(), logger: false });
      const status = (await app.inject({ url: '/api/docs/json' })).statusCode;
      await app.close();
      return status;
    };
    expect(await docs(productionTestConfig())).toBe(404);
    expect(await docs(productionTestConfig({ API_DOCS: 'true' }))).toBe(200);
    expect(await docs(testConfig())).toBe(200);
    await database.close();
  });
});

describe('signing keys', () => {
  it.each([
    ['too short', 'Zk3#pQ9v'],
    ['a repeated pattern', 'test-secret-test-secret-test-secret-0123'],
    ['a sequence', 'abcdefghijklmnopqrstuvwxyz0123456789ABCD'],
    ['one character', 'x'.repeat(48)],
    ['words', 'changeme-changeme-changeme-changeme-1'],
  ])('refuses a JWT_SECRET that is %s', (_what, secret) => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: secret })).toThrow(
      /JWT_SECRET is too easy to guess/,
    );
  });

  it('takes a random one', () => {
    expect(
      loadConfig({ ...PRODUCTION, JWT_SECRET: 'Rk2vP9xLw3Qe7TzN5bJm1YcH8sGd4UaF6oKiXn0rBwQv' }).demoMode,
    ).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a number of proxies or their addresses, and refuses `true`', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.0.0.6')).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(parseTrustProxy('10.0.0.0/24,loopback,fd00::/8')).toEqual(['10.0.0.0/24', 'loopback', 'fd00::/8']);
    for (const wrong of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', '11'])
      expect(() => parseTrustProxy(wrong), wrong).toThrow(ConfigError);
  });

  describe('the address the throttles and the audit log record', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    /** A wrong sign-in sent by a client at `remoteAddress` with a forged header; the audit row's address. */
    async function recordedAddress(trustProxy: string | undefined, remoteAddress: string, forwarded: string) {
      const config = testConfig(trustProxy ? { TRUST_PROXY: trustProxy } : {});
      const app = await buildApp({ config, database, notifier: new RecordingNotifier(), logger: false });
      const login = `inconnu.${Math.random().toString(36).slice(2)}`;
      await app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        remoteAddress,
        headers: {
          authorization: `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': forwarded,
        },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: `${login}|P`,
          password: 'x',
        }).toString(),
      });
      await app.close();
      const [row] = await database.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row?.ip;
    }

    it('is the socket when no proxy is trusted, whatever the client writes', async () => {
      expect(await recordedAddress(undefined, '198.51.100.7', '203.0.113.1')).toBe('198.51.100.7');
    });

    it('is the address the one trusted proxy appended, not the one the client forged before it', async () => {
      // The client sent "X-Forwarded-For: 203.0.113.1"; the balancer (10.0.0.5) appended the client's real address.
      expect(await recordedAddress('1', '10.0.0.5', '203.0.113.1, 198.51.100.7')).toBe('198.51.100.7');
      expect(await recordedAddress('10.0.0.5', '10.0.0.5', '203.0.113.1, 198.51.100.7')).toBe('198.51.100.7');
      // Two proxies: the second one's address is skipped too.
      expect(await recordedAddress('2', '10.0.0.6', '203.0.113.1, 198.51.100.7, 10.0.0.5')).toBe(
        '198.51.100.7',
      );
    });

    it('is the socket when the request does not come from a trusted proxy', async () => {
      expect(await recordedAddress('10.0.0.5', '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9');
    });
  });
});

describe('which database a start accepts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const reset = () => database.db.delete(deployment);

  it('lets the first start claim an empty database, then refuses the other kind of start', async () => {
    await reset();
    await claimDeployment(database.db, 'production');
    expect(await deploymentMark(database.db)).toBe('production');
    await claimDeployment(database.db, 'production');
    await expect(claimDeployment(database.db, 'demo')).rejects.toThrow(/Demo mode refused/);

    await reset();
    await claimDeployment(database.db, 'demo');
    await expect(claimDeployment(database.db, 'production')).rejects.toThrow(DeploymentError);
    await expect(claimDeployment(database.db, 'production')).rejects.toThrow(/demo data/);
  });

  it('refuses the demo on a database that holds accounts the demo did not create', async () => {
    await reset();
    await database.db.insert(users).values({
      kind: 'STAFF',
      login: 'accueil.centre',
      roles: ['ROLE_ADMIN'],
      lastName: 'ACCUEIL',
      firstName: 'Centre',
    });
    await expect(claimDeployment(database.db, 'demo')).rejects.toThrow(/holds data the demo did not create/);
    expect(await deploymentMark(database.db)).toBeNull();
    // A production start takes such a database: it is the centre's.
    await claimDeployment(database.db, 'production');
    expect(await deploymentMark(database.db)).toBe('production');
    await database.db.delete(users).where(eq(users.login, 'accueil.centre'));
  });
});

describe('replies Fastify writes itself', () => {
  it('carry the security headers: a malformed URL gets 400 with CSP, HSTS, nosniff and the framing ban', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: productionTestConfig(),
      database,
      notifier: new RecordingNotifier(),
      logger: false,
    });
    for (const url of ['/%ff', '/api/%ff', '/api/adherents/%E0%A4%A']) {
      const reply = await app.inject({ url });
      expect(reply.statusCode, url).toBe(400);
      expect(reply.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(reply.headers['strict-transport-security'], url).toContain('max-age=');
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['x-frame-options'], url).toBe('DENY');
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
    await app.close();
    await database.close();
  });
});

// The demo's accounts are not an installation's: passwordRequest is only used to show that on an empty
// production database the demo's identifiers are unknown.
describe('an installation has no demo account', () => {
  it('answers the demo password of participant.dmc like any unknown account', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: productionTestConfig(),
      database,
      notifier: new RecordingNotifier(),
      logger: false,
    });
    const reply = await passwordRequest(app, 'participant.dmc', false);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
    await app.close();
    await database.close();
  });
});
