// Scenario 1: PostgreSQL goes away under a steady load of signed-in calls, then comes back. First an
// orderly outage (`pg_ctl stop -m fast`, a few seconds, `pg_ctl start`), then a crash (one backend
// killed by SIGKILL, as the OOM killer does: PostgreSQL drops every connection and recovers by itself).
// The portal must answer 503 (never 500, never hang) while the database is away and serve again,
// without a restart, once it is back; its LISTEN connection (the list caches' eviction between
// instances) must come back too.
import pg from 'pg';
import { CLIENT, PASSWORD, signIn } from '../lib/portal.mjs';
import { Bounds, json, now, seconds, sleep, startPortal, tally, timedCall, withClient } from './common.mjs';

const OUTAGE_MS = 5000;
/**
 * Longest acceptable reply. With PostgreSQL down the driver's connect fails at once (connection
 * refused); a connect that does hang (a host that drops packets) ends after the pool's
 * connectionTimeoutMillis (5 s, db/client.ts). 10 s leaves room for a loaded machine and stays under
 * the 30–60 s after which load balancers and browsers give up on their own, which would hide the fault.
 */
const LONGEST_REPLY_MS = 10_000;
/** The first call that succeeds after PostgreSQL accepts connections again, at the latest. */
const RECOVERY_MS = 10_000;
/** A cached list page must reflect a write committed after recovery within this (its TTL is 60 s). */
const EVICTION_MS = 5000;
const LIST = '/api/adherentsCorrespondant?page=0&size=15&actif=true';
const LIST_LOOPS = 4;
const CRASHES = 3;
const POOL_SIZE = 4;
const READY_LOOPS = 2;
/** Sign-ins write in transactions: what a connection dying mid-transaction affects. */
const SIGN_IN_LOOPS = 2;

/** A loop of calls until `until.done`; a short pause keeps the load steady, not a busy spin. */
async function drive(url, init, samples, until, kind) {
  while (!until.done) {
    const sample = await timedCall(url, init, 30_000);
    samples.push({ ...sample, kind });
    await sleep(10);
  }
}

/**
 * A correct password refused as locked: sign-ins cut by the fault after their attempt was counted
 * (auth/lockout.ts reserveAttempt) and before the counter was cleared leave attempts behind, and the
 * next sign-ins may exceed three. Not a server error: counted and printed apart (see the report).
 */
const lockedOut = (s) => s.status === 400 && s.text.includes('user.locked');

/**
 * Runs `fault` under load. `fault` returns `{ down, back, up }`: from `down` (the database fully gone)
 * to `back` (asked to come back) every reply must be 503; `up` is when it accepts connections again.
 * Load goes on until a list call started after `back` succeeds, then 2 s more.
 */
async function underLoad(base, token, fault) {
  const samples = [];
  const until = { done: false };
  const list = { headers: { authorization: `Bearer ${token}` } };
  // A sign-in (password grant) goes through the lockout counter and creates a session: its failure
  // must be a 503 too, not a "wrong password" 401.
  const grant = {
    method: 'POST',
    headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'corr.groupe|C',
      password: PASSWORD,
    }).toString(),
  };
  const loops = [
    ...Array.from({ length: LIST_LOOPS }, () => drive(`${base}${LIST}`, list, samples, until, 'list')),
    ...Array.from({ length: READY_LOOPS }, () =>
      drive(`${base}/api/health/ready`, {}, samples, until, 'ready'),
    ),
    ...Array.from({ length: SIGN_IN_LOOPS }, () =>
      drive(`${base}/api/oauth/token`, grant, samples, until, 'sign-in'),
    ),
  ];
  await sleep(1500);
  const began = now();
  const { down, back, up } = await fault();
  let recoveredAt = null;
  while (recoveredAt === null && now() - up < RECOVERY_MS * 2) {
    recoveredAt = samples.find((s) => s.kind === 'list' && s.status === 200 && s.start >= back)?.end ?? null;
    await sleep(50);
  }
  await sleep(2000);
  until.done = true;
  await Promise.all(loops);
  const during = samples.filter((s) => s.start >= down && s.end <= back);
  const affected = samples.filter(
    (s) => s.end > began && s.start < (recoveredAt ?? Number.POSITIVE_INFINITY),
  );
  return {
    samples,
    during,
    affected,
    afterRecovery: recoveredAt === null ? [] : samples.filter((s) => s.start > recoveredAt),
    // A call may succeed before pg_ctl reports the start: that counts as an immediate recovery.
    recovery: recoveredAt === null ? null : Math.max(0, recoveredAt - up),
    longest: Math.max(...samples.map((s) => s.end - s.start)),
    broken: samples.filter((s) => s.status !== 200 && s.status !== 503 && !lockedOut(s)),
    lockedOut: samples.filter(lockedOut),
  };
}

function checkRun(bounds, label, run, { strictWindow }) {
  if (strictWindow) {
    bounds.check(
      `${label}: every reply while the database is away is 503`,
      run.during.length > 0 && run.during.every((s) => s.status === 503),
      tally(run.during, (s) => s.status),
    );
  }
  bounds.check(
    `${label}: no 500, other 5xx, network error or hang`,
    run.broken.length === 0,
    tally(run.broken, (s) => `${s.status} ${s.text.slice(0, 80)}`),
  );
  bounds.check(
    `${label}: longest reply ≤ ${seconds(LONGEST_REPLY_MS)}`,
    run.longest <= LONGEST_REPLY_MS,
    `${Math.round(run.longest)} ms`,
  );
  bounds.check(
    `${label}: calls succeed again within ${seconds(RECOVERY_MS)} of the database's return, without a restart`,
    run.recovery !== null && run.recovery <= RECOVERY_MS,
    run.recovery === null ? 'never' : `${Math.round(run.recovery)} ms`,
  );
  const late = run.afterRecovery.filter((s) => s.status !== 200 && !lockedOut(s));
  bounds.check(
    `${label}: every call after recovery succeeds`,
    late.length === 0,
    tally(late, (s) => s.status),
  );
}

/** The participants of the first list page as instance `base` answers it. */
async function firstPage(base, token) {
  const reply = await timedCall(`${base}${LIST}`, { headers: { authorization: `Bearer ${token}` } });
  if (reply.status !== 200) throw new Error(`list page: ${reply.status} ${reply.text.slice(0, 200)}`);
  return json(reply.text).items;
}

/**
 * After recovery: instance B (list cache on, 60 s) holds page 0. An edit made with the triggers
 * disabled (no NOTIFY) must NOT show (the page really is cached); a normal edit must show within
 * EVICTION_MS, which only B's LISTEN connection, re-established after the outage, can explain.
 */
async function listenCheck(base, token, databaseUrl) {
  const target = (await firstPage(base, token))[0];
  if (!target) throw new Error('instance B: empty first page');
  await withClient(databaseUrl, async (sql) => {
    await sql.query('begin');
    await sql.query('set local session_replication_role = replica');
    await sql.query('update participants set first_name = $1 where id = $2', ['Silencieux', target.id]);
    await sql.query('commit');
  });
  await sleep(500);
  const silent = (await firstPage(base, token)).find((row) => row.id === target.id);
  const marker = `Apres${Date.now() % 100_000}`;
  const edited = now();
  await withClient(databaseUrl, (sql) =>
    sql.query('update participants set first_name = $1 where id = $2', [marker, target.id]),
  );
  while (now() - edited < EVICTION_MS * 2) {
    const row = (await firstPage(base, token)).find((item) => item.id === target.id);
    if (row?.prenom === marker)
      return { cached: silent?.prenom === target.prenom, seenAfter: now() - edited };
    await sleep(50);
  }
  return { cached: silent?.prenom === target.prenom, seenAfter: null };
}

/** Polls until the database accepts a connection and answers (after a crash it recovers by itself). */
async function waitForDatabase(url) {
  for (;;) {
    try {
      await withClient(url, (sql) => sql.query('select 1'));
      return;
    } catch {
      await sleep(20);
    }
  }
}

/**
 * SIGKILL to one of the portal's backends: PostgreSQL then ends every connection and recovers. Returns
 * once a witness connection of ours has been cut, so that the database's return is not mistaken for
 * the moment before the postmaster noticed the crash.
 */
async function killBackend(databaseUrl) {
  const witness = new pg.Client({ connectionString: databaseUrl });
  await witness.connect();
  const cut = new Promise((resolve) => witness.once('end', resolve));
  witness.on('error', () => undefined);
  const pids = await withClient(databaseUrl, async (sql) => {
    const { rows } = await sql.query(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
         and backend_type = 'client backend' order by state = 'active' desc`,
    );
    return rows.map((row) => row.pid);
  });
  if (pids.length === 0) throw new Error('no backend of the portal to kill');
  process.kill(pids[0], 'SIGKILL');
  await cut;
}

/** What the portal's error lines say, shortened to the driver's own message (for a failed bound). */
function loggedCauses(portal) {
  return tally(portal.logged(/"level":50/), (line) => {
    const stack = json(line)?.err?.stack ?? '';
    const cause = /caused by: ([^\n]*)/.exec(stack)?.[1] ?? stack.split('\n')[0];
    return cause.slice(0, 100);
  });
}

const ms = (value) => (value === null ? 'never' : `${Math.round(value)} ms`);

export async function outageScenario({ cluster, databaseUrl, ports }) {
  const bounds = new Bounds();
  // A: every call reaches the database (no list cache, no session cache: the guard's session lookup
  // is exercised too). B: a second instance with its list cache on, to watch its LISTEN connection.
  const a = await startPortal(ports.a, {
    DATABASE_URL: databaseUrl,
    LIST_CACHE_TTL_MS: '0',
    SESSION_CACHE_TTL_MS: '0',
    // A small pool, so that connections a crash would leave checked out for good exhaust it within
    // this run, and the calls after recovery show it.
    DATABASE_POOL_SIZE: String(POOL_SIZE),
  });
  const b = await startPortal(ports.b, { DATABASE_URL: databaseUrl, LIST_CACHE_TTL_MS: '60000' });
  try {
    const tokenA = await signIn(a.base, 'corr.etablissement', true);
    const tokenB = await signIn(b.base, 'corr.etablissement', true);
    await firstPage(b.base, tokenB);

    const timings = {};
    const stop = await underLoad(a.base, tokenA, async () => {
      const asked = now();
      await cluster.stop('fast');
      const down = now();
      await sleep(OUTAGE_MS);
      const restart = now();
      await cluster.start();
      const up = now();
      Object.assign(timings, { asked, up });
      return { down, back: restart, up };
    });
    checkRun(bounds, 'fast stop', stop, { strictWindow: true });
    const listen = await listenCheck(b.base, tokenB, databaseUrl);
    bounds.check('instance B really caches the page (an edit without NOTIFY stays unseen)', listen.cached);
    bounds.check(
      `after the restart an edit evicts B's cached page within ${seconds(EVICTION_MS)} (its LISTEN is back)`,
      listen.seenAfter !== null && listen.seenAfter <= EVICTION_MS,
      ms(listen.seenAfter),
    );
    console.log(
      `outage    PostgreSQL stopped (fast) for ${seconds(timings.up - timings.asked)}: ${stop.samples.length} calls; ` +
        `while down ${tally(stop.during, (s) => `${s.kind} ${s.status}`)}; around the outage ${tally(stop.affected, (s) => s.status)}; ` +
        `calls succeed ${ms(stop.recovery)} after PostgreSQL is back; longest reply ${ms(stop.longest)}; ` +
        `after recovery ${tally(stop.afterRecovery, (s) => s.status)}; correct passwords refused as locked ` +
        `${stop.lockedOut.length}; instance B's cached page evicted ` +
        `${ms(listen.seenAfter)} after an edit (an edit without NOTIFY unseen: ${listen.cached})`,
    );

    const crash = await underLoad(a.base, tokenA, async () => {
      const down = now();
      for (let i = 0; i < CRASHES; i++) {
        if (i > 0) await sleep(1000);
        await killBackend(databaseUrl);
        await waitForDatabase(cluster.url);
      }
      const up = now();
      // A crash has no "fully down" window to hold to 503 only: replies around it are checked for
      // 500s and hangs, and the recovery counts from the database's return.
      return { down, back: up, up };
    });
    checkRun(bounds, 'backend crash', crash, { strictWindow: false });
    console.log(
      `crash     ${CRASHES} times a backend SIGKILLed (PostgreSQL restarts every connection): ${crash.samples.length} calls; ` +
        `around the crashes ${tally(crash.affected, (s) => s.status)}; calls succeed ${ms(crash.recovery)} after ` +
        `PostgreSQL is back; longest reply ${ms(crash.longest)}; after recovery ${tally(crash.afterRecovery, (s) => s.status)}; ` +
        `correct passwords refused as locked ${crash.lockedOut.length}`,
    );
    if (bounds.failures.length > 0) {
      console.log(`outage    errors logged: ${loggedCauses(a)}`);
      if (a.child.exitCode !== null || a.child.signalCode !== null) {
        console.log(`outage    portal A exited (${a.child.exitCode ?? a.child.signalCode}):`);
        console.log(
          a.lines
            .filter((line) => !line.startsWith('{'))
            .slice(-15)
            .join('\n'),
        );
      }
    }
    return { name: 'outage', failures: bounds.failures };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}
