// Builds the server to JavaScript for production: one ES module bundle of our own code in
// build/server/main.mjs (or the folder given as the first argument), npm packages left as imports
// from node_modules. `npm start` runs it with plain node, so no TypeScript compiler is loaded at run
// time. The bundle must stay inside the project: it finds the contract, migrations and the built app
// from the project root (server/platform/paths.ts).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const outdir = process.argv[2] ?? 'build/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', worker: 'server/worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  // Stack traces in the log name our source files and lines; the sources stay in server/.
  sourcesContent: false,
  logLevel: 'warning',
});
console.log(`server built: ${outdir}/main.mjs, ${outdir}/worker.mjs`);
