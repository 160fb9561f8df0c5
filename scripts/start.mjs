// `npm start`: the DEMO. Builds the web app when it has not been built, then starts the demo server
// (packages/server/src/demo/main.ts: demo mode always, demo data on an empty database) on port 3000 on the
// embedded database. A centre's installation uses `npm run build` and `npm run start:prod` (README).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'packages/web/dist/index.html'))) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@portail/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
console.log('Starting the DEMO (public demo accounts, messages in the outbox at /dev/outbox).');
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/demo/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
