// The README's test command: Chromium for the end-to-end tests, the built app, then every
// Vitest project (unit, api, component, e2e). Extra arguments go to Vitest.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

try {
  run(process.execPath, ['scripts/ensure-chromium.mjs']);
  run(bin('vite'), ['build', '--logLevel', 'warn']);
  run(bin('vitest'), ['run', ...process.argv.slice(2)]);
} catch (error) {
  process.exit(error.status ?? 1);
}
