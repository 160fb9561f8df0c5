// `npm run test:security`: the real server (the startup code of main.ts, on a TCP port) attacked over
// HTTP by packages/server/security/*.test.ts — on PGlite, then on PostgreSQL when TEST_DATABASE_URL
// names a server (`--postgres-only` skips PGlite: CI has already run it in `npm test`). Each run ends
// with a summary line of the figures its tests recorded.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, root } from './lib/portal.mjs';

const postgresOnly = process.argv.includes('--postgres-only');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--postgres-only');
const adminUrl = process.env.TEST_DATABASE_URL;
const targets = [
  ...(postgresOnly ? [] : [{ name: 'PGlite', env: { TEST_DATABASE_URL: '' } }]),
  ...(adminUrl ? [{ name: 'PostgreSQL', env: { TEST_DATABASE_URL: adminUrl } }] : []),
];
if (targets.length === 0) {
  console.error(
    'test:security --postgres-only needs TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)',
  );
  process.exit(2);
}

function readFigures(file) {
  const figures = new Map();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {}
  for (const line of text.split('\n').filter(Boolean)) {
    const { name, value } = JSON.parse(line);
    figures.set(name, value);
  }
  return figures;
}

function summary(target, figures, seconds, ok) {
  const f = (name) => (figures.has(name) ? figures.get(name).toLocaleString('en') : '?');
  return [
    `security (${target}): ${ok ? 'PASS' : 'FAIL'} in ${seconds} s`,
    `access ${f('access.cases')} cases and ${f('access.otherReplies')} other replies, ${f('access.leaks')} leaks or missing headers, ${f('access.queryIdCases')} query-string ids of another scope answered as unknown ids, ${f('access.bodyIdCases')} selections in a body with another scope's ids answered as unknown ids, ${f('access.correspondantReads')} correspondant reads without medical fields`,
    `payloads ${f('payloads.cases')} tampered, ${f('payloads.accepted')} taken`,
    `brute force: passwords ${f('bruteForce.passwordsEvaluated')} of 20 evaluated, codes ${f('bruteForce.codesEvaluated')} of 50, codes over three sessions ${f('bruteForce.crossSessionCodesEvaluated')} of 30, activation codes ${f('bruteForce.activationCodesEvaluated')} of 30, answers ${f('bruteForce.answersEvaluated')} of 20, 429 after ${f('bruteForce.recoveryCallsBefore429')} recovery calls; ${f('bruteForce.textsOf21SignIns')} texts for 21 sign-ins; 150 grants from one address: ${f('bruteForce.floodGrantsAdmitted')} within its limit (the rest 429), of which ${f('bruteForce.floodHashed')} hashed and ${f('bruteForce.flood503')} refused 503 by the full queue`,
    `authenticator app: app codes ${f('totp.concurrentAppCodesEvaluated')} of 50 evaluated, recovery codes ${f('totp.concurrentRecoveryCodesEvaluated')} of 50`,
    `tokens: ${f('tokens.forgeriesRefused')} forgeries refused, reuse revokes the family, ${f('tokens.concurrentRefreshSignedOut')} tabs signed out by a concurrent refresh, ${f('tokens.secretsInLogs')} of ${f('tokens.secretsChecked')} secrets in the log`,
    `FHIR access ${f('fhirAccess.cases')} cases over ${f('fhirAccess.routes')} routes (no token, each user, a client lacking the scope, a revoked client, a client holding it), ${f('fhirAccess.failures')} wrong`,
    `fuzz ${f('fuzz.requests')} requests over ${f('fuzz.routes')} routes (${f('fuzz.controlCharacters')} with a control character): ${f('fuzz.5xx')} 5xx, ${f('fuzz.brokenAccepted')} broken accepted, ${f('fuzz.tablesChanged')} tables changed; FHIR ${f('fuzz.fhirRequests')} requests with a system token, ${f('fuzz.fhir5xx')} 5xx; ${f('fuzz.importFiles')} hostile files to the import check`,
    `ZIP ${f('zip.aesEntries')} AES-256 entries, password ${f('zip.passwordInLogs')} times in the log`,
    `production start: ${f('production.closedPaths')} demo and documentation paths closed`,
  ].join(' · ');
}

// production.test.ts runs the compiled production start, as a centre runs it.
buildServer();
const lines = [];
let failed = false;
for (const target of targets) {
  const folder = mkdtempSync(join(tmpdir(), 'portail-security-'));
  const figuresFile = join(folder, 'figures.jsonl');
  const started = Date.now();
  console.log(`\ntest:security on ${target.name}`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '-c', 'packages/server/vitest.security.config.ts', ...vitestArgs],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...target.env, SECURITY_FIGURES: figuresFile } },
  );
  const ok = run.status === 0;
  failed ||= !ok;
  lines.push(summary(target.name, readFigures(figuresFile), Math.round((Date.now() - started) / 1000), ok));
  rmSync(folder, { recursive: true, force: true });
}
if (!adminUrl)
  lines.push(
    'security (PostgreSQL): skipped (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)',
  );
console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
