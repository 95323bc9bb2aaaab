/**
 * The typed client for integrators (packages/client, decision 0039): `npm pack` builds a tarball
 * that installs into an empty project, and the example of its README compiles against it with tsc,
 * so its types are the contract's (a wrong parameter is a compile error).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve('.');
const packageDir = path.join(root, 'packages', 'client');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
let dir: string;

/** The README's TypeScript example, as an integrator copies it. */
function readmeExample() {
  const readme = fs.readFileSync(path.join(packageDir, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toContain('listCustomers({');
  return example!;
}

async function compile(source: string) {
  fs.writeFileSync(path.join(dir, 'example.ts'), `${source}\nexport {};\n`);
  return run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? 'tsc failed',
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-client-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: packageDir, maxBuffer: 16 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'integration', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(dir, filename)], { cwd: dir });
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        // The example's own code is what is checked against the package's declarations.
        skipLibCheck: true,
        lib: ['ES2022', 'DOM'],
        typeRoots: [path.join(root, 'node_modules', '@types')],
        types: ['node'],
      },
      files: ['example.ts'],
    }),
  );
}, 120_000);
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the packed client', () => {
  it('installs from its tarball with its README and built files only', () => {
    const installed = path.join(dir, 'node_modules', '@fieldbook', 'client');
    expect(fs.existsSync(path.join(installed, 'README.md'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist', 'index.js'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist', 'index.d.ts'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'build.mjs'))).toBe(false);
  });

  it('compiles the README example with tsc', async () => {
    expect(await compile(readmeExample())).toBe('');
  }, 120_000);

  it('refuses a call that breaks the contract at compile time', async () => {
    const broken = readmeExample().replace('isDescending: false', "isDescending: 'no'");
    expect(await compile(broken)).toContain("error TS2322: Type 'string' is not assignable to type 'boolean'");
  }, 120_000);
});
