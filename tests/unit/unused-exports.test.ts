/**
 * Every export is imported somewhere (knip over server/, src/, scripts/ and tests/; knip.json):
 * an export nobody uses is dead code that still looks like an interface someone depends on.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('exports', () => {
  it('are all used', async () => {
    const knip = path.resolve('node_modules/knip/bin/knip.js');
    const run = promisify(execFile)(process.execPath, [knip, '--include', 'exports,types', '--no-progress', '--no-config-hints'], {
      maxBuffer: 4 * 1024 * 1024,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
    );
    const { code, stdout } = await run;
    expect(stdout.trim()).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
