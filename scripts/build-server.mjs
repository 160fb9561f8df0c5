// `npm run build` (server part): the production start compiled ahead of time, so that it runs with plain
// `node` and no TypeScript loader: packages/server/dist/main.js (the server), dist/invite.js and
// dist/integration.js (the centre's commands), with the migrations beside them. The contract's
// TypeScript is bundled in; every npm dependency stays an import. The demo (its generator, faker,
// pdf-lib) must not be reachable from any of them: the build fails if it is.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib/portal.mjs';

const server = join(root, 'packages/server');
const dist = join(server, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
// talisman has no exports map and is imported by file path without an extension, which Node's ESM
// resolver refuses: its few files are bundled in.
const BUNDLED = ['talisman'];
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@portail/') && !BUNDLED.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(dist, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: join(server, 'src/main.ts'),
    invite: join(server, 'src/cli/invite.ts'),
    integration: join(server, 'src/cli/integration.ts'),
    // The Excel exports' writer thread, loaded by URL beside main.js (lib/workbook/workbook-writers.ts).
    'workbook-worker': join(server, 'src/lib/workbook/workbook-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const demo = Object.keys(result.metafile.inputs).filter((input) =>
  input.includes('packages/server/src/demo/'),
);
const demoPackages = ['@faker-js/faker', 'pdf-lib', 'i18n-iso-countries', 'tsx'];
const imported = Object.values(result.metafile.outputs).flatMap((output) =>
  output.imports.map((i) => i.path),
);
const leaked = [
  ...demo,
  ...imported.filter((path) => demoPackages.some((name) => path === name || path.startsWith(`${name}/`))),
];
if (leaked.length > 0) {
  console.error(`the production build reaches the demo: ${[...new Set(leaked)].join(', ')}`);
  process.exit(1);
}
cpSync(join(server, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
const size = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, output]) => `${file.replace(`${root}/`, '')} ${(output.bytes / 1024).toFixed(0)} kB`);
console.log(`server built: ${size.join(', ')}`);
