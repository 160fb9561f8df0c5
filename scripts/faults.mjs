// `npm run test:faults`: the portal under faults, on a private PostgreSQL cluster (initdb in a
// temporary directory, port 55433; the system cluster is never touched): PostgreSQL stopped and
// restarted under load, the server killed (SIGKILL) in a stream of writes, the message providers failing
// (an SMS provider refusing a code's first tries, SMTP unreachable or silent while documents are sent:
// the delivery queue brings both later, by itself). One line of figures per scenario, then a `faults:`
// summary; the exit code is non-zero when a bound fails. FAULTS_ONLY=outage,sigkill,providers,pglite
// runs some of them.

import { createCluster } from './faults/cluster.mjs';
import { killPortals, now, seconds, useProductionEnv } from './faults/common.mjs';
import { outageScenario } from './faults/outage.mjs';
import { providersScenario } from './faults/providers.mjs';
import { sigkillPgliteScenario, sigkillScenario } from './faults/sigkill.mjs';
import { productionSinks } from './faults/sinks.mjs';
import { buildServer, freshPostgres, seedFixture } from './lib/portal.mjs';

const PG_PORT = 55433;
const PORTS = { a: 3300, b: 3301, kill: 3302, smtpPortal: 3303, pglite: 3304, sms: 3319, smtp: 2525 };
/** Where every other portal's messages go (the smtp scenario has its own failing servers). */
const SINK_PORTS = { sms: 3318, smtp: 2526 };
const only = process.env.FAULTS_ONLY?.split(',');
const wanted = (name) => !only || only.includes(name);

const began = now();
const results = [];
/** Runs one scenario; an exception fails it (and is reported) without stopping the others. */
async function scenario(name, run) {
  try {
    results.push(await run());
  } catch (error) {
    results.push({
      name,
      failures: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
    });
  }
}

let cluster = null;
// Whatever happens (a failed bound, an exception, Ctrl-C), the portals and the private cluster go.
process.once('exit', () => {
  killPortals();
  cluster?.remove();
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

// The portals under fault are the production start, compiled, with its messages sent to local sinks.
buildServer();
const sinks = await productionSinks(SINK_PORTS);
useProductionEnv(sinks.env);

if (['outage', 'sigkill', 'providers'].some(wanted)) {
  await scenario('cluster', async () => {
    cluster = await createCluster(PG_PORT);
    const databaseUrl = await freshPostgres(cluster.url, 'portail_faults');
    // People who can sign in, seeded once (the production start then claims the database).
    seedFixture({ DATABASE_URL: databaseUrl }, 300, 120);
    const postgres = { cluster, databaseUrl, ports: PORTS };
    if (wanted('outage')) await scenario('outage', () => outageScenario(postgres));
    if (wanted('sigkill')) await scenario('sigkill', () => sigkillScenario(postgres));
    if (wanted('providers')) await scenario('providers', () => providersScenario(postgres));
    return { name: 'cluster', failures: [] };
  });
}
if (wanted('pglite')) await scenario('pglite', () => sigkillPgliteScenario({ ports: PORTS }));
cluster?.remove();
await sinks.close();

const scenarios = results.filter((result) => result.name !== 'cluster');
const failures = results.flatMap((result) => result.failures.map((failure) => `${result.name}: ${failure}`));
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(
  `faults: ${scenarios.length} scenario(s), ${failures.length} bound(s) failed, ${seconds(now() - began)} in all` +
    `${failures.length === 0 ? ' — every bound met' : ''}`,
);
process.exitCode = failures.length === 0 ? 0 : 1;
