/** Sealed credentials: open with the right key and context only; rotated keys still open old texts. */
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../server/platform/secret-box';

const oldKey = 'old-data-key-0123456789abcdefghijklmnop';
const newKey = 'new-data-key-0123456789abcdefghijklmnop';

describe('SecretBox', () => {
  it('opens what it sealed, for the same context only, and never shows the plain text', () => {
    const box = new SecretBox([oldKey]);
    const sealed = box.seal('lexoffice-api-key-123', 'accounting:tenant-a');
    expect(sealed).not.toContain('lexoffice-api-key-123');
    expect(box.open(sealed, 'accounting:tenant-a')).toBe('lexoffice-api-key-123');
    expect(box.open(sealed, 'accounting:tenant-b')).toBeUndefined();
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a tampered text and an unknown key', () => {
    const box = new SecretBox([oldKey]);
    const sealed = box.seal('secret', 'ctx');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('x' + Buffer.from(parts[4], 'base64url').toString('latin1').slice(1), 'latin1').toString('base64url');
    expect(box.open(parts.join(':'), 'ctx')).toBeUndefined();
    expect(new SecretBox([newKey]).open(sealed, 'ctx')).toBeUndefined();
    expect(box.open('garbage', 'ctx')).toBeUndefined();
  });

  it('seals with the newest key and still opens what an older key sealed', () => {
    const before = new SecretBox([oldKey]).seal('secret', 'ctx');
    const rotated = new SecretBox([newKey, oldKey]);
    expect(rotated.open(before, 'ctx')).toBe('secret');
    const after = rotated.seal('secret', 'ctx');
    expect(after.split(':')[1]).not.toBe(before.split(':')[1]);
    expect(new SecretBox([newKey]).open(after, 'ctx')).toBe('secret');
  });
});
