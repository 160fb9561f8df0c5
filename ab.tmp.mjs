import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
const [dir, port] = [process.argv[2], process.argv[3]];
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect(); await admin.query('drop database if exists ab_test with (force)'); await admin.query('create database ab_test'); await admin.end();
const server = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: dir, stdio: 'ignore', env: { ...process.env, PORT: port, HOST: '127.0.0.1', DEMO_MODE: 'true', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ab_test', DEMO_PARTICIPANTS: '3000', LOG_LEVEL: 'warn', OUTBOX_LOG: 'false' } });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) { try { if ((await fetch(base + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 500)); }
const body = new URLSearchParams({ grant_type: 'password', username: 'corr.etablissement|C', password: 'Portail#2026' });
const tok = (await (await fetch(base + '/api/oauth/token', { method: 'POST', headers: { authorization: 'Basic ' + Buffer.from('portail-web:portail-web-public').toString('base64'), 'content-type': 'application/x-www-form-urlencoded' }, body })).json()).access_token;
const run = (o) => new Promise((res, rej) => autocannon({ url: base + o.path, connections: 20, duration: 8, ...o }, (e, r) => e ? rej(e) : res(r)));
for (let round = 0; round < 2; round++) {
  const h = await run({ path: '/api/health' });
  const p = await run({ path: '/api/oauth/principal', method: 'POST', headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: JSON.stringify({ roleCorrespondant: true }) });
  console.log(dir, 'health', Math.round(h.requests.average), 'principal', Math.round(p.requests.average), 'non2xx', p.non2xx, 'ratio', (p.requests.average / h.requests.average).toFixed(2));
}
server.kill('SIGTERM');
