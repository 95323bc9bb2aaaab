/**
 * Files (photos, thumbnails, signatures, PDFs) behind one small interface, so the server keeps no
 * files of its own once an object store is configured.
 *
 * Keys are relative paths that always start with the tenant id (`tenantKey(tenantId, ...)`): one
 * tenant's files never share a prefix with another's, and a key that does not belong to the
 * caller's tenant cannot be formed from a row of the caller's tenant (RLS hands out only those).
 *
 * Today: `LocalFileStorage`, a directory (DATA_DIR/files). Writes go to a temporary file first and
 * are renamed into place, so a reader never sees half a file.
 *
 * Next step, not built yet: an S3-compatible store (MinIO, AWS, Hetzner, ...) implementing the same
 * interface with PutObject, GetObject (with `Range` for `stream`), HeadObject for `stat` and
 * DeleteObject, configured by S3_ENDPOINT, S3_BUCKET, S3_REGION and the access keys; the key
 * layout stays the same. Until then several server instances need a shared directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Size of the stored file, or undefined when there is none. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The file or the inclusive byte range `start`..`end` of it. */
  stream(key: string, range?: { start: number; end: number }): Readable;
  /** Removes the file; a missing file is no error. */
  delete(key: string): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A key in the tenant's namespace: `<tenantId>/<part>/<part>`; parts are plain names, no paths. */
export function tenantKey(tenantId: string, ...parts: string[]): string {
  const segments = [tenantId, ...parts];
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.includes('..')) throw new Error(`invalid storage key segment: ${segment}`);
  }
  return segments.join('/');
}

export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const segments = key.split('/');
    if (segments.length < 2 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
      throw new Error(`invalid storage key: ${key}`);
    }
    return path.join(this.root, ...segments);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.promises.writeFile(temporary, data, { flag: 'wx' });
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const stats = await fs.promises.stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  stream(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}

/** The storage a server uses: the local directory `<DATA_DIR>/files`. */
export function createFileStorage(config: { dataDir: string }): FileStorage {
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}
