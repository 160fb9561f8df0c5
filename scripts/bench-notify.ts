// "A change on the portal notified to a subscriber" (issue 19, budget p99 ≤ 2 s), run by `npm run bench`
// on PostgreSQL: the portal (buildApp, its delivery loop as in production) on a fresh database with a
// small demo set, a rest-hook subscription to Patient whose endpoint is a local receiver, and CHANGES
// participant updates one after another; each latency runs from the update's commit to the receiver
// reading the notification. Prints one JSON line: { p50, p99, max, count }.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { Bundle } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app';
import { hashPassword } from '../packages/server/src/auth/passwords';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { participants } from '../packages/server/src/db/schema';
import { generateDemo } from '../packages/server/src/demo/generate';
import { createSubscription } from '../packages/server/src/features/integration/subscriptions.service';
import { registerClient } from '../packages/server/src/features/integration/system-clients';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const CHANGES = Number(process.env.BENCH_NOTIFY_CHANGES ?? 300);
/** Longest wait for one notification before the change counts as lost (and the figure fails). */
const GIVE_UP_MS = 5000;
const RECEIVER_PORT = Number(process.env.BENCH_NOTIFY_PORT ?? 3510);

const database = await openDatabase({ url, poolSize: 10 });
await database.migrate();
await generateDemo(database.db, { participants: 2000, seed: 7, hashPassword });
const config = loadConfig({
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  OUTBOX_LOG: 'false',
  WEB_DIST: '/nonexistent',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const committedAt = new Map<string, number>();
const latencies: number[] = [];
let arrived: () => void = () => undefined;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  request.on('end', () => {
    const now = performance.now();
    response.statusCode = 204;
    response.end();
    const profession = (JSON.parse(body) as Bundle).entry?.[0]?.resource as {
      extension?: { url: string; valueString?: string }[];
    };
    const mark = profession?.extension?.find((e) => e.url.endsWith('/profession'))?.valueString ?? '';
    const start = committedAt.get(mark);
    if (start !== undefined) {
      latencies.push(now - start);
      committedAt.delete(mark);
      arrived();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));

const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const client = await registerClient(database.db, {
  name: `Bench subscriber ${Date.now()}`,
  scopes: 'system/Patient.rs system/Subscription.cruds',
  jwks: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'bench', alg: 'ES384', use: 'sig' }] },
});
const [first] = await database.db.select({ id: participants.id }).from(participants).limit(1);
if (!first) throw new Error('no participant');
await createSubscription(database.db, client.clientId, {
  status: 'active',
  criteria: 'Patient',
  resourceType: 'Patient',
  filter: '',
  endpoint: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
  payload: 'application/fhir+json',
  reason: 'bench',
});

for (let i = 0; i < CHANGES; i++) {
  const mark = `bench-${i}`;
  const delivered = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await database.db.update(participants).set({ profession: mark }).where(eq(participants.id, first.id));
  committedAt.set(mark, performance.now());
  await Promise.race([delivered, new Promise((resolve) => setTimeout(resolve, GIVE_UP_MS))]);
}
await app.close();
await new Promise((resolve) => receiver.close(resolve));
await database.close();
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? -1);
console.log(
  JSON.stringify({ p50: at(0.5), p99: at(0.99), max: at(1), count: latencies.length, changes: CHANGES }),
);
