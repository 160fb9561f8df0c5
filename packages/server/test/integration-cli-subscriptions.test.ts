import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IntegrationCommand,
  parseIntegrationArgs,
  runIntegrationCommand,
  UsageError,
} from '../src/cli/integration-command';
import { openDatabase } from '../src/db/client';
import { auditLog, fhirSubscriptions } from '../src/db/schema';
import { registerClient } from '../src/features/integration/system-clients';
import { createTestContext, type TestContext } from './helper';
import { clientKey } from './integration-fixtures';

/** `npm run integration -- subscription add|list|remove` (issue 19): the centre subscribes a client. */
const SERVER = fileURLToPath(new URL('..', import.meta.url));
let ctx: TestContext;
let folder: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portail.example.fr' } });
  folder = mkdtempSync(join(tmpdir(), 'portail-subscription-cli-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

async function aClient(name: string, scopes: string) {
  return registerClient(ctx.database.db, { name, scopes, jwks: (await clientKey('ES384')).jwks });
}

describe('npm run integration -- subscription: the command line', () => {
  it.each<[string[], IntegrationCommand]>([
    [
      [
        'subscription',
        'add',
        '--client',
        'DPI',
        '--endpoint',
        'https://h.example/hook',
        '--criteria',
        'Patient',
      ],
      {
        kind: 'subscription',
        action: 'add',
        client: 'DPI',
        endpoint: 'https://h.example/hook',
        criteria: 'Patient',
        payload: 'full',
        force: false,
      },
    ],
    [
      [
        'subscription',
        'add',
        '--criteria',
        'Consent?patient=Patient/4',
        '--payload',
        'id-only',
        '--client',
        'DPI',
        '--endpoint',
        'https://h.example/hook',
        '--force',
      ],
      {
        kind: 'subscription',
        action: 'add',
        client: 'DPI',
        endpoint: 'https://h.example/hook',
        criteria: 'Consent?patient=Patient/4',
        payload: 'id-only',
        force: true,
      },
    ],
    [['subscription', 'list'], { kind: 'subscription', action: 'list', force: false }],
    [['subscription', 'remove', 'abc'], { kind: 'subscription', action: 'remove', id: 'abc', force: false }],
  ])('reads %j', (argv, command) => {
    expect(parseIntegrationArgs(argv)).toEqual(command);
  });

  it.each([
    [
      ['subscription', 'add', '--client', 'DPI', '--criteria', 'Patient'],
      '--client, --endpoint and --criteria',
    ],
    [
      [
        'subscription',
        'add',
        '--client',
        'D',
        '--endpoint',
        'https://h',
        '--criteria',
        'Patient',
        '--payload',
        'all',
      ],
      '--payload is full, id-only or empty',
    ],
    [['subscription', 'list', '--client', 'DPI'], 'subscription list takes no --client'],
    [['subscription', 'remove'], 'one subscription id'],
    [['subscription', 'purge'], 'expected: subscription add, list or remove'],
    [['subscription', 'list', '--all'], 'unknown or incomplete option --all'],
    [['subscriptions', 'list'], 'or subscription add, list or remove'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseIntegrationArgs(argv)).toThrow(UsageError);
    expect(() => parseIntegrationArgs(argv)).toThrow(message);
  });
});

describe('npm run integration -- subscription: on the database', () => {
  const run = (command: IntegrationCommand) =>
    runIntegrationCommand(command, { db: ctx.database.db, config: ctx.config });
  const add = (client: string, criteria: string, endpoint = 'https://backoffice.example.fr/hook') =>
    run({
      kind: 'subscription',
      action: 'add',
      client,
      endpoint,
      criteria,
      payload: 'id-only',
      force: false,
    });

  it('adds a subscription for a client named, prints its secret once, lists it without, and removes it', async () => {
    const client = await aClient('DPI Nord', 'system/Patient.rs system/Consent.rs');
    const added = await add('DPI Nord', 'Consent');
    expect(added.code, added.text).toBe(0);
    const id = /^([0-9a-f-]{36})$/m.exec(added.text)?.[1] ?? '';
    const secret = /signing secret: (\S+)/.exec(added.text)?.[1] ?? '';
    const [row] = await ctx.database.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
    expect(row).toMatchObject({
      clientId: client.clientId,
      criteria: 'Consent',
      resourceType: 'Consent',
      status: 'active',
      payloadContent: 'id-only',
      payload: 'application/fhir+json',
      secret,
    });
    expect(added.text).toContain(`client:   DPI Nord (${client.clientId})`);

    const listed = await run({ kind: 'subscription', action: 'list', force: false });
    expect(listed.text).toContain(`${id}\n  client:   DPI Nord (${client.clientId})\n  status:   active`);
    expect(listed.text).toContain('payload:  id-only');
    expect(listed.text).not.toContain(secret);

    expect(await run({ kind: 'subscription', action: 'remove', id, force: false })).toEqual({
      code: 0,
      text: `Subscription ${id} removed: nothing more is sent to its endpoint.`,
    });
    expect(
      await ctx.database.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)),
    ).toEqual([]);
    expect(await run({ kind: 'subscription', action: 'remove', id, force: false })).toEqual({
      code: 1,
      text: `No subscription ${id}.`,
    });
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, id));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'INTEGRATION_SUBSCRIPTION_ADDED',
      'INTEGRATION_SUBSCRIPTION_REMOVED',
    ]);
  });

  it('refuses, storing nothing, what the API would refuse the client: its scopes, the type, the endpoint', async () => {
    await aClient('Patients seulement', 'system/Patient.rs');
    const before = (await ctx.database.db.select().from(fhirSubscriptions)).length;
    for (const [criteria, endpoint, message] of [
      ['Consent', 'https://backoffice.example.fr/hook', 'may not read and search Consent'],
      ['Observation', 'https://backoffice.example.fr/hook', 'criteria must name a type of the change feed'],
      ['Patient?name=x', 'https://backoffice.example.fr/hook', 'name is not a search parameter of Patient'],
      ['Patient', 'http://backoffice.example.fr/hook', 'Subscription.channel.endpoint: The endpoint must be'],
    ] as const) {
      const result = await add('Patients seulement', criteria, endpoint);
      expect(result.code, criteria).toBe(1);
      expect(result.text, criteria).toMatch(/^Not added:\n/);
      expect(result.text, criteria).toContain(message);
    }
    expect((await add('Personne', 'Patient')).text).toBe('Not added: no client named or numbered Personne.');
    expect((await ctx.database.db.select().from(fhirSubscriptions)).length).toBe(before);
  });
});

describe('npm run integration -- subscription: the real command', () => {
  it('adds, lists and refuses a bad option through src/cli/integration.ts', async () => {
    const dataDir = join(folder, 'pglite');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await registerClient(database.db, {
      name: 'Back-office',
      scopes: 'system/Patient.rs',
      jwks: (await clientKey('ES384')).jwks,
    });
    await database.close();
    const command = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/integration.ts', ...args], {
        cwd: SERVER,
        env: { PATH: process.env.PATH, PUBLIC_URL: 'https://portail.example.fr', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const added = command(
      'subscription',
      'add',
      '--client',
      'Back-office',
      '--endpoint',
      'https://backoffice.example.fr/hook',
      '--criteria',
      'Patient?active=false',
    );
    expect(added.status, added.stderr).toBe(0);
    const secret = /signing secret: (\S+)/.exec(added.stdout)?.[1] ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = command('subscription', 'list');
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('criteria: Patient?active=false');
    expect(listed.stdout).toContain('payload:  full');
    expect(listed.stdout).not.toContain(secret);
    const refused = command('subscription', 'add', '--client', 'Back-office', '--payload', 'x');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('subscription add needs --client, --endpoint and --criteria');
    expect(refused.stderr).toContain('npm run integration -- subscription add --client NAME|CLIENT_ID');
  }, 90_000);
});
