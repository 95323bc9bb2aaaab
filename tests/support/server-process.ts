/**
 * The real server as its own process (server/main.ts under tsx), as operators run it: for tests and
 * scripts about starting, stopping, crashing and database outages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/platform/free-port';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  alive: () => boolean;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM and the exit code. */
  stop: () => Promise<number | string>;
}


/**
 * Runs server/main.ts with tsx as a loader in one process (the `tsx` command would put a second
 * process in front, which a kill -9 would miss), with this environment on a quiet test baseline;
 * or, given `built`, that bundle of the server with plain node, as `npm start` runs it.
 */
export function spawnServer(env: Record<string, string>, built?: string): Omit<ServerProcess, 'baseUrl'> {
  const command = built ? ['--enable-source-maps', built] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SERVE_APP: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    output: () => text,
    alive: () => child.exitCode === null && child.signalCode === null,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Starts the server and waits until it says it is ready; a failed start rejects with its output. */
export async function startServer(env: Record<string, string>, built?: string): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const server = spawnServer({ ...env, PORT: port }, built);
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (server.output().includes('ready: open')) resolve();
      else if (!server.alive()) reject(new Error(`server did not start:\n${server.output()}`));
      else setTimeout(check, 100);
    };
    check();
  });
  return { ...server, baseUrl: `http://127.0.0.1:${port}` };
}
