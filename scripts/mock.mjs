// `npm run dev:mock`: the app in Vite against a Prism mock of the contract, no server needed.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const port = process.env.MOCK_PORT ?? '4010';

const children = [
  spawn(bin('prism'), ['mock', 'generated/openapi.json', '--port', port, '--host', '127.0.0.1', '--errors', 'false'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), process.argv.slice(2), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}`, API_MOCK: '1' },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exit(code ?? 0); });
