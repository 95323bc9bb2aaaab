/**
 * `npm run worker`: a process that only works background jobs (decision 0040), beside servers
 * started with JOBS_IN_PROCESS=false. It needs DATABASE_URL (the embedded PostgreSQL belongs to
 * the one server process of a self-hosted installation), migrates under the same advisory lock as
 * the servers, logs as JSON, and on SIGTERM lets running jobs finish or hands them back.
 */
import pino from 'pino';
import { prepareDatabase, type PreparedDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { Jobs } from './platform/jobs';
import { Mailer } from './platform/mail';
import { Metrics } from './platform/metrics';
import { systemClock } from './platform/clock';

const log = (line: string) => console.log(`[fieldbook worker] ${line}`);
let config: Config;
let prepared: PreparedDatabase | undefined;
let jobs: Jobs | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  setTimeout(() => process.exit(code), ((config?.shutdown.timeoutSeconds ?? 25) + 5) * 1000).unref();
  await jobs?.stop((config?.shutdown.timeoutSeconds ?? 25) * 1000).catch(() => undefined);
  await prepared?.stop().catch(() => undefined);
  process.exit(code);
}

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
  if (!config.databaseUrl) {
    console.error('The worker needs DATABASE_URL: without it the server runs the jobs itself, on its embedded PostgreSQL.');
    process.exit(2);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal} received, stopping`);
      void stop(0);
    });
  }
  prepared = await prepareDatabase(config, log);
  if (stopping) return;
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  const { database } = prepared;
  jobs = new Jobs({ database, mailer: new Mailer(config), metrics: new Metrics(database.counts, database.pool), clock: systemClock, config: config.jobs, log: logger }, true);
  await jobs.start();
  log('ready: working jobs');
}

main().catch(async (error: unknown) => {
  console.error(`Worker start failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
});
