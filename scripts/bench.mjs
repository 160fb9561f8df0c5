// `npm run bench`: the real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set) with a
// large demo data set, driven by autocannon; then the JavaScript the sign-in page loads, gzipped.
// Figures are printed; the budgets named by the issues are checked here, not in unit tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { CHROMIUM, ensureChromium } from './ensure-chromium.mjs';
import {
  dropPostgres,
  freshPostgres as freshDatabase,
  root,
  signIn,
  signInParticipant,
  startServer,
  waitFor,
} from './lib/portal.mjs';

const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 200_000);
const PGLITE_PARTICIPANTS = Number(process.env.BENCH_PGLITE_PARTICIPANTS ?? 50_000);
/** The scope measured by the list endpoints: corr.etablissement's establishment holds about this many. */
const SCOPE = Number(process.env.BENCH_SCOPE ?? 5000);
/** The table-size check: the same page at SCALE_SMALL and at SCALE_LARGE participants. */
const SCALE_SMALL = Number(process.env.BENCH_SCALE_SMALL ?? 10_000);
const SCALE_LARGE = Number(process.env.BENCH_SCALE_LARGE ?? 1_000_000);
/** `BENCH_ONLY=integration`: only the integration API's four budgets (PostgreSQL), none of the rest. */
const ONLY_INTEGRATION = process.env.BENCH_ONLY === 'integration';
/** `BENCH_ONLY=lists`: only the API calls on PostgreSQL and their budgets (no PGlite, scale, integration or web). */
const ONLY_LISTS = process.env.BENCH_ONLY === 'lists';
/** `BENCH_ONLY=scale`: only the table-size check (PostgreSQL, 10,000 then 1,000,000 participants, lists uncached). */
const ONLY_SCALE = process.env.BENCH_ONLY === 'scale';
const LIST_PATH = '/api/adherentsCorrespondant?page=3&size=15&actif=true&sort=raisonSocialeEntreprise,ASC';
const results = [];

/** The analysis results as the screen first asks for them: every year and every type of the category. */
async function documentListPath(base, token) {
  const headers = { authorization: `Bearer ${token}` };
  const years = await (await fetch(`${base}/api/annees-bilans`, { headers })).json();
  const types = await (
    await fetch(`${base}/api/abstractenum/typedocument/MEDICO_TECHNIQUE`, { headers })
  ).json();
  const query = new URLSearchParams({
    page: '1',
    size: '20',
    sort: 'dateCreation,DESC',
    actif: 'true',
    categorieExtraciem: 'MEDICO_TECHNIQUE',
    anneeDocuments: JSON.stringify(years),
    typesDocuments: JSON.stringify(types.map((type) => type.id)),
  });
  return `/api/document/list?${query}`;
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function measure(db, base, name, options, baseline) {
  const result = await cannon({ url: `${base}${options.path}`, ...options });
  const rps = result.requests.average;
  const errors = result.errors + result.non2xx;
  const row = {
    db,
    name,
    rps: Math.round(rps),
    p99: result.latency.p99,
    errors,
    ratio: baseline ? rps / baseline : 1,
  };
  results.push(row);
  console.log(
    `${db.padEnd(8)} ${name.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p99 ${String(row.p99).padStart(4)} ms  ` +
      `${baseline ? `${(row.ratio * 100).toFixed(0).padStart(3)}% of baseline` : 'baseline'}${errors ? `  ${errors} errors` : ''}`,
  );
  return rps;
}

async function settle(url) {
  // Measure the steady state, not the autovacuum that follows a bulk load of 200,000 participants.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
}

const authorised = (token) => ({ authorization: `Bearer ${token}` });

/** The check-up screens' default filter (docs/checkups.md#list): one year back to today, in the centre's time zone. */
function checkupRange(yearsBack = 1) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  return `dateDebut=${Number(today.slice(0, 4)) - yearsBack}${today.slice(4)}&dateFin=${today}`;
}

async function benchServer(db, env, port) {
  const server = startServer(port, { DEMO_MAIN_PARTICIPANTS: String(SCOPE), ...env });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, 15 * 60_000);
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);
    const baseline = await measure(db, base, 'GET /api/health', { path: '/api/health' });
    const token = await signIn(base, 'corr.etablissement', true);
    await measure(
      db,
      base,
      'GET /api/adherentsCorrespondant',
      { path: LIST_PATH, headers: authorised(token) },
      baseline,
    );
    // Every call a search: no cached page, a count over the index.
    await measure(
      db,
      base,
      '  same, searching nom=M (uncached)',
      { path: `${LIST_PATH}&nom=M`, headers: authorised(token) },
      baseline,
    );
    const range = checkupRange();
    await measure(
      db,
      base,
      'GET /api/bilansCorrespondant',
      { path: `/api/bilansCorrespondant?page=0&size=15&${range}`, headers: authorised(token) },
      baseline,
    );
    await measure(
      db,
      base,
      '  same, check-ups in progress (etatBilan=EN_COURS)',
      {
        path: `/api/bilansCorrespondant?page=0&size=15&${range}&etatBilan=EN_COURS`,
        headers: authorised(token),
      },
      baseline,
    );
    await measure(
      db,
      base,
      'GET /api/historiqueBilansCorrespondant',
      { path: `/api/historiqueBilansCorrespondant?page=0&size=15&${range}`, headers: authorised(token) },
      baseline,
    );
    await measure(
      db,
      base,
      '  same, closed check-ups, newest next check-up first',
      {
        path: `/api/historiqueBilansCorrespondant?page=0&size=15&${range}&etatBilan=CLOTURE&sort=dateProchainBilan,DESC`,
        headers: authorised(token),
      },
      baseline,
    );
    // Transfers: the screen's default (in progress, both directions), then every state.
    await measure(
      db,
      base,
      'GET /api/mutation',
      { path: '/api/mutation?page=0&size=20&encours=true', headers: authorised(token) },
      baseline,
    );
    await measure(
      db,
      base,
      '  same, every state (encours=false)',
      { path: '/api/mutation?page=0&size=20&encours=false', headers: authorised(token) },
      baseline,
    );
    await measure(
      db,
      base,
      'GET /api/correspondant',
      { path: '/api/correspondant?page=0&size=15', headers: authorised(token) },
      baseline,
    );
    if (db === 'postgres') exportFigures = await benchExports(db, base, token, server.pid);
    const participant = await signInParticipant(base, 'participant.dmc');
    await measure(
      db,
      base,
      'GET /api/document/list',
      { path: await documentListPath(base, participant), headers: authorised(participant) },
      baseline,
    );
    if (db === 'postgres') {
      try {
        importFigures = await benchParticipantImport(db, base, token);
        // The scope now holds about 10,000 participants: the export of every one of them.
        exportFigures?.figures.push(
          await exportFigure(
            db,
            base,
            token,
            server.pid,
            'participant list (the whole scope)',
            '/api/excel-adherents',
            {
              selection: { filtre: { actif: true } },
              langue: 'fr_FR',
            },
          ),
        );
      } catch (error) {
        console.log(`postgres participant import: failed (${error.message})`);
      }
    }
    await measure(
      db,
      base,
      'POST /api/oauth/principal',
      {
        path: '/api/oauth/principal',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ roleCorrespondant: true }),
      },
      baseline,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** One workbook downloaded whole: its bytes and how long it took. */
async function download(base, token, path, body) {
  const started = performance.now();
  const reply = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...authorised(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
  const bytes = new Uint8Array(await reply.arrayBuffer());
  return { bytes, ms: performance.now() - started };
}

async function rowsOfWorkbook(bytes) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return (workbook.worksheets[0]?.actualRowCount ?? 1) - 1;
}

/** One export alone: warmed once, then timed, its rows counted, the server's memory sampled meanwhile. */
async function exportFigure(db, base, token, pid, name, path, body) {
  await download(base, token, path, body);
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 10);
  const { bytes, ms } = await download(base, token, path, body);
  clearInterval(sampler);
  const rows = await rowsOfWorkbook(bytes);
  const figure = { name, rows, ms: Math.round(ms), growthMb: (peak - before) / 1024 / 1024 };
  console.log(
    `${db.padEnd(8)} Excel export, ${name}: ${rows} rows in ${figure.ms} ms (${Math.round((rows * 1000) / ms)} rows/s), ${(bytes.byteLength / 1024).toFixed(0)} kB, server memory +${figure.growthMb.toFixed(0)} MB`,
  );
  return figure;
}

/**
 * The Excel exports of the check-up list and history (issue 22): each alone, timed, with the server's
 * memory growth sampled while it runs; then the participant list measured while five exports run
 * back to back, against its quiet p99 measured just before.
 */
async function benchExports(db, base, token, pid) {
  const body = { ...Object.fromEntries(new URLSearchParams(checkupRange(10))), langue: 'fr_FR' };
  const figures = [];
  for (const [name, path] of [
    ['check-up list', '/api/excel-participant-bilan'],
    ['check-up history', '/api/excel-participant-historique-bilan'],
  ]) {
    figures.push(await exportFigure(db, base, token, pid, name, path, body));
  }
  const listUrl = `${base}${LIST_PATH}`;
  const quiet = await cannon({ url: listUrl, headers: authorised(token) });
  let running = true;
  let exports = 0;
  const loops = Array.from({ length: 5 }, async () => {
    while (running) {
      await download(base, token, '/api/excel-participant-historique-bilan', body);
      exports++;
    }
  });
  const busy = await cannon({ url: listUrl, headers: authorised(token) });
  running = false;
  await Promise.all(loops);
  const under = {
    quietP99: quiet.latency.p99,
    busyP99: busy.latency.p99,
    exports,
    errors: busy.errors + busy.non2xx,
  };
  console.log(
    `${db.padEnd(8)} participant list while five exports run: p99 ${under.busyP99} ms (quiet ${under.quietP99} ms), ${Math.round(busy.requests.average)} req/s, ${exports} exports finished${under.errors ? `, ${under.errors} errors` : ''}`,
  );
  return { figures, under };
}

/** A name made of letters only (person names take no digits): 0 → A, 25 → Z, 26 → BA… */
function lettersOf(n) {
  let rest = n;
  let text = '';
  do {
    text = String.fromCharCode(65 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/**
 * The participant import (issue 22) as a correspondant runs it: the template downloaded, its example
 * row copied into 5,000 employees, the file checked, then imported, with the participant list measured
 * while the import runs.
 */
async function benchParticipantImport(db, base, token, rows = 5000) {
  const { default: ExcelJS } = await import('exceljs');
  const template = await fetch(`${base}/api/adherentsCorrespondant/import/modele?langue=fr_FR`, {
    headers: authorised(token),
  });
  if (!template.ok) throw new Error(`template: ${template.status}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await template.arrayBuffer());
  const sheet = book.worksheets[0];
  const headers = sheet.getRow(1).values.slice(1).map(String);
  const example = sheet.getRow(2).values.slice(1);
  const at = (start) => headers.findIndex((header) => header.replace(' *', '') === start);
  const [nom, prenom, naissance, mail] = ['Nom', 'Prénom', 'Date de naissance', 'Mail'].map(at);
  const out = new ExcelJS.Workbook();
  const filled = out.addWorksheet('Participants');
  filled.addRow(headers);
  for (let n = 0; n < rows; n++) {
    const values = [...example];
    values[nom] = `BANC${lettersOf(n)}`;
    values[prenom] = 'Import';
    values[naissance] = new Date(Date.UTC(1960 + (n % 40), n % 12, 1 + (n % 28)));
    values[mail] = `banc.${n}@example.com`;
    filled.addRow(values);
  }
  const file = Buffer.from(await out.xlsx.writeBuffer()).toString('base64');
  const json = { ...authorised(token), 'content-type': 'application/json' };
  let started = performance.now();
  const checked = await fetch(`${base}/api/adherentsCorrespondant/import`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ nomFichier: 'salaries.xlsx', fichier: file, langue: 'fr_FR' }),
  });
  if (!checked.ok) throw new Error(`check: ${checked.status} ${await checked.text()}`);
  const check = await checked.json();
  const checkMs = Math.round(performance.now() - started);
  console.log(
    `${db.padEnd(8)} import check of ${rows} rows: ${checkMs} ms (${check.counts.new} new, ${check.counts.update} updates, ${check.counts.error} with errors)`,
  );
  const quiet = await cannon({ url: `${base}${LIST_PATH}`, headers: authorised(token), duration: 5 });
  started = performance.now();
  const run = await fetch(`${base}/api/adherentsCorrespondant/import/${check.id}/executer`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ mettreAJour: false }),
  });
  if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
  let status = await run.json();
  let busy = null;
  const listing = cannon({ url: `${base}${LIST_PATH}`, headers: authorised(token), duration: 5 }).then(
    (result) => {
      busy = result;
    },
  );
  while (status.state === 'running' || status.state === 'checked') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await (
      await fetch(`${base}/api/adherentsCorrespondant/import/${check.id}`, { headers: authorised(token) })
    ).json();
  }
  const runMs = Math.round(performance.now() - started);
  await listing;
  console.log(
    `${db.padEnd(8)} import of ${status.total} rows: ${runMs} ms, ${status.state}: ${status.created} created, ${status.refused} refused; participant list meanwhile p99 ${busy.latency.p99} ms (quiet ${quiet.latency.p99} ms)`,
  );
  return {
    rows,
    checkMs,
    runMs,
    created: status.created,
    state: status.state,
    busyP99: busy.latency.p99,
    quietP99: quiet.latency.p99,
  };
}

/**
 * Does a page of the participant list cost the same whatever the size of the table? The same scope and
 * page are measured on a database of SCALE_SMALL participants, then again after filling it up to
 * SCALE_LARGE with participants of other establishments (copies of the existing ones, in bulk).
 */
async function benchScale(adminUrl, port) {
  const url = await freshDatabase(adminUrl, 'portail_bench_scale');
  console.log(`PostgreSQL: table-size check, ${SCALE_SMALL} then ${SCALE_LARGE} participants…`);
  // The database's own cost is what grows with the table: the page cache is off.
  const server = startServer(port, {
    DATABASE_URL: url,
    DEMO_PARTICIPANTS: String(SCALE_SMALL),
    DEMO_MAIN_PARTICIPANTS: String(SCOPE),
    LIST_CACHE_TTL_MS: '0',
  });
  const base = `http://127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: url });
  try {
    await waitFor(`${base}/api/health`, 15 * 60_000);
    await client.connect();
    await client.query('vacuum analyze');
    const token = await signIn(base, 'corr.etablissement', true);
    const range = checkupRange();
    const paths = {
      participants: LIST_PATH,
      checkups: `/api/bilansCorrespondant?page=0&size=15&${range}`,
      history: `/api/historiqueBilansCorrespondant?page=0&size=15&${range}`,
    };
    const measurePage = async (kind, label) => {
      const result = await cannon({ url: `${base}${paths[kind]}`, headers: authorised(token) });
      const row = {
        label,
        rps: Math.round(result.requests.average),
        mean: result.latency.mean,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      };
      console.log(
        `postgres ${kind.padEnd(12)} page at ${label.padEnd(22)} ${String(row.rps).padStart(7)} req/s  mean ${row.mean.toFixed(2)} ms  p99 ${row.p99} ms${row.errors ? `  ${row.errors} errors` : ''}`,
      );
      return row;
    };
    const pages = async (label) => ({
      participants: await measurePage('participants', label),
      checkups: await measurePage('checkups', label),
      history: await measurePage('history', label),
    });
    const small = await pages(`${SCALE_SMALL} participants`);
    const {
      rows: [{ lastId }],
    } = await client.query('select coalesce(max(id), 0)::int as "lastId" from participants');
    const {
      rows: [main],
    } = await client.query(
      `select establishment_id as id from participants group by establishment_id order by count(*) desc limit 1`,
    );
    const {
      rows: [{ count }],
    } = await client.query('select count(*)::int as count from participants');
    const others = await client.query(
      `select count(*)::int as n from participants where establishment_id <> $1`,
      [main.id],
    );
    const copies = Math.ceil((SCALE_LARGE - count) / Math.max(1, others.rows[0].n));
    const started = Date.now();
    await client.query(
      `insert into participants (last_name, first_name, birth_date, civility_id, gender_id, email, mobile,
         active, establishment_id, company_id, group_id, company_name, checkup_type_id, periodicity_id)
       select p.last_name, p.first_name, p.birth_date, p.civility_id, p.gender_id, p.email, p.mobile,
         p.active, p.establishment_id, p.company_id, p.group_id, p.company_name, p.checkup_type_id, p.periodicity_id
       from participants p cross join generate_series(1, $2::int) copy
       where p.establishment_id <> $1
       limit $3`,
      [main.id, copies, SCALE_LARGE - count],
    );
    // Each added participant gets a closed check-up of the last two years, so the check-up table grows too.
    await client.query(
      `insert into checkups (participant_id, establishment_id, company_id, group_id, checkup_type_id, state,
         first_appointment_date, closing_date)
       select p.id, p.establishment_id, p.company_id, p.group_id, p.checkup_type_id, 'CLOSED',
         current_date - (p.id % 700), current_date - (p.id % 700) + 20
       from participants p where p.id > $1`,
      [lastId],
    );
    await client.query('vacuum analyze participants');
    await client.query('vacuum analyze checkups');
    const {
      rows: [{ total, checkups }],
    } = await client.query(
      'select (select count(*) from participants)::int as total, (select count(*) from checkups)::int as checkups',
    );
    console.log(
      `  filled to ${total} participants and ${checkups} check-ups in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const large = await pages(`${total} participants`);
    return { small, large };
  } finally {
    await client.end().catch(() => {});
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function signInPageJs() {
  ensureChromium();
  const build = spawnSync('npm', ['run', 'build', '-w', '@portail/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'portail-bench-web-'));
  const server = startServer(3199, { DATA_DIR: dataDir, DEMO_PARTICIPANTS: '50' });
  const { chromium } = await import('@playwright/test');
  try {
    await waitFor('http://127.0.0.1:3199/api/health', 120_000);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto('http://127.0.0.1:3199/login', { waitUntil: 'networkidle' });
    await browser.close();
    let gzip = 0;
    let raw = 0;
    for (const path of scripts) {
      const bytes = readFileSync(join(root, 'packages/web/dist', path));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(
      `web      sign-in page JavaScript: ${scripts.size} files, ${(raw / 1024).toFixed(0)} kB, ${(gzip / 1024).toFixed(1)} kB gzip (budget 200 kB)`,
    );
    return gzip;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench: ${DURATION}s a call, ${CONNECTIONS} connections, list scope about ${SCOPE} participants`);
let scale = null;
let exportFigures = null;
let importFigures = null;
if (!ONLY_INTEGRATION && !ONLY_LISTS && !ONLY_SCALE) {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'portail-bench-'));
  try {
    console.log(`PGlite: generating ${PGLITE_PARTICIPANTS} participants…`);
    await benchServer(
      'pglite',
      { DATA_DIR: pgliteDir, DEMO_PARTICIPANTS: String(PGLITE_PARTICIPANTS) },
      3197,
    );
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}
/**
 * Runs one of the integration API's bench scripts (issue 19) on a fresh PostgreSQL database of its own,
 * and answers the figures of the JSON line it prints last (null, the failure said, when it fails).
 */
async function benchScript(adminUrl, name, script) {
  const url = await freshDatabase(adminUrl, name);
  const run = spawnSync('node', ['--import', 'tsx', join(root, 'scripts', script)], {
    cwd: join(root, 'packages/server'),
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  await dropPostgres(adminUrl, name);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !line.startsWith('{')) {
    console.log(`postgres ${script}: failed\n${run.stderr}`);
    return null;
  }
  return JSON.parse(line);
}

/** A change on the portal notified to a subscriber: the portal's delivery loop and a local receiver (port 3510). */
async function benchNotify(adminUrl) {
  const figures = await benchScript(adminUrl, 'portail_bench_notify', 'bench-notify.ts');
  if (figures)
    console.log(
      `postgres a change notified to a subscriber (${figures.changes} changes)  p50 ${figures.p50} ms  p99 ${figures.p99} ms  max ${figures.max} ms`,
    );
  return figures;
}

/** The API's writes, the portal listening on port 3511: a 1,000-entry transaction Bundle, conditional updates per second. */
async function benchFhirWrites(adminUrl) {
  const figures = await benchScript(adminUrl, 'portail_bench_fhir', 'bench-fhir-writes.ts');
  if (figures) {
    console.log(
      `postgres FHIR conditional update of a Patient  ${figures.updatesPerS}/s (${Math.round((100 * figures.updatesPerS) / figures.baselinePerS)} % of the bare ${figures.baselinePerS}/s)  p99 ${figures.updateP99Ms} ms  errors ${figures.updateErrors}`,
    );
    console.log(
      `postgres FHIR transaction Bundle of 1,000 conditional updates  ${figures.bundleCreateMs} ms creating, ${figures.bundleUpdateMs} ms updating`,
    );
  }
  return figures;
}

/** The initial load: the import command's own function, 200,000 participants and 1,000 establishments, then the file again. */
async function benchImport(adminUrl) {
  const figures = await benchScript(adminUrl, 'portail_bench_import', 'bench-import.ts');
  if (figures)
    console.log(
      `postgres initial load of ${figures.participants} participants and ${figures.establishments} establishments  ${figures.seconds} s (${figures.linesPerS} lines/s, ${figures.refused} refused); the same file again ${figures.againSeconds} s (${figures.againUnchanged} unchanged)`,
    );
  return figures;
}

let notify = null;
let fhirWrites = null;
let initialLoad = null;
if (process.env.BENCH_DATABASE_URL) {
  if (!ONLY_INTEGRATION) {
    if (!ONLY_SCALE) {
      const url = await freshDatabase(process.env.BENCH_DATABASE_URL, 'portail_bench');
      console.log(`PostgreSQL: generating ${PARTICIPANTS} participants…`);
      await benchServer('postgres', { DATABASE_URL: url, DEMO_PARTICIPANTS: String(PARTICIPANTS) }, 3198);
    }
    if (SCALE_LARGE > 0 && !ONLY_LISTS) scale = await benchScale(process.env.BENCH_DATABASE_URL, 3196);
  }
  if (!ONLY_LISTS && !ONLY_SCALE) {
    notify = await benchNotify(process.env.BENCH_DATABASE_URL);
    fhirWrites = await benchFhirWrites(process.env.BENCH_DATABASE_URL);
    initialLoad = await benchImport(process.env.BENCH_DATABASE_URL);
  }
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)');
}
const js = ONLY_INTEGRATION || ONLY_LISTS || ONLY_SCALE ? null : await signInPageJs();
if (notify) {
  const ok = notify.count === notify.changes && notify.p99 <= 2000;
  console.log(
    `  a change on the portal notified to a subscriber, p99 ≤ 2 s on PostgreSQL: p99 ${notify.p99} ms (${notify.count}/${notify.changes} delivered) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
if (fhirWrites) {
  const updatesOk = fhirWrites.updatesPerS >= 300 && fhirWrites.updateErrors === 0;
  console.log(
    `  conditional update of a Patient ≥ 300/s on PostgreSQL: ${fhirWrites.updatesPerS}/s ${updatesOk ? 'OK' : 'OVER BUDGET'}`,
  );
  const bundleMs = Math.max(fhirWrites.bundleCreateMs, fhirWrites.bundleUpdateMs);
  console.log(
    `  a 1,000-entry transaction Bundle ≤ 2 s on PostgreSQL: ${bundleMs} ms ${bundleMs <= 2000 ? 'OK' : 'OVER BUDGET'}`,
  );
}
if (initialLoad) {
  const ok = initialLoad.refused === 0 && initialLoad.seconds <= 300;
  console.log(
    `  initial load of ${initialLoad.participants} participants with their establishments ≤ 5 min on PostgreSQL: ${initialLoad.seconds} s ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
const principalPg = results.find((row) => row.db === 'postgres' && row.name.includes('principal'));
console.log('\nbudgets');
if (principalPg)
  console.log(
    `  principal ≥ 50% of baseline on PostgreSQL: ${(principalPg.ratio * 100).toFixed(0)}% ${principalPg.ratio >= 0.5 ? 'OK' : 'OVER BUDGET'}`,
  );
const listPg = results.find((row) => row.db === 'postgres' && row.name.includes('adherentsCorrespondant'));
if (listPg)
  console.log(
    `  participant list ≥ 30% of baseline and p99 ≤ 50 ms on PostgreSQL: ${(listPg.ratio * 100).toFixed(0)}%, p99 ${listPg.p99} ms ${listPg.ratio >= 0.3 && listPg.p99 <= 50 ? 'OK' : 'OVER BUDGET'}`,
  );
const searchPg = results.find((row) => row.db === 'postgres' && row.name.includes('searching nom='));
if (searchPg)
  console.log(
    `  participant list last-name search p99 ≤ 50 ms on PostgreSQL: p99 ${searchPg.p99} ms ${searchPg.p99 <= 50 ? 'OK' : 'OVER BUDGET'}`,
  );
const documentsPg = results.find((row) => row.db === 'postgres' && row.name.includes('document/list'));
if (documentsPg)
  console.log(
    `  document list ≥ 30% of baseline and p99 ≤ 50 ms on PostgreSQL: ${(documentsPg.ratio * 100).toFixed(0)}%, p99 ${documentsPg.p99} ms ${documentsPg.ratio >= 0.3 && documentsPg.p99 <= 50 ? 'OK' : 'OVER BUDGET'}`,
  );
for (const [label, key] of [
  ['transfer list', 'GET /api/mutation'],
  ['correspondant list', 'GET /api/correspondant'],
  ['check-up list', 'GET /api/bilansCorrespondant'],
  ['check-up list, a state', '  same, check-ups in progress (etatBilan=EN_COURS)'],
  ['check-up history', 'GET /api/historiqueBilansCorrespondant'],
  ['check-up history, a state and a sort', '  same, closed check-ups, newest next check-up first'],
]) {
  const row = results.find((r) => r.db === 'postgres' && r.name === key);
  if (row)
    console.log(
      `  ${label} ≥ 30% of baseline and p99 ≤ 50 ms on PostgreSQL: ${(row.ratio * 100).toFixed(0)}%, p99 ${row.p99} ms ${row.ratio >= 0.3 && row.p99 <= 50 ? 'OK' : 'OVER BUDGET'}`,
    );
}
if (importFigures) {
  const checkOk = importFigures.checkMs <= 10_000;
  const runOk =
    importFigures.runMs <= 60_000 &&
    importFigures.state === 'done' &&
    importFigures.created === importFigures.rows;
  console.log(
    `  import of ${importFigures.rows} rows, checked ≤ 10 s and imported ≤ 60 s on PostgreSQL: ${(importFigures.checkMs / 1000).toFixed(1)} s and ${(importFigures.runMs / 1000).toFixed(1)} s (${importFigures.created} created) ${checkOk && runOk ? 'OK' : 'OVER BUDGET'}`,
  );
}
if (exportFigures) {
  for (const figure of exportFigures.figures) {
    // The budget is for 10,000 rows: the time is scaled to 10,000 (the writing is linear in rows; a
    // smaller export's fixed start-up cost then counts more than once, which errs on the safe side).
    const per10k = figure.rows > 0 ? (figure.ms * 10_000) / figure.rows : figure.ms;
    const ok = figure.rows > 0 && per10k <= 3000 && figure.growthMb <= 150;
    console.log(
      `  Excel export of 10,000 rows ≤ 3 s and ≤ 150 MB on PostgreSQL, ${figure.name}: ${figure.rows} rows in ${figure.ms} ms (${Math.round(per10k)} ms per 10,000), +${figure.growthMb.toFixed(0)} MB ${ok ? 'OK' : 'OVER BUDGET'}`,
    );
  }
  const { quietP99, busyP99, errors } = exportFigures.under;
  const ok = busyP99 <= 2 * Math.max(quietP99, 1) && errors === 0;
  console.log(
    `  participant list p99 within 2× its quiet value while five exports run: ${busyP99} ms vs ${quietP99} ms ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
}
if (scale) {
  for (const [kind, label] of [
    ['participants', 'participant list'],
    ['checkups', 'check-up list'],
    ['history', 'check-up history'],
  ]) {
    const small = scale.small[kind];
    const large = scale.large[kind];
    const growth = large.mean / small.mean;
    console.log(
      `  ${label} page, uncached, at ${SCALE_LARGE} within 1.5× of ${SCALE_SMALL}: mean ${small.mean.toFixed(2)} → ${large.mean.toFixed(2)} ms (×${growth.toFixed(2)}) ${growth <= 1.5 ? 'OK' : 'OVER BUDGET'}`,
    );
  }
}
if (js !== null) {
  console.log(
    `  sign-in page JS ≤ 200 kB gzip: ${(js / 1024).toFixed(1)} kB ${js <= 200 * 1024 ? 'OK' : 'OVER BUDGET'}`,
  );
  await (await import('./bench-viewer.mjs')).benchViewerBudget();
}
