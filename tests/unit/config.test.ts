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
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
  ])('refuses %o with a message naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });
});
