// Scenario 2: the server killed with SIGKILL in the middle of a stream of writes (participant creations
// and transfer requests by corr.etablissement). After a restart on the same database every write the
// server acknowledged must be there with the values sent, and no write may be half there: each one is a
// transaction over several tables, checked here by their invariants in SQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { seedFixture, signIn } from '../lib/portal.mjs';
import { Bounds, json, now, sleep, startPortal, withClient } from './common.mjs';
import { verify } from './write-checks.mjs';

const WORKERS = 8;
/** The kill lands at a random moment of this window after the stream starts. */
const KILL_AFTER_MS = [1500, 4000];

/** A valid creation form (test/participants-fixtures.ts validForm; ids of demo/reference.ts). */
function creationForm(n, tag) {
  return {
    civilite: 2,
    // Upper-case ASCII: stored as sent (the last name is normalised to upper case without accents).
    nom: `FAUTE ${tag} ${n}`,
    prenom: `Zoe${n}`,
    nomJeuneFille: null,
    dateNaissance: '1980-05-17',
    sexe: 6,
    profession: 'Ingénieure',
    paysExercice: 716,
    provenance: null,
    categorie: null,
    typeBilan: 30,
    dateProchainBilan: '2027-01-15',
    gestionRdv: null,
    periodicite: 40,
    info4: null,
    dateAdhesion: null,
    datePremiereAdhesion: null,
    adresse: {
      ligne1: null,
      ligne2: null,
      ligne3: null,
      numeroVoie: '12',
      typeVoie: 100,
      nomVoie: 'de la Paix',
      ligne5: null,
      codePostal: '75002',
      localite: 'Paris',
      pays: 716,
    },
    utiliserAdresseEtablissement: false,
    telephoneFixe: null,
    telephonePortable: '06 12 34 56 78',
    mail: `faute.${tag}.${n}@example.com`,
    telephoneSecretariat: null,
    contact: {
      civilite: null,
      nom: null,
      prenom: null,
      mail: null,
      telephoneFixe: null,
      telephonePortable: null,
      fonction: null,
    },
    idEtablissement: null,
  };
}

/** corr.etablissement's establishment, its participants free to move, each with a destination taking their check-up type. */
async function fixtures(sql) {
  const { rows: own } = await sql.query(
    `select c.establishment_id as id from users u join correspondants c on c.id = u.correspondant_id
      where u.login = 'corr.etablissement'`,
  );
  const establishmentId = own[0]?.id;
  if (!establishmentId) throw new Error('no corr.etablissement in the demo data');
  const { rows: movable } = await sql.query(
    `select p.id, (select e.id from establishments e
                     join establishment_checkup_types t on t.establishment_id = e.id
                    where e.id <> p.establishment_id and e.termination_date is null
                      and t.checkup_type_id = p.checkup_type_id
                    order by e.id limit 1) as destination
       from participants p
      where p.establishment_id = $1 and p.active and not p.transfer_in_progress
        and not p.locked_by_external_system and p.checkup_type_id is not null
      order by p.id`,
    [establishmentId],
  );
  const baseline = await sql.query(
    `select (select coalesce(max(id), 0) from participants)::int as participant,
            (select coalesce(max(id), 0) from mutations)::int as mutation,
            (select coalesce(max(id), 0) from audit_log)::int as audit`,
  );
  return {
    establishmentId,
    transfers: movable.filter((row) => row.destination !== null),
    baseline: baseline.rows[0],
  };
}

/**
 * The stream: WORKERS concurrent loops alternating a creation and (while movable participants remain)
 * a transfer request, killed with SIGKILL at a random moment. Returns what was acknowledged.
 */
/** A reason of the reference data (demo/reference.ts, enum motifmouvement), which every fixture holds. */
const TRANSFER_REASON = 50;

async function killMidStream(portal, { transfers, baseline }) {
  const token = await signIn(portal.base, 'corr.etablissement', true);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tag = Date.now().toString(36).toUpperCase();
  const acked = [];
  const attempts = { create: 0, transfer: 0 };
  const inFlight = new Set();
  const refused = [];
  const jobs = transfers.slice();
  let next = 0;
  let killed = false;
  const nextJob = () => {
    next++;
    const transfer = next % 2 === 0 ? jobs.shift() : undefined;
    return transfer
      ? {
          kind: 'transfer',
          participant: transfer.id,
          destination: transfer.destination,
          after: baseline.mutation,
        }
      : { kind: 'create', body: creationForm(next, tag) };
  };
  const worker = async () => {
    while (!killed) {
      const job = nextJob();
      attempts[job.kind]++;
      const [url, method, body] =
        job.kind === 'create'
          ? [`${portal.base}/api/adherentsCorrespondant/detail`, 'PUT', job.body]
          : [
              `${portal.base}/api/adherents/${job.participant}/muter`,
              'POST',
              {
                etablissementDestination: job.destination,
                // A transfer names its reason (issue 18): 50 is the demo reference data's "Démission".
                motifMouvement: TRANSFER_REASON,
                priseEnChargeBilanEnCours: false,
              },
            ];
      inFlight.add(job);
      try {
        const reply = await fetch(url, { method, headers, body: JSON.stringify(body) });
        const text = await reply.text();
        if (reply.ok) acked.push(job.kind === 'create' ? { ...job, id: json(text)?.idParticipant } : job);
        else if (!killed) refused.push(`${job.kind} ${reply.status} ${text.slice(0, 120)}`);
      } catch {
        // The connection died with the server: neither acknowledged nor refused.
      } finally {
        if (!killed) inFlight.delete(job);
      }
    }
  };
  const stream = Array.from({ length: WORKERS }, worker);
  const killAfter = KILL_AFTER_MS[0] + Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]);
  await sleep(killAfter);
  killed = true;
  const pending = inFlight.size;
  await portal.kill();
  await Promise.all(stream);
  return { acked, attempts, pending, refused, killAfter };
}

/** The restarted server serves the writes too: the last acknowledged creation, read over the API. */
async function readBack(portal, acked) {
  const last = acked.findLast((w) => w.kind === 'create');
  if (!last) return null;
  const token = await signIn(portal.base, 'corr.etablissement', true);
  const reply = await fetch(`${portal.base}/api/adherents/${last.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return reply.status;
}

function judge(label, run, found, readStatus, restartMs) {
  const bounds = new Bounds();
  const creations = run.acked.filter((w) => w.kind === 'create').length;
  bounds.check(
    `${label}: the stream acknowledged creations and transfers before the kill`,
    creations > 0 && run.acked.length > creations,
  );
  bounds.check(
    `${label}: no write refused before the kill`,
    run.refused.length === 0,
    run.refused.slice(0, 3).join('; '),
  );
  bounds.check(
    `${label}: every acknowledged write is there with the values sent`,
    found.missing.length === 0,
    found.missing.slice(0, 3).join('; '),
  );
  const halfRows = found.half.reduce((sum, broken) => sum + broken.rows.length, 0);
  bounds.check(
    `${label}: no half-written write`,
    halfRows === 0,
    found.half
      .map(({ name, rows }) => `${name}: ${rows.length} ${JSON.stringify(rows.slice(0, 3))}`)
      .join('; '),
  );
  bounds.check(
    `${label}: the restarted server reads the last acknowledged creation`,
    readStatus === 200,
    String(readStatus),
  );
  console.log(
    `${label.padEnd(9)} killed after ${(run.killAfter / 1000).toFixed(1)} s of ${WORKERS} concurrent writers ` +
      `(${run.attempts.create} creations and ${run.attempts.transfer} transfers sent, ${run.pending} in flight); ` +
      `acknowledged ${run.acked.length} (${creations} creations, ${run.acked.length - creations} transfers); ` +
      `missing ${found.missing.length}; half-written ${halfRows}; committed but unacknowledged ${found.unacked}; ` +
      `created without their activation mail in the outbox ${found.silentMail}; restarted in ${(restartMs / 1000).toFixed(1)} s`,
  );
  return bounds.failures;
}

/** On PostgreSQL (the private cluster): the checks run over SQL beside the restarted server. */
export async function sigkillScenario({ databaseUrl, ports }) {
  const env = { DATABASE_URL: databaseUrl };
  const fx = await withClient(databaseUrl, fixtures);
  const run = await killMidStream(await startPortal(ports.kill, env), fx);
  const restartAt = now();
  const portal = await startPortal(ports.kill, env);
  const restartMs = now() - restartAt;
  try {
    const found = await withClient(databaseUrl, (sql) => verify(sql, run, fx));
    return {
      name: 'sigkill',
      failures: judge('sigkill', run, found, await readBack(portal, run.acked), restartMs),
    };
  } finally {
    await portal.stop();
  }
}

/**
 * On PGlite with a data directory (the default demo database): PGlite is one process's embedded
 * database, so the checks open the directory here, while no server runs on it.
 */
export async function sigkillPgliteScenario({ ports }) {
  const dir = mkdtempSync(join(tmpdir(), 'portail-faults-pglite-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  const env = { DATA_DIR: dir };
  const onDisk = async (work) => {
    const db = await PGlite.create(dir);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  try {
    seedFixture(env, 300, 120);
    const fx = await onDisk(fixtures);
    const run = await killMidStream(await startPortal(ports.pglite, env), fx);
    const restartAt = now();
    const portal = await startPortal(ports.pglite, env);
    const restartMs = now() - restartAt;
    let readStatus;
    try {
      readStatus = await readBack(portal, run.acked);
    } finally {
      await portal.stop();
    }
    const found = await onDisk((sql) => verify(sql, run, fx));
    return { name: 'sigkill-pglite', failures: judge('pglite', run, found, readStatus, restartMs) };
  } finally {
    remove();
  }
}
