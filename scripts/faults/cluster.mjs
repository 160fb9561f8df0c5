// A private, throwaway PostgreSQL cluster for the fault scenarios: they stop and restart it, which the
// system cluster on 5432 (shared with other work) must never suffer.
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest PostgreSQL binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
function binaries() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base) : [];
  const found = versions
    .filter((version) => existsSync(join(base, version, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!found) throw new Error(`no PostgreSQL binaries under ${base}/<version>/bin`);
  return join(base, found, 'bin');
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`, and runs as it. */
function command(bin, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function runSync(bin, args, what) {
  const [cmd, argv] = command(bin, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${what} failed (${result.status}): ${result.stderr || result.stdout || result.error}`);
  }
}

/** Asynchronous, so that the load the scenarios drive keeps running (and is timed) meanwhile. */
function run(bin, args, what) {
  const [cmd, argv] = command(bin, args);
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${what} failed: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });
}

/**
 * initdb in a temporary directory and start on `port` (127.0.0.1 only, socket in /tmp, trust
 * authentication: nothing but this script reaches it). Returns its URL and stop / start / remove.
 */
export async function createCluster(port) {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'portail-faults-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, ...postgresIds());
  const data = join(dir, 'data');
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: join(dir, 'server.log'),
    async start() {
      await run(
        join(bin, 'pg_ctl'),
        ['-D', data, '-l', cluster.log, '-o', options, '-w', 'start'],
        'pg_ctl start',
      );
    },
    /** `fast`: sessions are ended (57P01), as an administrator's restart or a fail-over does. */
    async stop(mode = 'fast') {
      await run(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'], 'pg_ctl stop');
    },
    /**
     * Stops it if a postmaster runs (or is starting: its pid file is there) and deletes its directory;
     * synchronous, so that it also runs from an exit handler after a failure or an interruption, and
     * safe to call twice.
     */
    remove() {
      try {
        if (existsSync(join(data, 'postmaster.pid')))
          runSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], 'pg_ctl stop');
      } catch {
        // Already gone: the directory goes anyway.
      } finally {
        // Retries: files the postmaster's last children still write can make one pass fail.
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      }
    },
  };
  // From here on any way out of the process (a failure, Ctrl-C during initdb) takes the cluster along.
  process.once('exit', () => cluster.remove());
  try {
    await run(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'],
      'initdb',
    );
    await cluster.start();
  } catch (error) {
    cluster.remove();
    throw error;
  }
  return cluster;
}

function postgresIds() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root needs a `postgres` user');
  return [Number(uid.stdout), Number(gid.stdout)];
}
