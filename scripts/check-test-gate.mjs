// Checks the test gate itself: runs the README's test command (scripts/test.mjs, without the app
// build) in a scratch copy of the repository on deliberately broken test files and asserts that
// each run exits non-zero, and that a healthy run exits 0. The api project is used on purpose: its
// set-up loads the embedded PostgreSQL, whose exit hook once turned every exit code into 0.
// Run by .ci/run before the suite: `node scripts/check-test-gate.mjs`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-gate-'));
fs.chmodSync(scratch, 0o755);

const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && fs.existsSync(path.join(root, file)));
for (const file of files) {
  fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  fs.copyFileSync(path.join(root, file), path.join(scratch, file));
}
fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');

const write = (file, text) => fs.writeFileSync(path.join(scratch, file), text);
const gateFile = 'tests/api/zz-gate.test.ts';

write('tests/unit/zz-gate-pass.test.ts', "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\n");

const cases = [
  {
    name: 'a healthy run passes',
    file: "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\n",
    args: ['--project', 'unit', '--project', 'api', 'tests/unit/zz-gate-pass.test.ts', gateFile],
    exit: 0,
    line: '2 passed, 0 failed',
  },
  {
    name: 'a failing test fails the run',
    file: "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\ntest('fails', () => expect(1).toBe(2));\n",
    args: ['--project', 'api', gateFile],
    exit: 1,
    line: '1 passed, 1 failed',
  },
  {
    name: 'a file whose beforeAll throws counts as failed',
    file: "import { beforeAll, expect, test } from 'vitest';\nbeforeAll(() => { throw new Error('set-up broke'); });\ntest('never runs', () => expect(1).toBe(1));\n",
    args: ['--project', 'api', gateFile],
    exit: 1,
    line: '0 passed, 1 failed',
  },
  {
    name: 'a file whose afterAll throws counts as failed',
    file: "import { afterAll, expect, test } from 'vitest';\nafterAll(() => { throw new Error('tear-down broke'); });\ntest('passes', () => expect(1).toBe(1));\n",
    args: ['--project', 'api', gateFile],
    exit: 1,
  },
  {
    name: 'a file that does not load counts as failed',
    file: "import { test } from 'vitest';\nimport './does-not-exist';\ntest('never runs', () => undefined);\n",
    args: ['--project', 'api', gateFile],
    exit: 1,
    line: '0 passed, 1 failed',
  },
  {
    name: 'an error outside the tests fails the run',
    file: "import { expect, test } from 'vitest';\ntest('throws later', () => { setTimeout(() => { throw new Error('late'); }, 1); expect(1).toBe(1); });\ntest('waits', async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });\n",
    args: ['--project', 'api', gateFile],
    exit: 1,
  },
  {
    name: 'Vitest failing to start fails the run',
    file: "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\n",
    args: ['--project', 'api', '--config', 'no-such-config.ts', gateFile],
    exit: 1,
  },
  {
    name: 'a selected project that runs no test fails the run',
    file: "import { expect, test } from 'vitest';\ntest('passes', () => expect(1).toBe(1));\n",
    before: () => fs.rmSync(path.join(scratch, 'tests/unit'), { recursive: true, force: true }),
    args: ['--project', 'unit', '--project', 'api', gateFile],
    exit: 1,
    text: 'The project "unit" ran no test.',
  },
];

let failures = 0;
for (const check of cases) {
  write(gateFile, check.file);
  check.before?.();
  const result = spawnSync(process.execPath, ['scripts/test.mjs', ...check.args], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, FIELDBOOK_TEST_SKIP_BUILD: '1', CI: 'true' },
    timeout: 240_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const lines = output.split('\n').map((line) => line.trim());
  const problems = [];
  if ((result.status === 0) !== (check.exit === 0)) problems.push(`exit ${result.status}, expected ${check.exit === 0 ? '0' : 'non-zero'}`);
  if (check.line && !lines.includes(check.line)) problems.push(`no line "${check.line}"`);
  if (check.text && !output.includes(check.text)) problems.push(`no text "${check.text}"`);
  if (problems.length > 0) {
    failures += 1;
    console.error(`FAIL ${check.name}: ${problems.join('; ')}\n${output.split('\n').slice(-25).join('\n')}`);
  } else {
    console.log(`ok   ${check.name} (exit ${result.status})`);
  }
}
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`${cases.length - failures} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
