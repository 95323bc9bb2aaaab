/**
 * Passwords: argon2id (OWASP parameters), at least 8 characters, refused when on the list of
 * common passwords; no composition rules (NIST SP 800-63B).
 */
import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { fromRoot } from './paths';

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

const common = new Set(
  fs
    .readFileSync(fromRoot('server', 'platform', 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean),
);

export function isCommonPassword(password: string) {
  const lower = password.toLowerCase();
  return common.has(lower) || /^(.)\1+$/.test(password) || /^(0123456789|1234567890|abcdefgh)/.test(lower);
}

export function hashPassword(password: string) {
  return hash(password, options);
}

// Verifying against a real hash when the account does not exist keeps the answer time the same.
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummy ??= hash('not-a-real-password-0', options);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
