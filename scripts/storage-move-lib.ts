/**
 * Copies an installation's stored files from one store to another (decision 0045): the local
 * directory to a bucket or back, and the bucket into a backup. Every file is read as a stream,
 * its SHA-256 taken on the way, written whole, read back from the target and compared; a file
 * already in the target with the same checksum is skipped, so a run that was stopped (or that ran
 * while the server still wrote) is simply run again. The source is never changed.
 */
import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { sha256Of, type FileStorage } from '../server/platform/storage';

export interface MoveSummary {
  checked: number;
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: string[];
}

/** The stream, with its SHA-256 ready once it has been read to the end. */
function hashing(source: Readable) {
  const hash = crypto.createHash('sha256');
  let digest: string | undefined;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      digest = hash.digest('hex');
      done();
    },
  });
  source.on('error', (error) => tap.destroy(error));
  return { stream: source.pipe(tap), sha256: () => digest };
}

async function checksum(storage: FileStorage, key: string) {
  return sha256Of(await storage.stream(key));
}

export async function copyFiles(options: { from: FileStorage; to: FileStorage; log: (line: string) => void; prefix?: string }): Promise<MoveSummary> {
  const { from, to, log } = options;
  const summary: MoveSummary = { checked: 0, copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  for await (const file of from.list(options.prefix)) {
    summary.checked += 1;
    try {
      const there = await to.stat(file.key);
      if (there && there.size === file.size) {
        const [source, target] = await Promise.all([checksum(from, file.key), checksum(to, file.key)]);
        if (source.sha256 === target.sha256) {
          summary.skipped += 1;
          continue;
        }
      }
      const read = hashing(await from.stream(file.key));
      await to.put(file.key, read.stream, file.size);
      const written = await checksum(to, file.key);
      if (written.sha256 !== read.sha256() || written.size !== file.size) {
        log(`checksum differs after copying ${file.key}: the source changed while it was copied, or the target altered it`);
        summary.failed.push(file.key);
        continue;
      }
      summary.copied += 1;
      summary.copiedBytes += file.size;
    } catch (error) {
      log(`could not copy ${file.key}: ${(error as Error).name}: ${(error as Error).message}`);
      summary.failed.push(file.key);
    }
    if (summary.checked % 500 === 0) log(`${summary.checked} files checked so far`);
  }
  return summary;
}

export function describeSummary(summary: MoveSummary, from: FileStorage, to: FileStorage): string {
  const megabytes = (summary.copiedBytes / 1024 / 1024).toFixed(1);
  return (
    `${summary.checked} file(s) in the ${from.description}: ${summary.copied} copied to the ${to.description} (${megabytes} MB), ` +
    `${summary.skipped} already there with the same checksum, ${summary.failed.length} failed`
  );
}
