/**
 * Credentials at rest (the accounting service's API key): AES-256-GCM with a key derived from the
 * server's data keys. The stored text names its key, so a rotated key list (a new key first, the
 * old ones after it) still opens what older keys sealed; new texts use the first key.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';

function derive(secret: string): { id: string; key: Buffer } {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'fieldbook credentials v1', 32));
  return { id: crypto.createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export class SecretBox {
  private readonly keys: { id: string; key: Buffer }[];

  constructor(secrets: string[]) {
    if (secrets.length === 0) throw new Error('at least one data key is needed');
    this.keys = secrets.map(derive);
  }

  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
    // The tenant is bound in as additional data: a sealed key copied to another tenant's row does not open.
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  /** The plain text, or undefined when no key opens it (unknown key, tampered, other context). */
  open(sealed: string, context: string): string | undefined {
    const [version, id, iv, tag, data] = sealed.split(':');
    const entry = this.keys.find((k) => k.id === id);
    if (version !== VERSION || !entry || !iv || !tag || !data) return undefined;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
