// Fails when generated/ is not exactly what the contract produces.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
execFileSync(process.execPath, ['scripts/generate.mjs'], { cwd: root, stdio: 'inherit' });
const status = execFileSync('git', ['status', '--porcelain', '--', 'generated'], { cwd: root, encoding: 'utf8' });
if (status.trim()) {
  console.error('generated/ is out of date with openapi/. Run `npm run generate` and commit the result:\n' + status);
  process.exit(1);
}
console.log('generated/ matches the contract.');
