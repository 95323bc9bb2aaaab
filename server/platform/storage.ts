/**
 * Files (photos, thumbnails, signatures, work-confirmation PDFs, logos) behind one small interface
 * with two implementations (decision 0045): a local directory (`LocalFileStorage`, DATA_DIR/files,
 * the default) and an S3-compatible bucket (`S3FileStorage`, `STORAGE_DRIVER=s3`: AWS, MinIO,
 * Hetzner, ...). Issued invoices' documents stay in the database, beside their number.
 *
 * Keys are relative paths that always start with the tenant id (`tenantKey(tenantId, ...)`): one
 * tenant's files never share a prefix with another's, and a key that does not belong to the
 * caller's tenant cannot be formed from a row of the caller's tenant (RLS hands out only those).
 * The layout is the same in both stores: the directory's relative paths are the bucket's keys.
 *
 * Files reach a browser only through the server (`file-response.ts`), after the same checks as
 * any call; the bucket stays private and no URL of it is ever handed out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig, StorageConfig } from './config';

export interface StoredFileInfo {
  size: number;
}

export interface FileStorage {
  /** Where the files are, for logs and the move command's summary (no credentials). */
  readonly description: string;
  /**
   * Writes the whole file at once: a reader sees the old file, the new one, or none; never half of
   * one. A stream (with its `size`) is written as it is read, never gathered in memory: uploads
   * come from a temporary file (decision 0052).
   */
  put(key: string, data: Buffer | Readable, size?: number): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Size of the stored file, or undefined when there is none. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** The file or the inclusive byte range `start`..`end` of it, read as it is sent. */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes the file; a missing file is no error. */
  delete(key: string): Promise<void>;
  /** Every stored file under `prefix` (a tenant id, or `tenant/images`; all files without one). */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** Proves at start that the store can be used; throws a `StorageUnavailableError` that says what to change. */
  check(): Promise<void>;
}

/** The store cannot be used: the message says what to change and names no internals. */
export class StorageUnavailableError extends Error {}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A key in the tenant's namespace: `<tenantId>/<part>/<part>`; parts are plain names, no paths. */
export function tenantKey(tenantId: string, ...parts: string[]): string {
  const segments = [tenantId, ...parts];
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.includes('..')) throw new Error(`invalid storage key segment: ${segment}`);
  }
  return segments.join('/');
}

function checkedKey(key: string): string[] {
  const segments = key.split('/');
  if (segments.length < 2 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return segments;
}

function checkedPrefix(prefix: string | undefined): string[] {
  if (!prefix) return [];
  const segments = prefix.split('/');
  if (segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) throw new Error(`invalid storage prefix: ${prefix}`);
  return segments;
}

export class LocalFileStorage implements FileStorage {
  private readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `directory ${this.root}`;
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkedKey(key));
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
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

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = await fs.promises.open(this.pathOf(key), 'r');
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix?: string): AsyncIterable<{ key: string; size: number }> {
    const start = checkedPrefix(prefix);
    yield* this.walk(start);
  }

  private async *walk(segments: string[]): AsyncIterable<{ key: string; size: number }> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(this.root, ...segments), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const next = [...segments, entry.name];
      if (entry.isDirectory()) {
        yield* this.walk(next);
      } else if (entry.isFile() && next.length >= 2 && !entry.name.endsWith('.tmp')) {
        // A `.tmp` file is a write that has not finished (or a crashed one): never a stored file.
        const stats = await fs.promises.stat(path.join(this.root, ...next)).catch(() => undefined);
        if (stats?.isFile()) yield { key: next.join('/'), size: stats.size };
      }
    }
  }

  async check(): Promise<void> {
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.access(this.root, fs.constants.W_OK);
    } catch {
      throw new StorageUnavailableError(`The file directory ${this.root} cannot be written; check DATA_DIR and its permissions.`);
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * An S3-compatible bucket. Objects are written with one PutObject (atomic for readers) whose body
 * is streamed with its known length (a temporary file's size; no multipart upload needed below
 * S3's 5 GB for one PutObject, decision 0052); reads stream the object (with `Range` for byte
 * ranges) straight into the answer. Request checksums
 * only where S3 requires them, so stores that implement the older protocol (MinIO, Ceph, s3rver)
 * work too; the move command verifies SHA-256 checksums end to end itself.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  readonly description: string;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.description = `bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` in ${config.region}`}`;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Buffer | Readable, size?: number): Promise<void> {
    checkedKey(key);
    const length = Buffer.isBuffer(data) ? data.length : size;
    if (length === undefined) throw new Error('a streamed upload needs its size');
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: length }));
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    checkedKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    checkedKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkedKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix?: string): AsyncIterable<{ key: string; size: number }> {
    const segments = checkedPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: segments.length ? `${segments.join('/')}/` : undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) throw new StorageUnavailableError(`The bucket "${this.bucket}" does not exist at the object storage; create it or correct S3_BUCKET.`);
      if (status === 401 || status === 403) {
        throw new StorageUnavailableError(
          `The object storage refused access to the bucket "${this.bucket}"; check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's rights on the bucket.`,
        );
      }
      if (status === 301 || status === 400) {
        throw new StorageUnavailableError(`The object storage rejected the request for the bucket "${this.bucket}"; check S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE.`);
      }
      if (error instanceof S3ServiceException) {
        throw new StorageUnavailableError(`The object storage answered with an error (HTTP ${status ?? 'unknown'}) for the bucket "${this.bucket}"; check the S3_ settings.`);
      }
      throw new StorageUnavailableError(`Could not reach the object storage${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}; check S3_ENDPOINT and the network.`);
    }
  }
}

/** The local directory `<DATA_DIR>/files`, where the files are when no bucket is configured. */
export function localFileStorage(dataDir: string): LocalFileStorage {
  return new LocalFileStorage(path.join(dataDir, 'files'));
}

/** The storage a server uses: the bucket with `STORAGE_DRIVER=s3`, else the local directory. */
export function createFileStorage(config: { dataDir: string; storage: StorageConfig }): FileStorage {
  if (config.storage.driver === 's3') return new S3FileStorage(config.storage.s3);
  return localFileStorage(config.dataDir);
}

/** Reads a whole readable into one Buffer and its SHA-256 (hex). */
export async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

