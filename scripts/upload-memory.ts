/**
 * `npx tsx scripts/upload-memory.ts`: the peak memory (RSS) of one real server process while
 * clients upload large photos at once (docs/scaling.md). Starts the server on a temporary DATA_DIR
 * with its embedded PostgreSQL (a process of its own, not counted) and, with `STORAGE=s3`, a local
 * s3rver bucket (in this script's process, not counted). Warms the server up with one upload, then
 * reads the process's resident memory (`VmRSS`) and resets nothing: the kernel's high-water mark
 * `VmHWM` after the burst is the peak, and the difference to the RSS before is what the burst cost.
 *
 * Settings: UPLOADS (10, sent at once), ROUNDS (1 burst), WIDTH x HEIGHT of the photo (4000x3000, 12 MP).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { neutraliseExitHook } from '../server/db/embedded';
import { freePort, startServer } from '../tests/support/server-process';
import { startLocalS3, type LocalS3 } from '../tests/support/s3';

neutraliseExitHook();
const UPLOADS = Number(process.env.UPLOADS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const WIDTH = Number(process.env.WIDTH ?? 4000);
const HEIGHT = Number(process.env.HEIGHT ?? 3000);
const useS3 = process.env.STORAGE === 's3';

/** A photo-like JPEG: a gradient with fine grain, so it compresses like a camera's picture. */
async function photo(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  const grain = crypto.randomBytes(raw.length);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      raw[i] = ((x * 255) / WIDTH + (grain[i] & 31)) & 255;
      raw[i + 1] = ((y * 255) / HEIGHT + (grain[i + 1] & 31)) & 255;
      raw[i + 2] = (((x + y) * 127) / (WIDTH + HEIGHT) + (grain[i + 2] & 31)) & 255;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-upload-memory-'));
fs.chmodSync(dataDir, 0o755);
let s3: LocalS3 | undefined;
let storageEnv: Record<string, string> = {};
if (useS3) {
  s3 = await startLocalS3();
  storageEnv = s3.env(await s3.createBucket());
}
const server = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'error', DATABASE_CONNECT_TIMEOUT_MS: '60000', ...storageEnv });
try {
  const deviceId = `backoffice_${crypto.randomUUID()}`;
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', 'X-Device-Id': deviceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { token: string; id: string } }).data;
  };
  const { token } = await call('POST', '/api/Auth/SignUp', { email: `memory-${Date.now()}@example.de`, password: 'Sonnenblume-Kabel-42', tenantName: 'Speicher GmbH', termsConfirmed: true });
  const customer = await call('POST', '/api/Customers/Create', { companyName: 'Bäckerei Korn', country: 'DE' }, token);
  const data = await photo();
  let retried = 0;
  const boundary = `----fieldbook${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="customerId"\r\n\r\n${customer.id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  // node:http rather than fetch: on a busy machine an answer may take longer than fetch's header timeout.
  const post = () =>
    new Promise<{ status: number; text: string; retryAfter: number }>((resolve, reject) => {
      const url = new URL(`${server.baseUrl}/api/Images/UploadWorkDocImage`);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': deviceId, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text, retryAfter: Number(response.headers['retry-after'] ?? 1) }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const upload = async () => {
    for (let attempt = 1; ; attempt++) {
      const answer = await post();
      if (answer.status === 200) return;
      // A busy machine may answer 503 (a database wait ran out): as the app does, try again later.
      if (answer.status !== 503 || attempt === 5) throw new Error(`upload: ${answer.status} ${answer.text}`);
      retried++;
      await new Promise((resolve) => setTimeout(resolve, 1000 * answer.retryAfter));
    }
  };
  await upload();
  const pid = server.child.pid!;
  const before = memoryOf(pid);
  for (let round = 0; round < ROUNDS; round++) await Promise.all(Array.from({ length: UPLOADS }, upload));
  const after = memoryOf(pid);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify(
      {
        storage: useS3 ? 's3 (s3rver)' : 'local directory',
        photo: { width: WIDTH, height: HEIGHT, megabytes: round1(data.length / 1024 / 1024) },
        uploadsAtOnce: UPLOADS,
        rounds: ROUNDS,
        rssBeforeMiB: round1(before.rssMiB),
        peakBeforeMiB: round1(before.peakMiB),
        peakRssMiB: round1(after.peakMiB),
        burstCostMiB: round1(after.peakMiB - before.rssMiB),
        rssAfterMiB: round1(after.rssMiB),
        retriedAfter503: retried,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
