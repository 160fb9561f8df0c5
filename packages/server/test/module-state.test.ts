import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * State belongs to the app that uses it (a feature's plugin, or what app.ts hands the features), so
 * that two apps in one process, as the tests start them, share nothing and a feature's clean-up is
 * its own. What may live at module level is listed here, each with why it is the process's and not an
 * app's: memos of pure functions, caches keyed by an app's own handle, and the process's own
 * resources. A new module-level `let`, empty Map/Set or cache object fails this test until it is given
 * to an app or added here with its reason.
 */
const PER_PROCESS: Record<string, string> = {
  'auth/passwords.ts hashing': 'the argon2 limiter bounds the process’s cores, whatever the number of apps',
  'auth/passwords.ts decoy': 'a hash of a constant, computed once',
  'auth/password-policy.ts estimator': 'the strength estimator’s dictionaries, loaded once',
  'auth/sessions.ts prepared': 'prepared statements keyed by the database handle (each app’s own)',
  'auth/jwt.ts signers': 'signers keyed by the secret’s bytes',
  'auth/jwt.ts verifiers': 'verifiers keyed by the secret’s bytes',
  'features/auth/principal.service.ts built': 'replies keyed by the (immutable) caller object',
  'features/participants/participant-list.queries.ts statements':
    'prepared statements keyed by the database handle',
  'features/documents/document.queries.ts statements': 'prepared statements keyed by the database handle',
  'features/integration/smart-scopes.ts parsedCache': 'parsed scopes by their text (a pure function’s memo)',
  'features/integration/fhir-definitions.ts indexed':
    'the FHIR definitions index, built once from the packaged files',
  'lib/workbook/workbook-worker.ts sheet':
    'the workbook a worker thread is writing: the module is the thread’s entry, one per thread, no app in it',
  'lib/metrics.ts processRegistry': 'the process’s own metrics (CPU, memory, event loop), one per process',
  'demo/people.ts phonetics': 'the demo generator’s memo of a pure function',
  'demo/copy.ts hexCache': 'the demo generator’s memo keyed by bytes',
  'demo/addresses.ts prefixedKeys': 'the demo generator’s memo of the reference addresses',
};

const SRC = join(__dirname, '..', 'src');
const MUTABLE = [
  /^(?:export )?let (\w+)/,
  /^(?:export )?const (\w+)(?::[^=]+)? = new (?:Map|Set|WeakMap|WeakSet)(?:<.*>)?\(\);/,
  /^(?:export )?const (\w+)(?::[^=]+)? = new \w*(?:Cache|Limiter|Registry|Events|Store|Queue)\(/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function moduleState(): string[] {
  return sources(SRC).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const name = MUTABLE.map((pattern) => pattern.exec(line)?.[1]).find(Boolean);
        return name ? [`${relative(SRC, file).replaceAll('\\', '/')} ${name}`] : [];
      }),
  );
}

describe('module-level state', () => {
  it('is only what belongs to the process, each with its reason', () => {
    const found = moduleState();
    expect(found.filter((entry) => !(entry in PER_PROCESS))).toEqual([]);
  });

  it('lists nothing that is gone', () => {
    const found = new Set(moduleState());
    expect(Object.keys(PER_PROCESS).filter((entry) => !found.has(entry))).toEqual([]);
  });

  it('finds a singleton if one comes back', () => {
    const line = 'export const sessionCache = new SessionCache();';
    expect(MUTABLE.some((pattern) => pattern.test(line))).toBe(true);
  });
});
