// What the fault scenarios share: a portal process whose log is kept (and shown when a bound fails),
// timed calls, SQL on the private cluster, and the bounds each scenario checks.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startServer, stopServer, waitFor } from '../lib/portal.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const now = () => performance.now();

/** The last lines a portal wrote, to explain a failure without flooding the report. */
const LOG_LINES = Number(process.env.FAULTS_LOG_LINES ?? 400);

/** Portals still running: an interrupted or failed run kills them on its way out. */
const running = new Set();

export function killPortals() {
  for (const child of running) child.kill('SIGKILL');
}

/** The production settings every portal of the run gets (faults.mjs: productionSinks). */
let productionEnv = {};
export function useProductionEnv(env) {
  productionEnv = env;
}

/**
 * Starts the real server as a centre runs it — the compiled production start (scripts/lib/portal.mjs),
 * on data seeded as a fixture — with its output captured rather than printed.
 */
export async function startPortal(port, env, { readyTimeoutMs = 120_000 } = {}) {
  const child = startServer(port, { ...productionEnv, ...env }, ['ignore', 'pipe', 'pipe'], {
    production: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > LOG_LINES) lines.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const portal = {
    child,
    base,
    port,
    lines,
    /** Log lines (pino JSON) that match `pattern`. */
    logged: (pattern) => lines.filter((line) => pattern.test(line)),
    stop: () => stopServer(child),
    /** SIGKILL: no shutdown hook, no flush, exactly as a crash or an OOM kill. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
  await Promise.race([
    waitFor(`${base}/api/health/ready`, readyTimeoutMs),
    exited.then(({ code, signal }) => {
      throw new Error(`portal on ${port} exited (${code ?? signal}):\n${lines.slice(-30).join('\n')}`);
    }),
  ]);
  return portal;
}

/**
 * One call, timed. Never throws: a network failure is status 0, a call still unanswered after
 * `abortMs` is status -1 (a hang), so the scenarios count them like any other reply.
 */
export async function timedCall(url, init = {}, abortMs = 30_000) {
  const start = now();
  try {
    const reply = await fetch(url, { ...init, signal: AbortSignal.timeout(abortMs) });
    const text = await reply.text();
    return { start, end: now(), status: reply.status, text };
  } catch (error) {
    const hang = error instanceof Error && error.name === 'TimeoutError';
    return { start, end: now(), status: hang ? -1 : 0, text: String(error) };
  }
}

export const json = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The bounds of a scenario: each one named, with what was measured; failures are listed at the end. */
export class Bounds {
  failures = [];

  check(name, ok, detail = '') {
    if (!ok) this.failures.push(detail ? `${name} (${detail})` : name);
    return ok;
  }
}

/** Counts of the values `key` gives, as `503×12 200×40`. */
export function tally(items, key) {
  const counts = new Map();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([value, n]) => `${value}×${n}`).join(' ') || 'none';
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
