import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  type IntegrationCommand,
  parseIntegrationArgs,
  runIntegrationCommand,
  UsageError,
} from '../src/cli/integration-command';
import { type Database, openDatabase } from '../src/db/client';
import { loadActiveClient } from '../src/features/integration/system-clients';
import { createTestContext, type TestContext, testConfig } from './helper';
import { clientKey, freshAddress, postToken, tokenForm } from './integration-fixtures';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
let ctx: TestContext;
let folder: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://portail.example.fr' } });
  folder = mkdtempSync(join(tmpdir(), 'portail-integration-cli-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('npm run integration: the command line', () => {
  it.each<[string[], IntegrationCommand]>([
    [
      ['client', 'add', 'DPI Sud', '--scope', 'system/Patient.cruds', '--key', 'pub.pem'],
      {
        action: 'add',
        name: 'DPI Sud',
        scope: 'system/Patient.cruds',
        key: { format: 'pem', file: 'pub.pem' },
        force: false,
      },
    ],
    [
      ['client', 'add', 'DPI', '--jwks', 'keys.json', '--scope', 'system/*.rs', '--force'],
      {
        action: 'add',
        name: 'DPI',
        scope: 'system/*.rs',
        key: { format: 'jwks', file: 'keys.json' },
        force: true,
      },
    ],
    [['client', 'list'], { action: 'list', force: false }],
    [['client', 'revoke', 'DPI Sud'], { action: 'revoke', nameOrId: 'DPI Sud', force: false }],
  ])('reads %j', (argv, command) => {
    expect(parseIntegrationArgs(argv)).toEqual(command);
  });

  it.each([
    [['client', 'list', '--scopes', 'x'], 'unknown option --scopes'],
    [['client', 'add', 'X', '--scope'], '--scope: a value is missing'],
    [['client', 'list', '--verbose'], 'unknown option --verbose'],
    [['client', 'add', 'X', '--key', 'a.pem'], 'needs --scope'],
    [['client', 'add', 'X', '--scope', 'system/Patient.r'], 'either --jwks FILE or --key FILE'],
    [['client', 'add', 'X', '--scope', 's', '--jwks', 'a', '--key', 'b'], 'either --jwks FILE or --key FILE'],
    [['client', 'add', 'X', 'Y', '--scope', 's', '--key', 'b'], 'one NAME'],
    [['client', 'list', '--scope', 'system/Patient.r'], 'client list takes no --scope'],
    [['client', 'list', 'all'], 'takes no argument'],
    [['client', 'revoke'], 'one name or client_id'],
    [['client', 'revoke', 'A', '--key', 'k'], 'client revoke takes no --key'],
    [['client', 'remove', 'A'], 'expected: client add, client list or client revoke'],
    [['clients', 'list'], 'expected: client add'],
    [[], 'expected: client add'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseIntegrationArgs(argv)).toThrow(UsageError);
    expect(() => parseIntegrationArgs(argv)).toThrow(message);
  });
});

describe('npm run integration: on the database', () => {
  const run = (command: IntegrationCommand) =>
    runIntegrationCommand(command, { db: ctx.database.db, config: ctx.config });
  const add = (name: string, file: string, format: 'jwks' | 'pem' = 'jwks', scope = 'system/Patient.cruds') =>
    run({ action: 'add', name, scope, key: { format, file }, force: false });

  it('registers a client from a JWK Set file, prints its id and the token endpoint, lists and revokes it', async () => {
    const key = await clientKey('RS384');
    const file = join(folder, 'keys.json');
    writeFileSync(file, JSON.stringify(key.jwks));
    const added = await add('Logiciel de gestion', file);
    expect(added.code).toBe(0);
    const clientId = /client_id: +(\S+)/.exec(added.text)?.[1] ?? '';
    expect(await loadActiveClient(ctx.database.db, clientId)).toMatchObject({ name: 'Logiciel de gestion' });
    expect(added.text).toContain('token endpoint: https://portail.example.fr/fhir/R4/auth/token');
    expect(added.text).toContain(`keys (kid):     ${key.kid}`);

    const listed = await run({ action: 'list', force: false });
    expect(listed.text).toMatch(
      new RegExp(
        `Logiciel de gestion\\n  client_id: ${clientId}\\n  scopes: +system/Patient.cruds\\n.*\\n  revoked: +no`,
      ),
    );
    expect(await run({ action: 'revoke', nameOrId: clientId, force: false })).toEqual({
      code: 0,
      text: `Logiciel de gestion (${clientId}) revoked: its tokens stop working now.`,
    });
    expect((await run({ action: 'revoke', nameOrId: 'Logiciel de gestion', force: false })).text).toContain(
      'already revoked',
    );
    expect(await run({ action: 'revoke', nameOrId: 'Personne', force: false })).toEqual({
      code: 1,
      text: 'No client named or numbered Personne.',
    });
    expect((await run({ action: 'list', force: false })).text).toMatch(
      new RegExp(`client_id: ${clientId}\\n.*\\n.*\\n  revoked: +\\d{2}/\\d{2}/\\d{4}`),
    );
  });

  it.each([
    ['a missing file', () => join(folder, 'absent.json'), 'jwks' as const, 'cannot read'],
    ['a file that is not JSON', () => writeTo('bad.json', 'keys'), 'jwks' as const, 'is not JSON'],
    ['a private key given as --key', () => writeTo('key.pem', privatePem()), 'pem' as const, 'PRIVATE key'],
    ['a JWK Set given as --key', () => writeTo('set.pem', '{"keys":[]}'), 'pem' as const, 'PEM public key'],
  ])('refuses %s, registering nothing', async (_case, file, format, message) => {
    const result = await add(`Refusé ${format} ${message}`, file(), format);
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/^Not registered: /);
    expect(result.text).toContain(message);
    expect((await run({ action: 'list', force: false })).text).not.toContain(`Refusé ${format} ${message}`);
  });

  it('refuses a scope that is not a system scope', async () => {
    const file = writeTo('ok.json', JSON.stringify((await clientKey('ES384')).jwks));
    const result = await add('Portée', file, 'jwks', 'system/Patient.cruds user/*.rs');
    expect(result).toEqual({ code: 1, text: expect.stringContaining('not a system scope: user/*.rs') });
  });
});

function writeTo(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

function privatePem(): string {
  const file = join(folder, 'private.pem');
  execFileSync('openssl', ['ecparam', '-name', 'secp384r1', '-genkey', '-noout', '-out', file]);
  return readFileSync(file, 'utf8');
}

/**
 * The database the spawned command opens: a PGlite folder of its own, or a PostgreSQL database of
 * its own when the run is on PostgreSQL (the command takes DATA_DIR or DATABASE_URL as the server does).
 */
async function commandDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = join(folder, 'pglite');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: async () => undefined };
  }
  const name = `portail_cli_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe('npm run integration: the real command, as the README tells the centre', () => {
  it('registers an openssl key, whose holder then gets a token; refuses an unknown option', async () => {
    const target = await commandDatabase();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PUBLIC_URL: 'https://portail.example.fr',
      ...target.env,
    };
    const command = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/integration.ts', ...args], {
        cwd: SERVER,
        env,
        encoding: 'utf8',
      });
    try {
      const key = join(folder, 'client-key.pem');
      const pub = join(folder, 'client-pub.pem');
      execFileSync('openssl', ['ecparam', '-name', 'secp384r1', '-genkey', '-noout', '-out', key]);
      execFileSync('openssl', ['ec', '-in', key, '-pubout', '-out', pub], { stdio: 'ignore' });

      const added = command('client', 'add', 'Back-office', '--scope', 'system/Patient.cruds', '--key', pub);
      expect(added.status, added.stderr).toBe(0);
      const clientId = /client_id: +(\S+)/.exec(added.stdout)?.[1] ?? '';
      const kid = /keys \(kid\): +(\S+)/.exec(added.stdout)?.[1] ?? '';
      expect(added.stdout).toContain('token endpoint: https://portail.example.fr/fhir/R4/auth/token');

      const unknown = command('client', 'list', '--all');
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain('unknown option --all');
      expect(unknown.stderr).toContain('usage: npm run integration -- client add NAME');

      const listed = command('client', 'list');
      expect(listed.status).toBe(0);
      expect(listed.stdout).toContain(`Back-office\n  client_id: ${clientId}`);

      const database = await target.open();
      try {
        const app = await buildApp({
          config: testConfig({ PUBLIC_URL: 'https://portail.example.fr' }),
          database,
          logger: false,
        });
        const signed = await new SignJWT({ jti: randomBytes(8).toString('hex') })
          .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
          .setIssuer(clientId)
          .setSubject(clientId)
          .setAudience('https://portail.example.fr/fhir/R4/auth/token')
          .setExpirationTime('4m')
          .sign(createPrivateKey(readFileSync(key)));
        const reply = await postToken(app, tokenForm(signed, 'system/Patient.rs'), freshAddress());
        await app.close();
        expect(reply.statusCode, reply.body).toBe(200);
      } finally {
        await database.close();
      }

      const revoked = command('client', 'revoke', 'Back-office');
      expect(revoked.status).toBe(0);
      expect(revoked.stdout).toContain(`Back-office (${clientId}) revoked`);
    } finally {
      await target.drop();
    }
  }, 90_000);
});
