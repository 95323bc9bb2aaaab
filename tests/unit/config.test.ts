import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fieldbook-config-'));

describe('configuration', () => {
  it('has documented defaults and generates secrets once', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.nodeEnv).toBe('production');
    expect(config.devOutbox).toBe('nobody');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('keeps files in DATA_DIR/files by default and in the bucket with STORAGE_DRIVER=s3, refusing incomplete S3 settings', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ driver: 'local', s3: undefined });
    const s3 = loadConfig({
      DATA_DIR: dataDir(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'fieldbook-files',
      S3_REGION: 'eu-central',
      S3_ENDPOINT: 'https://fsn1.objects.example/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      s3: { bucket: 'fieldbook-files', region: 'eu-central', endpoint: 'https://fsn1.objects.example', forcePathStyle: true, accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    // The move command reads the bucket's settings while the server still uses the directory.
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'fieldbook-files' }).storage).toMatchObject({ driver: 'local', s3: { bucket: 'fieldbook-files', region: 'us-east-1', forcePathStyle: false } });
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ STORAGE_DRIVER: 's3' })).toContain('S3_BUCKET: is needed with STORAGE_DRIVER=s3');
    expect(refused({ STORAGE_DRIVER: 'ftp' })).toContain('STORAGE_DRIVER');
    expect(refused({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET: must be a bucket name');
    expect(refused({ STORAGE_DRIVER: 's3', S3_BUCKET: 'fieldbook-files', S3_ENDPOINT: 'ftp://x' })).toContain('S3_ENDPOINT');
    expect(refused({ STORAGE_DRIVER: 's3', S3_BUCKET: 'fieldbook-files', S3_ACCESS_KEY_ID: 'AKIA1' })).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed together');
    expect(refused({ S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
  });

  it('takes values from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      PUBLIC_URL: 'https://zeit.example.de/',
      DATABASE_URL: 'postgres://u:p@db:5432/fb',
      SMTP_URL: 'smtp://mail:25',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://zeit.example.de');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/fb');
    expect(config.isProduction).toBe(true);
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'viele' }, 'DATABASE_POOL_SIZE'],
  ])('refuses %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });
});
