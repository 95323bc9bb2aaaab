/**
 * Configuration is read once at start from the environment, validated and typed. A bad value
 * stops the start with a message naming the variable. Secrets that are not given are generated
 * once and kept in DATA_DIR, so restarts keep sessions valid.
 */
import { z } from 'zod';
import path from 'node:path';
import { loadOrCreateSecrets } from './secrets';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUrlWith(v, protocols), {
      message: `must be a URL starting with ${protocols.join(' or ')}`,
    });

function isUrlWith(value: string, protocols: string[]) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const envSchema = z.object({
  // Production unless `npm run dev` (or a test) says otherwise: development tools stay off.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_APP_URL: optionalUrl(['postgres:', 'postgresql:']),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  /**
   * Connections one process keeps to PostgreSQL at most. Processes × this must stay under the
   * database's `max_connections` (minus what migrations, backups and operators need).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a call waits for a database connection before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** How long one statement may take (cancelled by PostgreSQL, or given up by the server if it does not answer at all). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How long `/health` waits for the database before it reports it unreachable. */
  DATABASE_HEALTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Fieldbook <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  GOOGLE_CLIENT_ID: z.string().trim().max(300).optional(),
  GOOGLE_JWKS_URL: optionalUrl(['http:', 'https:']),
  GOOGLE_AUTH_URL: optionalUrl(['http:', 'https:']),
  APPLE_CLIENT_ID: z.string().trim().max(300).optional(),
  APPLE_AUTH_URL: optionalUrl(['http:', 'https:']),
  APPLE_JWKS_URL: optionalUrl(['http:', 'https:']),
  WEBAUTHN_RP_ID: z.string().trim().max(253).optional(),
  WEBAUTHN_RP_NAME: z.string().trim().min(1).max(100).default('Fieldbook'),
  /** Comma-separated keys for stored credentials, newest first (older ones still decrypt). */
  DATA_ENCRYPTION_KEYS: z.string().trim().min(32).optional(),
  LEXOFFICE_API_URL: optionalUrl(['http:', 'https:']),
  LEXOFFICE_APP_URL: optionalUrl(['http:', 'https:']),
  LEXOFFICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_PRICE_ID: z.string().trim().min(1).optional(),
  /** Another address of the Stripe API (a local fake in tests); the official one by default. */
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  /** An OpenAI-compatible API for text generation (hosted, or a local server such as Ollama's /v1). */
  AI_TEXT_URL: optionalUrl(['http:', 'https:']),
  AI_TEXT_KEY: z.string().trim().min(1).optional(),
  AI_TEXT_MODEL: z.string().trim().min(1).max(200).default('gpt-4o-mini'),
  /** An OpenAI-compatible API for speech to text (hosted, or a local Whisper server). */
  AI_SPEECH_URL: optionalUrl(['http:', 'https:']),
  AI_SPEECH_KEY: z.string().trim().min(1).optional(),
  AI_SPEECH_MODEL: z.string().trim().min(1).max(200).default('whisper-1'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(60_000),
  /** AI calls (dictations, proposals, summaries) one firm may make per day. */
  AI_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** Calls one API key may make per minute (decision 0039). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  AI_MAX_AUDIO_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  AI_MAX_AUDIO_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or the number of proxy hops')
    .default('false')
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : Number(v))),
  SERVE_APP: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  DEV_OUTBOX: z.enum(['true', 'false']).optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Background jobs run in this server process (default); `false` when `npm run worker` runs them. */
  JOBS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How often an idle worker looks for new jobs; a job sent by this process is picked up at once. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** The first retry of a failed mail waits this long; each further one about twice as long. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Attempts after the first before a mail counts as failed (about 4 hours at the defaults). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  /** Webhook deliveries may go to loopback, private and link-local addresses, and over http (self-hosted installations; decision 0044). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The first retry of a failed webhook delivery waits this long; each further one twice as long, at most an hour, for a day. */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** On SIGTERM: how long `/ready` answers 503 while requests are still served, before the server stops listening. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** On SIGTERM: how long running requests and jobs may take to finish before they are handed back. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** Where files live (decision 0045): `local` = DATA_DIR/files, `s3` = the S3-compatible bucket below. */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
      message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    }),
  S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
  /** Another S3-compatible service than AWS (MinIO, Hetzner, Ceph, ...); AWS by default. */
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  /** `true` for services that address buckets in the path (MinIO and most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Without them the AWS default chain applies (AWS_* variables, an instance or pod role). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
});

export interface ExternalProvider {
  clientId: string;
  /** Where the browser is sent to sign in (OpenID Connect authorization endpoint). */
  authUrl: string;
  jwksUrl: string;
  issuers: string[];
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  databaseAppUrl?: string;
  embeddedPgPort: number;
  /** Connections this process keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** Bounds on waiting for PostgreSQL (ms): a connection, one statement, the health check. */
  databaseTimeouts: DatabaseTimeouts;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  cookieSecret: string;
  appRolePassword: string;
  logLevel: string;
  bodyLimitBytes: number;
  serveApp: boolean;
  jwtIssuer: string;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  google?: ExternalProvider;
  apple?: ExternalProvider;
  webauthn: { rpId: string; rpName: string; origin: string };
  /** A payment provider is configured: per-seat licenses are paid; else self-hosted mode. */
  billingEnabled: boolean;
  /** Stripe, when configured: secret key, webhook signing secret and the per-seat monthly price. */
  stripe?: StripeConfig;
  /** Keys for stored credentials, newest first. */
  dataKeys: string[];
  /** The accounting service: its API and the app that opens its documents. */
  lexoffice: { apiUrl: string; appUrl: string; timeoutMs: number };
  /** AI and voice: each service only when its URL is configured. */
  ai: AiConfig;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean | number;
  /**
   * Who may read the development mail outbox: `loopback` (outside production without SMTP, only
   * clients on this machine), `everyone` (DEV_OUTBOX=true, warned about at start) or `nobody`.
   */
  devOutbox: 'loopback' | 'everyone' | 'nobody';
  /** Bearer token that opens `/metrics` to other machines; without it only loopback clients. */
  metricsToken?: string;
  /** Send Strict-Transport-Security: the public address is https. */
  hsts: boolean;
  /** Calls one API key may make per minute. */
  apiKeyRateLimitPerMinute: number;
  /** Background jobs (`platform/jobs.ts`, decision 0040). */
  jobs: JobsConfig;
  /** Graceful stop on SIGTERM (`main.ts`). */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** Where photos, signatures, PDFs and logos live (`platform/storage.ts`, decision 0045). */
  storage: StorageConfig;
}

/** An S3-compatible bucket; the keys are optional (the AWS default credential chain otherwise). */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** The driver in use; `s3` is also given with the local driver when S3_BUCKET is set (the move command uses it). */
export type StorageConfig = { driver: 'local'; s3?: S3StorageConfig } | { driver: 's3'; s3: S3StorageConfig };

export interface JobsConfig {
  /** Work the queues in the server process; else only send jobs (a separate `npm run worker` works them). */
  inProcess: boolean;
  pollSeconds: number;
  mailRetryDelaySeconds: number;
  mailRetryLimit: number;
  /** Webhook deliveries (decision 0044). */
  webhooks: { allowPrivate: boolean; retryDelaySeconds: number; timeoutSeconds: number };
  /** The data keys that seal webhook secrets (`secret-box.ts`). */
  dataKeys: string[];
  /** The app's address, for links in mails sent by jobs. */
  publicUrl: string;
}

/** Bounds on waiting for PostgreSQL, in milliseconds (`db/database.ts`). */
export interface DatabaseTimeouts {
  /** A call waits at most this long for a connection (a free slot of the pool, or a new one). */
  connectMs: number;
  /** One statement: PostgreSQL cancels it after this long (`statement_timeout`); one that gets no answer at all is given up shortly after. */
  statementMs: number;
  /** `/health` reports the database unreachable after this long. */
  healthMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  apiUrl?: string;
}

/** An OpenAI-compatible service: base URL (up to `/v1`), key (none for a local server) and model. */
export interface AiServiceConfig {
  url: string;
  key?: string;
  model: string;
}

export interface AiConfig {
  text?: AiServiceConfig;
  speech?: AiServiceConfig;
  timeoutMs: number;
  dailyLimit: number;
  maxAudioSeconds: number;
  maxAudioBytes: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PRICE_ID];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are needed together');
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed together');
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is needed with STORAGE_DRIVER=s3');
  }
  const s3: S3StorageConfig | undefined = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      }
    : undefined;
  const storage: StorageConfig = e.STORAGE_DRIVER === 's3' && s3 ? { driver: 's3', s3 } : { driver: 'local', s3 };
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = loadOrCreateSecrets(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      healthMs: e.DATABASE_HEALTH_TIMEOUT_MS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? secrets.jwtSecret,
    cookieSecret: e.COOKIE_SECRET ?? secrets.cookieSecret,
    appRolePassword: secrets.appRolePassword,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    serveApp: e.SERVE_APP,
    jwtIssuer: publicUrl,
    accessTokenSeconds: 15 * 60,
    refreshTokenDays: 30,
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          authUrl: e.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          jwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
          issuers: ['https://accounts.google.com', 'accounts.google.com'],
        }
      : undefined,
    apple: e.APPLE_CLIENT_ID
      ? {
          clientId: e.APPLE_CLIENT_ID,
          authUrl: e.APPLE_AUTH_URL ?? 'https://appleid.apple.com/auth/authorize',
          jwksUrl: e.APPLE_JWKS_URL ?? 'https://appleid.apple.com/auth/keys',
          issuers: ['https://appleid.apple.com'],
        }
      : undefined,
    billingEnabled: !!e.STRIPE_SECRET_KEY,
    dataKeys: e.DATA_ENCRYPTION_KEYS ? e.DATA_ENCRYPTION_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : secrets.dataKeys,
    lexoffice: {
      apiUrl: (e.LEXOFFICE_API_URL ?? 'https://api.lexware.io').replace(/\/+$/, ''),
      appUrl: (e.LEXOFFICE_APP_URL ?? 'https://app.lexware.de').replace(/\/+$/, ''),
      timeoutMs: e.LEXOFFICE_TIMEOUT_MS,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_ID
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, priceId: e.STRIPE_PRICE_ID, apiUrl: e.STRIPE_API_URL }
        : undefined,
    ai: {
      text: e.AI_TEXT_URL ? { url: e.AI_TEXT_URL.replace(/\/+$/, ''), key: e.AI_TEXT_KEY, model: e.AI_TEXT_MODEL } : undefined,
      speech: e.AI_SPEECH_URL ? { url: e.AI_SPEECH_URL.replace(/\/+$/, ''), key: e.AI_SPEECH_KEY, model: e.AI_SPEECH_MODEL } : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      dailyLimit: e.AI_DAILY_LIMIT,
      maxAudioSeconds: e.AI_MAX_AUDIO_SECONDS,
      maxAudioBytes: e.AI_MAX_AUDIO_BYTES,
    },
    trustProxy: e.TRUST_PROXY,
    devOutbox:
      e.DEV_OUTBOX === 'true'
        ? 'everyone'
        : e.DEV_OUTBOX === 'false' || e.NODE_ENV === 'production' || e.SMTP_URL
          ? 'nobody'
          : 'loopback',
    metricsToken: e.METRICS_TOKEN || undefined,
    hsts: publicUrl.startsWith('https://'),
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    jobs: {
      inProcess: e.JOBS_IN_PROCESS,
      pollSeconds: e.JOBS_POLL_SECONDS,
      mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      mailRetryLimit: e.MAIL_RETRY_LIMIT,
      webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS, timeoutSeconds: 10 },
      dataKeys: e.DATA_ENCRYPTION_KEYS ? e.DATA_ENCRYPTION_KEYS.split(',').map((k) => k.trim()).filter(Boolean) : secrets.dataKeys,
      publicUrl,
    },
    shutdown: { drainSeconds: e.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS },
    storage,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID ?? new URL(publicUrl).hostname,
      rpName: e.WEBAUTHN_RP_NAME,
      origin: new URL(publicUrl).origin,
    },
  };
}
