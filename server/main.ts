/** The product's entry point: configuration, database, server; a clean stop on SIGINT/SIGTERM. */
import { buildServer } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './platform/config';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = (line: string) => console.log(`[fieldbook] ${line}`);
  const prepared = await prepareDatabase(config, log);
  const app = await buildServer({ config, database: prepared.database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping`);
    await app.close().catch(() => undefined);
    await prepared.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    await prepared.stop();
    process.exit(1);
  }
  log(`ready: open ${config.publicUrl}`);
}

main().catch((error) => {
  console.error('Start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
