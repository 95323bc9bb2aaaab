import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface Secrets {
  jwtSecret: string;
  cookieSecret: string;
  appRolePassword: string;
  embeddedPgPassword: string;
  /** Keys that encrypt stored credentials (e.g. the accounting API key), newest first. */
  dataKeys: string[];
}

const random = () => crypto.randomBytes(32).toString('base64url');

/** Secrets not given by the environment live in DATA_DIR/secrets.json (mode 0600). */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  }
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret ?? random(),
    cookieSecret: stored.cookieSecret ?? random(),
    appRolePassword: stored.appRolePassword ?? random(),
    embeddedPgPassword: stored.embeddedPgPassword ?? random(),
    dataKeys: stored.dataKeys?.length ? stored.dataKeys : [random()],
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
