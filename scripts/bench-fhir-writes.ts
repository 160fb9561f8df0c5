// The integration API's write budgets (issue 19), run by `npm run bench` on PostgreSQL: conditional
// update of a Patient per second (budget ≥ 300/s, with the bare baseline GET /api/health of the same
// run) and a 1,000-entry transaction Bundle of conditional updates (budget ≤ 2 s). The portal
// (buildApp, listening) on a fresh database with a small demo set, a system client with an ES384 key,
// its token from the token endpoint. Prints one JSON line.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '../packages/server/src/app';
import { hashPassword } from '../packages/server/src/auth/passwords';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { generateDemo } from '../packages/server/src/demo/generate';
import { registerClient } from '../packages/server/src/features/integration/system-clients';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const PORT = Number(process.env.BENCH_FHIR_PORT ?? 3511);
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PEOPLE = 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const PORTAL = 'https://portail-bilans.fr/fhir';
const SYSTEM = `${PORTAL}/sid/centre-patient`;

const database = await openDatabase({ url, poolSize: 20 });
await database.migrate();
await generateDemo(database.db, { participants: 2000, seed: 11, hashPassword });
const config = loadConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  OUTBOX_LOG: 'false',
  FEED_WORKER: 'false',
  WEB_DIST: '/nonexistent',
  PUBLIC_URL: BASE,
  PORT: String(PORT),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: PORT, host: '127.0.0.1' });

const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
const jwk = await exportJWK(publicKey);
const kid = await calculateJwkThumbprint(jwk);
const client = await registerClient(database.db, {
  name: `bench ${randomUUID().slice(0, 8)}`,
  scopes: 'system/Patient.cruds system/Organization.rs',
  jwks: { keys: [{ ...jwk, kid }] },
});
const audience = `${BASE}/fhir/R4/auth/token`;
const assertion = await new SignJWT({
  iss: client.clientId,
  sub: client.clientId,
  aud: audience,
  jti: randomUUID(),
  exp: Math.floor(Date.now() / 1000) + 240,
})
  .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
  .sign(privateKey);
const tokenReply = await fetch(audience, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    scope: 'system/Patient.cru',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  }),
});
const { access_token: token } = (await tokenReply.json()) as { access_token: string };

const [establishment] = (
  await database.db.execute(
    // An open establishment taking the traditional check-up.
    `select e.id from establishments e join establishment_checkup_types t on t.establishment_id = e.id
   join enum_items i on i.id = t.checkup_type_id where i.code = 'TRAD' and e.termination_date is null limit 1`,
  )
).rows as { id: number }[];
const code = (list: string, value: string) => ({ system: `${PORTAL}/CodeSystem/${list}`, code: value });

function patient(n: number, profession: string) {
  return {
    resourceType: 'Patient',
    identifier: [{ system: SYSTEM, value: `BENCH-${n}` }],
    active: true,
    name: [{ use: 'official', family: `Banc${n}`, given: ['Alex'] }],
    gender: n % 2 ? 'male' : 'female',
    birthDate: `19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`,
    telecom: [
      {
        system: 'phone',
        use: 'mobile',
        value: `06 ${String(10_000_000 + n)
          .slice(-8)
          .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
      },
      { system: 'email', value: `banc${n}@example.fr` },
    ],
    address: [
      { use: 'home', line: ['1 cours Victor Hugo'], postalCode: '33000', city: 'Bordeaux', country: 'FR' },
    ],
    managingOrganization: { reference: `Organization/etab-${establishment?.id}` },
    extension: [
      { url: `${PORTAL}/StructureDefinition/checkup-type`, valueCoding: code('typeBilan', 'TRAD') },
      { url: `${PORTAL}/StructureDefinition/checkup-periodicity`, valueCoding: code('periodicite', '24M') },
      { url: `${PORTAL}/StructureDefinition/next-checkup-date`, valueDate: '2027-06-01' },
      { url: `${PORTAL}/StructureDefinition/profession`, valueString: profession },
    ],
  };
}
const bundle = (from: number, profession: string) => ({
  resourceType: 'Bundle',
  type: 'transaction',
  entry: Array.from({ length: PEOPLE }, (_, i) => ({
    resource: patient(from + i, profession),
    request: { method: 'PUT', url: `Patient?identifier=${SYSTEM}|BENCH-${from + i}` },
  })),
});
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' };

async function timedBundle(from: number, profession: string): Promise<number> {
  const started = performance.now();
  const reply = await fetch(`${BASE}/fhir/R4`, {
    method: 'POST',
    headers,
    body: JSON.stringify(bundle(from, profession)),
  });
  const elapsed = performance.now() - started;
  if (!reply.ok) throw new Error(`bundle refused: ${reply.status} ${(await reply.text()).slice(0, 500)}`);
  return Math.round(elapsed);
}

// The 1,000-entry bundle: once creating a thousand participants, once updating them all.
const bundleCreateMs = await timedBundle(1, 'créé');
const bundleUpdateMs = await timedBundle(1, 'modifié');

const cannon = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
const baseline = await cannon({ url: `${BASE}/api/health` });
let n = 0;
const updates = await cannon({
  url: BASE,
  requests: [
    {
      method: 'PUT',
      headers,
      setupRequest: (request) => {
        // Each request changes one of the thousand participants (a new profession): a real update.
        n++;
        const id = 1 + (n % PEOPLE);
        return {
          ...request,
          path: `/fhir/R4/Patient?identifier=${encodeURIComponent(`${SYSTEM}|BENCH-${id}`)}`,
          body: JSON.stringify(patient(id, `métier ${n}`)),
        };
      },
    },
  ],
});
await app.close();
await database.close();
console.log(
  JSON.stringify({
    bundleCreateMs,
    bundleUpdateMs,
    baselinePerS: Math.round(baseline.requests.average),
    updatesPerS: Math.round(updates.requests.average),
    updateP99Ms: updates.latency.p99,
    updateErrors: updates.non2xx + updates.errors,
  }),
);
