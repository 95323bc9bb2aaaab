/**
 * `npm start` builds only when the build's inputs changed (scripts/build-if-changed.mjs): the
 * stamp over the inputs, checked on a small checkout of its own, through the script's command line.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/build-if-changed.mjs');
let root: string;

const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};

async function isCurrent() {
  try {
    await promisify(execFile)(process.execPath, [script, '--root', root, '--check']);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 1) return false;
    throw error;
  }
}

const recordBuild = () => promisify(execFile)(process.execPath, [script, '--root', root, '--write']);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-stamp-'));
  write('src/main.tsx', 'export const app = 1;\n');
  write('src/locales/de.po', 'msgid "Kunden"\nmsgstr "Kunden"\n');
  write('server/main.ts', 'export const server = 1;\n');
  write('generated/openapi.json', '{}\n');
  write('public/favicon.svg', '<svg/>\n');
  write('index.html', '<!doctype html>\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('vite.config.ts', 'export default {};\n');
  // What a build leaves behind.
  write('dist/index.html', '<!doctype html>built\n');
  write('dist/.vite/manifest.json', '{}\n');
  write('build/server/main.mjs', '// built\n');
  write('build/server/worker.mjs', '// built\n');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the build stamp', { timeout: 60_000 }, () => {
  it('asks for a build when none was recorded, and not after one was', async () => {
    expect(await isCurrent()).toBe(false);
    await recordBuild();
    expect(await isCurrent()).toBe(true);
  });

  it.each([
    ['a source of the app', 'src/main.tsx'],
    ['a translation', 'src/locales/de.po'],
    ['a source of the server', 'server/main.ts'],
    ['the generated client', 'generated/openapi.json'],
    ['a public file', 'public/favicon.svg'],
    ['index.html', 'index.html'],
    ['the lock file', 'package-lock.json'],
    ['a config', 'vite.config.ts'],
  ])('asks again when %s changes', async (_what, file) => {
    await recordBuild();
    fs.appendFileSync(path.join(root, file), '// changed\n');
    expect(await isCurrent()).toBe(false);
  });

  it('asks again for a new file, a removed file and a renamed file', async () => {
    await recordBuild();
    write('src/routes/new.tsx', 'export {};\n');
    expect(await isCurrent()).toBe(false);
    await recordBuild();
    fs.rmSync(path.join(root, 'public/favicon.svg'));
    expect(await isCurrent()).toBe(false);
    await recordBuild();
    fs.renameSync(path.join(root, 'server/main.ts'), path.join(root, 'server/start.ts'));
    expect(await isCurrent()).toBe(false);
  });

  it('asks again when an output of the build is missing', async () => {
    for (const output of ['dist/index.html', 'dist/.vite/manifest.json', 'build/server/main.mjs', 'build/server/worker.mjs']) {
      await recordBuild();
      const kept = fs.readFileSync(path.join(root, output));
      fs.rmSync(path.join(root, output));
      expect(await isCurrent(), output).toBe(false);
      fs.writeFileSync(path.join(root, output), kept);
    }
  });

  it('does not ask for what is no input: data, test results, node_modules, compiled catalogs', async () => {
    await recordBuild();
    write('data/postgres/PG_VERSION', '17\n');
    write('test-results/e2e/shot.png', 'png');
    write('node_modules/left-pad/index.js', 'module.exports = 1;\n');
    write('src/node_modules/.vite/deps.json', '{}\n');
    write('src/locales/de.js', 'export const messages = {};\n');
    write('README.md', '# changed\n');
    expect(await isCurrent()).toBe(true);
  });
});
