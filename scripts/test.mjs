// The README's test command: Chromium for the end-to-end tests, the built app, then every
// Vitest project (unit, api, component, e2e). Extra arguments go to Vitest. Ends with the plain
// line "N passed, N failed" that CI reads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const report = path.join(root, 'test-results', 'vitest.json');

let status = 0;
try {
  run(process.execPath, ['scripts/ensure-chromium.mjs']);
  run(bin('vite'), ['build', '--logLevel', 'warn']);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);
} catch (error) {
  status = error.status ?? 1;
}
if (fs.existsSync(report)) {
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log(`${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (result.numTotalTests === 0) status ||= 1;
}
process.exit(status);
