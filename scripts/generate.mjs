// Rebuilds everything derived from the contract: the bundled document, the hey-api client
// (SDK, types, zod schemas, TanStack Query options) and the server's openapi-typescript types.
// Never edit generated/ by hand; CI fails when it differs from what this script writes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' };
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env });

fs.rmSync(path.join(root, 'generated'), { recursive: true, force: true });
fs.mkdirSync(path.join(root, 'generated', 'server'), { recursive: true });

run(bin('redocly'), ['bundle', 'openapi/openapi.yaml', '--output', 'generated/openapi.json', '--ext', 'json']);
// Stable formatting, so the drift check compares content, not whitespace.
const bundled = JSON.parse(fs.readFileSync(path.join(root, 'generated/openapi.json'), 'utf8'));
fs.writeFileSync(path.join(root, 'generated/openapi.json'), JSON.stringify(bundled, null, 2) + '\n');

run(bin('openapi-ts'), ['--file', 'scripts/openapi-ts.config.ts']);
run(bin('openapi-typescript'), ['generated/openapi.json', '--output', 'generated/server/openapi.ts']);
