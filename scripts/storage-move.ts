/**
 * `npm run storage:move -- --to s3|local`: copies the installation's files from the local
 * directory (DATA_DIR/files) into the bucket of the S3_ settings, or back (decision 0045). Run it
 * again after an interruption, and once more with the server stopped right before switching
 * STORAGE_DRIVER: it skips what is already there with the same checksum. See docs/deploy.md.
 */
import { ConfigError, loadConfig } from '../server/platform/config';
import { localFileStorage, S3FileStorage, StorageUnavailableError } from '../server/platform/storage';
import { copyFiles, describeSummary } from './storage-move-lib';

const log = (line: string) => console.log(`[storage:move] ${line}`);

function target(argv: string[]): 's3' | 'local' {
  const index = argv.indexOf('--to');
  const value = index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--to='))?.slice('--to='.length);
  if (value !== 's3' && value !== 'local') throw new ConfigError('Usage: npm run storage:move -- --to s3|local');
  return value;
}

try {
  const to = target(process.argv.slice(2));
  const config = loadConfig();
  if (!config.storage.s3) throw new ConfigError('S3_BUCKET (and the other S3_ settings of the bucket) must be set to move files to or from a bucket.');
  const local = localFileStorage(config.dataDir);
  const bucket = new S3FileStorage(config.storage.s3);
  const [from, into] = to === 's3' ? [local, bucket] : [bucket, local];
  await from.check();
  await into.check();
  log(`copying from the ${from.description} to the ${into.description}`);
  const summary = await copyFiles({ from, to: into, log });
  log(describeSummary(summary, from, into));
  if (summary.failed.length > 0) {
    log(`run the command again to retry the ${summary.failed.length} failed file(s)`);
    process.exit(1);
  }
  if (config.storage.driver !== to) log(`done; the source is unchanged. Set STORAGE_DRIVER=${to} and restart the server to use the copy.`);
  else log('done; the source is unchanged.');
} catch (error) {
  if (error instanceof ConfigError || error instanceof StorageUnavailableError) console.error(`Move failed: ${error.message}`);
  else console.error(`Move failed: ${(error as Error).name}: ${(error as Error).message}`);
  process.exit(1);
}
