/**
 * `npm run restore -- <file.tar.gz>`: unpacks a backup into an empty DATA_DIR and checks that its
 * database starts; with STORAGE_DRIVER=s3 it then copies the archive's files into the configured
 * bucket (checksums verified) and removes the local copy. Then `npm run serve` on that DATA_DIR.
 * See docs/deploy.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { neutraliseExitHook } from '../server/db/embedded';
import { loadConfig } from '../server/platform/config';
import { createFileStorage, localFileStorage } from '../server/platform/storage';
import { restore } from './backup-lib';
import { copyFiles, describeSummary } from './storage-move-lib';

neutraliseExitHook();
const source = process.argv[2];
try {
  if (!source) throw new Error('Usage: npm run restore -- <file.tar.gz> (into DATA_DIR, default ./data, which must be empty)');
  // Not loadConfig(): it would write new secrets into the empty directory first.
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  const log = (line: string) => console.log(`[restore] ${line}`);
  await restore({ source: path.resolve(source), dataDir, log });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  if (config.storage.driver === 's3') {
    const from = localFileStorage(dataDir);
    const into = createFileStorage(config);
    await into.check().catch((error: Error) => {
      throw new Error(`${error.message} The archive's files stay in ${path.join(dataDir, 'files')}; move them with npm run storage:move -- --to s3.`);
    });
    const summary = await copyFiles({ from, to: into, log });
    log(describeSummary(summary, from, into));
    if (summary.failed.length > 0) throw new Error(`${summary.failed.length} file(s) did not reach the bucket; the archive's files stay in ${path.join(dataDir, 'files')} (run npm run storage:move -- --to s3).`);
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
  }
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
