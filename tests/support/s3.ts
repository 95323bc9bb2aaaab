/**
 * A local S3-compatible server (s3rver, from the npm registry) for tests of the bucket driver: the
 * real `@aws-sdk/client-s3` talks to it over HTTP exactly as to AWS or MinIO (decision 0045).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver accepts only these keys; anything else is refused with 403. */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  /** A new empty bucket; its name. */
  createBucket: () => Promise<string>;
  /** STORAGE_DRIVER=s3 and the S3_ settings for `bucket` (the server's or the move command's environment). */
  env: (bucket: string, overrides?: Record<string, string>) => Record<string, string>;
  close: () => Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY } });
  return {
    endpoint,
    createBucket: async () => {
      const bucket = `fieldbook-${crypto.randomBytes(5).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket, overrides = {}) => ({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...overrides,
    }),
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
