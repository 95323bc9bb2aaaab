/**
 * `npm run backup -- <file.tar.gz>`: a consistent backup of the installation in DATA_DIR (database,
 * stored files, secrets), taken while the server runs or not; with STORAGE_DRIVER=s3 the files
 * are the bucket's objects. See docs/deploy.md.
 */
import path from 'node:path';
import { neutraliseExitHook } from '../server/db/embedded';
import { ConfigError, loadConfig } from '../server/platform/config';
import { createFileStorage, StorageUnavailableError } from '../server/platform/storage';
import { backup } from './backup-lib';

neutraliseExitHook();
const target = process.argv[2];
try {
  if (!target) throw new ConfigError('Usage: npm run backup -- <file.tar.gz>');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      "DATABASE_URL is set: back up that database with its provider's tools (pg_dump, point-in-time recovery), and the files with the bucket's versioning or DATA_DIR/files separately (docs/deploy.md).",
    );
  }
  let files;
  if (config.storage.driver === 's3') {
    files = createFileStorage(config);
    await files.check();
  }
  await backup({ dataDir: config.dataDir, target: path.resolve(target), files, log: (line) => console.log(`[backup] ${line}`) });
} catch (error) {
  console.error(`Backup failed: ${error instanceof StorageUnavailableError || error instanceof ConfigError ? error.message : (error as Error).message}`);
  process.exit(1);
}
