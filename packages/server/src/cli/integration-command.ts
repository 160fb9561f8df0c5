import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { jwksFromPem, KeyError } from '../features/integration/client-keys';
import { tokenEndpoint } from '../features/integration/smart-token.service';
import {
  ClientError,
  type ClientSummary,
  listClients,
  registerClient,
  revokeClient,
} from '../features/integration/system-clients';
import {
  parseSubscriptionArgs,
  runSubscriptionCommand,
  SUBSCRIPTION_USAGE,
  type SubscriptionCommand,
  SubscriptionUsageError,
} from './subscription-command';

export const INTEGRATION_USAGE = `usage: npm run integration -- client add NAME --scope "SCOPES" (--jwks FILE | --key FILE) [--force]
       npm run integration -- client list [--force]
       npm run integration -- client revoke NAME|CLIENT_ID [--force]

Registers, lists and revokes the system clients of the integration API (/fhir/R4, SMART Backend
Services). A client authenticates with a JWT it signs with its private key (RS384 or ES384); the centre
registers only the public key: --jwks FILE (a JWK Set, {"keys": [...]}, each key with its kid) or --key
FILE (a PEM public key, such as openssl ec -in key.pem -pubout -out pub.pem writes; its kid is its
RFC 7638 thumbprint). SCOPES are space-separated system scopes: system/<Type|*>.<letters of cruds, in
that order>, or SMART v1's system/<Type|*>.read, .write, .*  (for instance "system/Patient.cruds
system/DocumentReference.c"). A revoked client's tokens stop working at once; names are never reused.
The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (./data).

${SUBSCRIPTION_USAGE}`;

export class UsageError extends Error {}

export type IntegrationCommand =
  | {
      action: 'add';
      name: string;
      scope: string;
      key: { format: 'jwks' | 'pem'; file: string };
      force: boolean;
    }
  | { action: 'list'; force: boolean }
  | { action: 'revoke'; nameOrId: string; force: boolean }
  | SubscriptionCommand;

const OPTIONS = {
  scope: { type: 'string' },
  jwks: { type: 'string' },
  key: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`${option}: a value is missing or not expected`);
    throw new UsageError(message);
  }
}

/** The command line, or UsageError (an empty message asks for the usage alone). */
export function parseIntegrationArgs(argv: string[]): IntegrationCommand {
  if (argv[0] === 'subscription') {
    try {
      return parseSubscriptionArgs(argv.slice(1));
    } catch (error) {
      if (error instanceof SubscriptionUsageError) throw new UsageError(error.message);
      throw error;
    }
  }
  const parsed = readArgs(argv);
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError('');
  const [noun, verb, target, ...extra] = positionals;
  if (noun !== 'client')
    throw new UsageError('expected: client add, list or revoke, or subscription add, list or remove');
  const force = values.force ?? false;
  const given = (['scope', 'jwks', 'key'] as const).filter((name) => values[name] !== undefined);
  const refuseOptions = (what: string) => {
    if (given.length > 0)
      throw new UsageError(`${what} takes no ${given.map((name) => `--${name}`).join(', ')}`);
  };
  if (verb === 'list') {
    if (target !== undefined) throw new UsageError(`client list takes no argument, not ${target}`);
    refuseOptions('client list');
    return { action: 'list', force };
  }
  if (verb === 'revoke') {
    if (target === undefined || extra.length > 0)
      throw new UsageError('client revoke takes one name or client_id (quote a name with spaces)');
    refuseOptions('client revoke');
    return { action: 'revoke', nameOrId: target, force };
  }
  if (verb !== 'add') throw new UsageError('expected: client add, client list or client revoke');
  if (target === undefined || extra.length > 0)
    throw new UsageError('client add takes one NAME (quote a name with spaces)');
  if (values.scope === undefined) throw new UsageError('client add needs --scope "system/…"');
  if ((values.jwks === undefined) === (values.key === undefined))
    throw new UsageError('client add needs the public key: either --jwks FILE or --key FILE');
  const key =
    values.jwks !== undefined
      ? { format: 'jwks' as const, file: values.jwks }
      : { format: 'pem' as const, file: values.key ?? '' };
  return { action: 'add', name: target, scope: values.scope, key, force };
}

async function readKeys(key: { format: 'jwks' | 'pem'; file: string }): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(key.file, 'utf8');
  } catch (error) {
    throw new KeyError(`cannot read ${key.file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  if (key.format === 'pem') return jwksFromPem(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new KeyError(
      `${key.file} is not JSON: --jwks takes a JWK Set ({"keys": [...]}); use --key for a PEM file`,
    );
  }
}

const when = (date: Date) => date.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

function describeClients(clients: ClientSummary[]): string {
  if (clients.length === 0) return 'No integration client is registered.';
  return clients
    .map((client) =>
      [
        `${client.name}`,
        `  client_id: ${client.clientId}`,
        `  scopes:    ${client.scopes.join(' ')}`,
        `  created:   ${when(client.createdAt)}`,
        `  revoked:   ${client.revokedAt ? when(client.revokedAt) : 'no (active)'}`,
      ].join('\n'),
    )
    .join('\n');
}

export interface CommandResult {
  /** 0 done, 1 refused. */
  code: number;
  text: string;
}

/** Runs a parsed command on the database; refusals (a bad key, a name taken) are results, not throws. */
export async function runIntegrationCommand(
  command: IntegrationCommand,
  deps: { db: Db; config: Config },
): Promise<CommandResult> {
  if ('kind' in command) return runSubscriptionCommand(command, deps);
  const { db, config } = deps;
  if (command.action === 'list') return { code: 0, text: describeClients(await listClients(db)) };
  if (command.action === 'revoke') {
    const outcome = await revokeClient(db, command.nameOrId);
    if (outcome.result === 'unknown')
      return { code: 1, text: `No client named or numbered ${command.nameOrId}.` };
    const { client } = outcome;
    return outcome.result === 'alreadyRevoked'
      ? { code: 0, text: `${client.name} (${client.clientId}) was already revoked.` }
      : { code: 0, text: `${client.name} (${client.clientId}) revoked: its tokens stop working now.` };
  }
  try {
    const client = await registerClient(db, {
      name: command.name,
      scopes: command.scope,
      jwks: await readKeys(command.key),
    });
    return {
      code: 0,
      text: [
        `Client "${client.name}" registered.`,
        `client_id:      ${client.clientId}`,
        `scopes:         ${client.scopes.join(' ')}`,
        `keys (kid):     ${client.jwks.keys.map((jwk) => jwk.kid).join(', ')}`,
        `token endpoint: ${tokenEndpoint(config)}`,
        'The client signs each assertion with its private key (RS384 or ES384, header kid one of the keys',
        'above; iss = sub = client_id, aud = the token endpoint, exp within 5 minutes, a new jti each time)',
        'and posts it there with grant_type=client_credentials (README, "Integration API: authentication").',
      ].join('\n'),
    };
  } catch (error) {
    if (error instanceof KeyError || error instanceof ClientError)
      return { code: 1, text: `Not registered: ${error.message}` };
    throw error;
  }
}
