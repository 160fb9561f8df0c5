// `npm run bench:load`: simulated users on the real server with a large demo data set. Closed-loop
// virtual users (participants: sign-in with the texted code, home, documents, a PDF, appointments;
// correspondants: participant lists, a detail, check-ups, the Excel export) run for BENCH_LOAD_DURATION_S
// seconds; every non-2xx reply or network error counts. Then the participant list alone, quiet and under
// a storm of concurrent sign-ins: its p99 must stay within 3× (password hashing must not starve the
// event loop). PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  CLIENT,
  dropPostgres,
  freshPostgres,
  PASSWORD,
  startServer,
  stopServer,
  waitFor,
} from './lib/portal.mjs';

const env = process.env;
const DURATION_S = Number(env.BENCH_LOAD_DURATION_S ?? 60);
const USERS = Number(env.BENCH_LOAD_USERS ?? 200);
/** Participants outnumber correspondants on a real portal; both kinds must be in the mix. */
const PARTICIPANT_USERS = Math.round(USERS * Number(env.BENCH_LOAD_PARTICIPANT_SHARE ?? 0.7));
const CORRESPONDANT_USERS = USERS - PARTICIPANT_USERS;
/** A user reads a page before the next click: uniform in this range (ms). */
const [THINK_MIN, THINK_MAX] = (env.BENCH_LOAD_THINK_MS ?? '1000-3000').split('-').map(Number);
/** Users arrive over this many seconds, not all in one instant (a sign-in costs ~20 ms of a core). */
const RAMP_S = Number(env.BENCH_LOAD_RAMP_S ?? 10);
/** The share of correspondant visits that end with the Excel export. */
const EXPORT_SHARE = Number(env.BENCH_LOAD_EXPORT_SHARE ?? 0.25);
const STORM = Number(env.BENCH_LOAD_STORM ?? 20);
const LIST_CONNECTIONS = Number(env.BENCH_LOAD_LIST_CONNECTIONS ?? 4);
const PHASE_S = Number(env.BENCH_LOAD_STORM_S ?? 15);
const PGLITE_PARTICIPANTS = Number(env.BENCH_LOAD_PGLITE_PARTICIPANTS ?? 50_000);
const PG_PARTICIPANTS = Number(env.BENCH_LOAD_PARTICIPANTS ?? 200_000);
/** corr.etablissement's establishment, whose correspondants page through its lists (as in bench.mjs). */
const SCOPE = Number(env.BENCH_SCOPE ?? 5000);
const STORM_BOUND = 3;
// Correspondant accounts: the virtual users first, then the storm's, then the list connections'.
const STORM_FIRST = CORRESPONDANT_USERS + 1;
const LIST_FIRST = STORM_FIRST + STORM;
const LOAD_ACCOUNTS = Math.max(PARTICIPANT_USERS, LIST_FIRST + LIST_CONNECTIONS - 1);

// The naming rules of packages/server/src/demo/load-accounts.ts.
const number4 = (n) => String(n).padStart(4, '0');
const participantLogin = (n) => `charge.p${number4(n)}`;
const correspondantLogin = (n) => `charge.c${number4(n)}`;
const participantMobile = (n) => {
  const d = String(n).padStart(6, '0');
  return `06 09 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)}`;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A pause as a user reads the page; false once the run is over, so that nobody starts another click. */
const think = async (until) => {
  await sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
  return Date.now() < until;
};
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const LETTERS = 'ABCDEFGHIJLMNPRSTV';
const CATEGORIES = ['MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'COURRIER'];
/** The check-up screens' default filter (000 §9): one year back to today, in the centre's time zone. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const RANGE = { dateDebut: `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`, dateFin: today };

/** Latencies per call name, kept whole: exact percentiles, and a 60 s run holds a few 10,000s. */
class Recorder {
  samples = new Map();
  errors = new Map();
  firstErrors = [];
  /** When the last call ended (performance.now()): the end of the window req/s is counted over. */
  lastAt = 0;

  add(name, ms, error) {
    this.lastAt = performance.now();
    if (!this.samples.has(name)) this.samples.set(name, []);
    this.samples.get(name).push(ms);
    if (error) this.fail(name, error);
  }

  /** A step that went wrong though its call answered 2xx (no code in the outbox, a code refused). */
  fail(name, message) {
    this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
    if (this.firstErrors.length < 10) this.firstErrors.push(`${name}: ${message}`);
  }

  get total() {
    let n = 0;
    for (const list of this.samples.values()) n += list.length;
    return n;
  }

  get errorCount() {
    let n = 0;
    for (const count of this.errors.values()) n += count;
    return n;
  }

  stats(name) {
    const sorted = Float64Array.from(this.samples.get(name) ?? []).sort();
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
    return {
      count: sorted.length,
      errors: this.errors.get(name) ?? 0,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
    };
  }
}

/** One timed call; the body is read whole (a PDF, a workbook), as a browser would. */
async function call(rec, base, name, path, { token, method = 'GET', json, form, basic } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (basic) headers.authorization = basic;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form);
  }
  const started = performance.now();
  try {
    const reply = await fetch(`${base}${path}`, { method, headers, body });
    const bytes = Buffer.from(await reply.arrayBuffer());
    const ms = performance.now() - started;
    rec.add(name, ms, reply.ok ? undefined : `${reply.status} ${bytes.toString('utf8', 0, 200)}`);
    if (!reply.ok) return undefined;
    return reply.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString('utf8')) : bytes;
  } catch (error) {
    rec.add(name, performance.now() - started, error.cause?.code ?? error.message);
    return undefined;
  }
}

const grant = (rec, base, name, login, kind) =>
  call(rec, base, name, '/api/oauth/token', {
    method: 'POST',
    basic: CLIENT,
    form: { grant_type: 'password', username: `${login}|${kind}`, password: PASSWORD },
  });

/** The sign-in page: password grant, the texted code (read from the demo outbox), the principal. */
async function signInParticipant(rec, base, n) {
  const reply = await grant(rec, base, 'POST /api/oauth/token (participant)', participantLogin(n), 'P');
  if (!reply) return undefined;
  const token = reply.access_token;
  const query = new URLSearchParams({ recipient: participantMobile(n), limit: '5' });
  const outbox = await call(rec, base, 'GET /api/dev/outbox (demo: the code)', `/api/dev/outbox?${query}`);
  if (!outbox) return undefined;
  const code = outbox.items.find((item) => item.channel === 'SMS')?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) {
    rec.fail('sign-in code', `no text message to ${participantMobile(n)} in the outbox`);
    return undefined;
  }
  const confirmed = await call(
    rec,
    base,
    'POST /api/oauth/doubleAuthentification/confirmer-code',
    '/api/oauth/doubleAuthentification/confirmer-code',
    { token, method: 'POST', json: { code } },
  );
  if (!confirmed) return undefined;
  if (!confirmed.ok) {
    rec.fail('sign-in code', `refused: ${JSON.stringify(confirmed.ciemException)}`);
    return undefined;
  }
  await call(rec, base, 'POST /api/oauth/principal', '/api/oauth/principal', {
    token,
    method: 'POST',
    json: {},
  });
  return token;
}

async function signInCorrespondant(rec, base, n, name = 'POST /api/oauth/token (correspondant)') {
  const reply = await grant(rec, base, name, correspondantLogin(n), 'C');
  if (!reply) return undefined;
  const token = reply.access_token;
  await call(rec, base, 'POST /api/oauth/principal', '/api/oauth/principal', {
    token,
    method: 'POST',
    json: { roleCorrespondant: true },
  });
  return token;
}

/** One visit of a participant: home, a category of documents, one of them as a PDF, appointments. */
async function participantVisit(rec, base, token, types, until) {
  await call(rec, base, 'GET /api/get-detail-accueil', '/api/get-detail-accueil', { token });
  if (!(await think(until))) return;
  const category = pick(CATEGORIES);
  const years = await call(rec, base, 'GET /api/annees-bilans', '/api/annees-bilans', { token });
  // The web keeps a category's types for five minutes.
  if (!types.has(category)) {
    const list = await call(
      rec,
      base,
      'GET /api/abstractenum/typedocument/:categorie',
      `/api/abstractenum/typedocument/${category}`,
      { token },
    );
    if (list)
      types.set(
        category,
        list.map((type) => type.id),
      );
  }
  if (!years || !types.has(category)) return;
  const query = new URLSearchParams({
    page: '1',
    size: '20',
    sort: 'dateCreation,DESC',
    actif: 'true',
    categorieExtraciem: category,
    anneeDocuments: JSON.stringify(years),
    typesDocuments: JSON.stringify(types.get(category)),
  });
  const documents = await call(rec, base, 'GET /api/document/list', `/api/document/list?${query}`, { token });
  if (!(await think(until))) return;
  const document = documents?.items.length ? pick(documents.items) : undefined;
  if (document) {
    await call(rec, base, 'GET /api/document/:id/ (PDF)', `/api/document/${document.id}/?usage=download`, {
      token,
    });
    if (!(await think(until))) return;
  }
  await call(
    rec,
    base,
    'GET /api/participant/rdvs-participant',
    '/api/participant/rdvs-participant?page=0&size=15',
    {
      token,
    },
  );
}

const LIST = '/api/adherentsCorrespondant';
const listPath = (params) =>
  `${LIST}?${new URLSearchParams({ page: '0', size: '15', actif: 'true', sort: 'raisonSocialeEntreprise,ASC', ...params })}`;

/** One visit of a correspondant: home, the participant list (pages, filters, a search), a detail, check-ups. */
async function correspondantVisit(rec, base, token, until) {
  await call(rec, base, 'GET /api/get-detail-accueil', '/api/get-detail-accueil', { token });
  if (!(await think(until))) return;
  const first = await call(rec, base, 'GET /api/adherentsCorrespondant', listPath({}), { token });
  if (!(await think(until))) return;
  const filters = pick([
    { page: String(1 + Math.floor(Math.random() * 20)) },
    { sort: pick(['nom,ASC', 'dateNaissance,DESC', 'id,DESC']), page: String(Math.floor(Math.random() * 5)) },
    { actif: 'false', page: String(Math.floor(Math.random() * 3)) },
  ]);
  await call(rec, base, 'GET /api/adherentsCorrespondant (filters)', listPath(filters), { token });
  if (!(await think(until))) return;
  const found = await call(
    rec,
    base,
    'GET /api/adherentsCorrespondant (search)',
    listPath({ nom: pick(LETTERS) + pick('AEIOU') }),
    { token },
  );
  if (!(await think(until))) return;
  const row = pick([...(found?.items ?? []), ...(first?.items ?? [])]);
  if (row) {
    await call(rec, base, 'GET /api/adherentsCorrespondant/detail/:id', `${LIST}/detail/${row.id}`, {
      token,
    });
    if (!(await think(until))) return;
  }
  const checkups = new URLSearchParams({ page: '0', size: '15', sort: 'datePremierRdv,DESC', ...RANGE });
  await call(rec, base, 'GET /api/bilansCorrespondant', `/api/bilansCorrespondant?${checkups}`, { token });
  if (Math.random() < EXPORT_SHARE) {
    if (!(await think(until))) return;
    await call(rec, base, 'POST /api/excel-participant-bilan', '/api/excel-participant-bilan', {
      token,
      method: 'POST',
      json: { ...RANGE, sort: 'datePremierRdv,DESC', langue: 'fr_FR' },
    });
  }
}

/** A virtual user: signs in, makes a few visits, signs out, and again, until the end. */
async function virtualUser(rec, base, kind, n, until) {
  await sleep(Math.random() * RAMP_S * 1000);
  const types = new Map();
  while (Date.now() < until) {
    const token =
      kind === 'P' ? await signInParticipant(rec, base, n) : await signInCorrespondant(rec, base, n);
    if (!token) {
      await think(until);
      continue;
    }
    const visits = 2 + Math.floor(Math.random() * 4);
    for (let v = 0; v < visits && (await think(until)); v++) {
      if (kind === 'P') await participantVisit(rec, base, token, types, until);
      else await correspondantVisit(rec, base, token, until);
    }
    await call(rec, base, 'POST /api/oauth/logout', '/api/oauth/logout', { token, method: 'POST' });
    await think(until);
  }
}

function printStats(label, rec, elapsedS) {
  console.log(`\n${label}`);
  console.log(
    `  ${'call'.padEnd(56)} ${'count'.padStart(6)} ${'errors'.padStart(6)}   p50    p95    p99 (ms)`,
  );
  const f = (ms) => ms.toFixed(ms < 100 ? 1 : 0).padStart(6);
  for (const name of [...new Set([...rec.samples.keys(), ...rec.errors.keys()])].sort()) {
    const s = rec.stats(name);
    console.log(
      `  ${name.padEnd(56)} ${String(s.count).padStart(6)} ${String(s.errors).padStart(6)} ${f(s.p50)} ${f(s.p95)} ${f(s.p99)}`,
    );
  }
  console.log(
    `  all: ${rec.total} calls in ${elapsedS.toFixed(1)} s, ${(rec.total / elapsedS).toFixed(1)} req/s, ${rec.errorCount} errors`,
  );
  for (const line of rec.firstErrors) console.log(`  error: ${line}`);
}

async function loadPhase(base) {
  const rec = new Recorder();
  const started = performance.now();
  const until = Date.now() + DURATION_S * 1000;
  await Promise.all([
    ...Array.from({ length: PARTICIPANT_USERS }, (_, i) => virtualUser(rec, base, 'P', i + 1, until)),
    ...Array.from({ length: CORRESPONDANT_USERS }, (_, i) => virtualUser(rec, base, 'C', i + 1, until)),
  ]);
  return { rec, elapsedS: (rec.lastAt - started) / 1000 };
}

/**
 * The participant list with no pause on a few connections, every call a search (never a cached page),
 * for `seconds`; while `storm` is set, STORM loops sign in over and over, each on its own account
 * (the right password: wrong ones would lock the accounts).
 */
async function listPhase(base, tokens, seconds, storm) {
  const rec = new Recorder();
  const until = Date.now() + seconds * 1000;
  let i = 0;
  const lister = async (token) => {
    while (Date.now() < until) {
      i++;
      const path = listPath({ page: String(i % 5), sort: 'nom,ASC', nom: LETTERS[i % LETTERS.length] });
      await call(rec, base, 'list', path, { token });
    }
  };
  const stormer = async (n) => {
    while (Date.now() < until) await grant(rec, base, 'sign-in', correspondantLogin(n), 'C');
  };
  await Promise.all([
    ...tokens.map(lister),
    ...(storm ? Array.from({ length: STORM }, (_, k) => stormer(STORM_FIRST + k)) : []),
  ]);
  return rec;
}

async function benchServer(db, serverEnv, port) {
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const server = startServer(port, {
    DEMO_MAIN_PARTICIPANTS: String(SCOPE),
    DEMO_LOAD_ACCOUNTS: String(LOAD_ACCOUNTS),
    ...serverEnv,
  });
  try {
    await waitFor(`${base}/api/health`, 15 * 60_000);
    console.log(`${db}: data generated and server ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (serverEnv.DATABASE_URL) {
      // The steady state, not the autovacuum that follows a bulk load.
      const client = new pg.Client({ connectionString: serverEnv.DATABASE_URL });
      await client.connect();
      await client.query('vacuum analyze');
      await client.end();
    }
    console.log(
      `${db}: ${USERS} users (${PARTICIPANT_USERS} participants, ${CORRESPONDANT_USERS} correspondants) for ${DURATION_S} s (${machine()})…`,
    );
    const load = await loadPhase(base);
    printStats(`${db}: simulated users`, load.rec, load.elapsedS);

    const setup = new Recorder();
    const tokens = [];
    for (let k = 0; k < LIST_CONNECTIONS; k++)
      tokens.push(await signInCorrespondant(setup, base, LIST_FIRST + k));
    if (setup.errorCount > 0)
      throw new Error(`list accounts could not sign in: ${setup.firstErrors.join('; ')}`);
    await listPhase(base, tokens, 2, false); // warm-up, not measured
    const quietRec = await listPhase(base, tokens, PHASE_S, false);
    const quiet = quietRec.stats('list');
    const stormed = await listPhase(base, tokens, PHASE_S, true);
    const under = stormed.stats('list');
    const signIns = stormed.stats('sign-in');
    const f = (s) =>
      `${s.count} calls (${(s.count / PHASE_S).toFixed(0)}/s), p50 ${s.p50.toFixed(1)} p95 ${s.p95.toFixed(1)} p99 ${s.p99.toFixed(1)} ms`;
    console.log(`\n${db}: participant list (search), ${LIST_CONNECTIONS} connections, ${PHASE_S} s each`);
    console.log(`  quiet:                 ${f(quiet)}`);
    console.log(`  under ${STORM} sign-in loops: ${f(under)}`);
    console.log(`  sign-ins in the storm:  ${f(signIns)}`);
    const errors = load.rec.errorCount + quietRec.errorCount + stormed.errorCount;
    for (const line of [...quietRec.firstErrors, ...stormed.firstErrors]) console.log(`  error: ${line}`);
    return {
      db,
      errors,
      rps: load.rec.total / load.elapsedS,
      quietP99: quiet.p99,
      stormP99: under.p99,
    };
  } finally {
    await stopServer(server);
  }
}

/** Other work on the machine skews every figure: say how busy it was. */
const machine = () => {
  const load = loadavg()[0];
  const busy = load > availableParallelism() ? ': busy, other work skews the figures' : '';
  return `${availableParallelism()} cores, load average ${load.toFixed(2)}${busy}`;
};
console.log(
  `bench:load: ${USERS} users for ${DURATION_S} s (arriving over ${RAMP_S} s), think ${THINK_MIN}–${THINK_MAX} ms, ` +
    `${Math.round(EXPORT_SHARE * 100)} % of correspondant visits export; storm ${STORM} sign-in loops (${machine()})`,
);
const results = [];
const pgliteDir = mkdtempSync(join(tmpdir(), 'portail-bench-load-'));
try {
  console.log(
    `pglite: generating ${PGLITE_PARTICIPANTS} participants and ${LOAD_ACCOUNTS} load accounts of each kind…`,
  );
  results.push(
    await benchServer(
      'pglite',
      { DATA_DIR: pgliteDir, DEMO_PARTICIPANTS: String(PGLITE_PARTICIPANTS) },
      3320,
    ),
  );
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}
if (env.BENCH_DATABASE_URL) {
  const url = await freshPostgres(env.BENCH_DATABASE_URL, 'portail_bench_load');
  console.log(
    `\npostgres: generating ${PG_PARTICIPANTS} participants and ${LOAD_ACCOUNTS} load accounts of each kind…`,
  );
  try {
    results.push(
      await benchServer('postgres', { DATABASE_URL: url, DEMO_PARTICIPANTS: String(PG_PARTICIPANTS) }, 3321),
    );
  } finally {
    await dropPostgres(env.BENCH_DATABASE_URL, 'portail_bench_load');
  }
} else {
  console.log('\npostgres: skipped (set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)');
}

console.log(`\nbudgets (${machine()})`);
let failed = false;
for (const r of results) {
  const errorsOk = r.errors === 0;
  const ratio = r.stormP99 / r.quietP99;
  const stormOk = ratio <= STORM_BOUND;
  failed ||= !errorsOk || !stormOk;
  console.log(`  ${r.db}: errors = 0: ${r.errors} ${errorsOk ? 'OK' : 'OVER BUDGET'}`);
  console.log(
    `  ${r.db}: list p99 under the sign-in storm ≤ ${STORM_BOUND}× quiet: ${r.quietP99.toFixed(1)} → ${r.stormP99.toFixed(1)} ms (×${ratio.toFixed(2)}) ${stormOk ? 'OK' : 'OVER BUDGET'}`,
  );
}
console.log(
  `bench:load: ${results
    .map(
      (r) =>
        `${r.db} ${r.rps.toFixed(0)} req/s, ${r.errors} errors, list p99 ×${(r.stormP99 / r.quietP99).toFixed(2)} under storm`,
    )
    .join('; ')} — ${failed ? 'FAILED' : 'OK'}`,
);
process.exitCode = failed ? 1 : 0;
