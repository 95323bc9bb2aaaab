/**
 * Brings the database up: the embedded PostgreSQL in DATA_DIR when DATABASE_URL is not set,
 * migrations as the administrating role, then the app's own connection pool.
 */
import path from 'node:path';
import type { Config } from './platform/config';
import { loadOrCreateSecrets } from './platform/secrets';
import { appUrlFrom, connectDatabase, migrateDatabase, type Database } from './db/database';
import { ensureDatabase, startEmbeddedPostgres } from './db/embedded';

export interface PreparedDatabase {
  database: Database;
  /** The superuser's connection (the embedded server's, or DATABASE_URL). */
  adminUrl: string;
  stop: () => Promise<void>;
}

export async function prepareDatabase(config: Config, log: (line: string) => void): Promise<PreparedDatabase> {
  let adminUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const secrets = loadOrCreateSecrets(config.dataDir);
    const embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      password: secrets.embeddedPgPassword,
      log: (line) => (config.logLevel === 'debug' || config.logLevel === 'trace' ? log(line) : undefined),
      warn: log,
    });
    stopEmbedded = embedded.stop;
    adminUrl = embedded.adminUrl('fieldbook');
    try {
      await ensureDatabase(adminUrl, 'fieldbook');
    } catch (error) {
      await stopEmbedded();
      throw error;
    }
    log(`embedded PostgreSQL running in ${path.join(config.dataDir, 'postgres')} on port ${config.embeddedPgPort}`);
  }
  try {
    // Under an advisory lock: of several processes starting together, one migrates (decision 0040).
    await migrateDatabase(adminUrl, config.appRolePassword, () => log('another process is migrating the database; waiting for it'));
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  const database = connectDatabase(config.databaseAppUrl ?? appUrlFrom(adminUrl, config.appRolePassword), config.databasePoolSize, config.databaseTimeouts);
  return {
    database,
    adminUrl,
    stop: async () => {
      await database.close();
      await stopEmbedded?.();
    },
  };
}
