// Builds @fieldbook/client from the generated client of the contract (generated/api: SDK functions,
// types and the fetch client; not the app's TanStack Query options or zod schemas): one ES module
// bundled by esbuild and the declarations by tsc, into dist/. `npm pack` runs it (prepack).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const root = path.resolve(here, '..', '..');
const generated = path.join(root, 'generated', 'api');
const work = path.join(here, '.build');
const dist = path.join(here, 'dist');

fs.rmSync(work, { recursive: true, force: true });
fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });
for (const part of ['client', 'core', 'client.gen.ts', 'sdk.gen.ts', 'types.gen.ts', 'index.ts']) {
  fs.cpSync(path.join(generated, part), path.join(work, part === 'index.ts' ? 'generated.ts' : part), { recursive: true });
}
fs.copyFileSync(path.join(here, 'src', 'index.ts'), path.join(work, 'index.ts'));

await build({
  entryPoints: [path.join(work, 'index.ts')],
  outfile: path.join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  logLevel: 'warning',
});
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(here, 'tsconfig.build.json')],
  { stdio: 'inherit' },
);
fs.rmSync(work, { recursive: true, force: true });
console.log('@fieldbook/client built: packages/client/dist');
