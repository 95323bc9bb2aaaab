/**
 * `npm run restore -- <file.tar.gz>`: unpacks a backup into an empty DATA_DIR and checks that its
 * database starts; then `npm run serve` on that DATA_DIR. See docs/deploy.md.
 */
import path from 'node:path';
import { neutraliseExitHook } from '../server/db/embedded';
import { restore } from './backup-lib';

neutraliseExitHook();
const source = process.argv[2];
try {
  if (!source) throw new Error('Usage: npm run restore -- <file.tar.gz> (into DATA_DIR, default ./data, which must be empty)');
  // Not loadConfig(): it would write new secrets into the empty directory first.
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  await restore({ source: path.resolve(source), dataDir, log: (line) => console.log(`[restore] ${line}`) });
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
