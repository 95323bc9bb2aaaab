/**
 * Access tokens (server/platform/auth.ts): a checked token is remembered until it expires, and the
 * remembered answer is the one a fresh check gives: the same claims while it is valid, expired from
 * the second jose calls it expired, and nothing for a token that differs in any character.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../server/platform/errors';
import { TokenService, type TokenClaims } from '../../server/platform/auth';

const claims: TokenClaims = {
  sessionId: '0b8a4a7e-5b0e-4e55-9d3c-0f5b8f1d2c01',
  userId: '6a2f7f44-3a53-4a52-9e0e-2d4a8b7c9e10',
  tenantId: 'c3d9e2b1-7f6a-4b5c-8d9e-0a1b2c3d4e5f',
  role: 'Manager',
  termsConfirmed: true,
  emailConfirmed: true,
  lang: 'en',
};
const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'valid';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenService.verify', () => {
  it('answers the same claims for a token checked before, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00.400Z'));
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256', 'fieldbook', 60);
    const { token, expiresAt } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // One second before the expiry it is valid, at the expiry it is not, as a fresh check says.
    vi.setSystemTime(new Date(expiresAt.getTime() - 1000));
    expect(await code(tokens.verify(token))).toBe('valid');
    vi.setSystemTime(expiresAt);
    expect(await code(tokens.verify(token))).toBe('TOKEN_EXPIRED');
    expect(await code(new TokenService('a-secret-of-enough-length-for-hs256', 'fieldbook', 60).verify(token))).toBe('TOKEN_EXPIRED');
    expect(await code(tokens.verify(token))).toBe('TOKEN_EXPIRED');
  });

  it('refuses a changed token, another key and another issuer, checked or not', async () => {
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256', 'fieldbook', 60);
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(await code(tokens.verify(`${header}.${payload}.${flipped}`))).toBe('TOKEN_INVALID');
    expect(await code(tokens.verify(`${token}x`))).toBe('TOKEN_INVALID');
    expect(await code(new TokenService('another-secret-of-enough-length-hs256', 'fieldbook', 60).verify(token))).toBe('TOKEN_INVALID');
    expect(await code(new TokenService('a-secret-of-enough-length-for-hs256', 'other', 60).verify(token))).toBe('TOKEN_INVALID');
  });

  it('gives claims no caller can change for the next request', async () => {
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256', 'fieldbook', 60);
    const { token } = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(() => Object.assign(first, { role: 'Owner' })).toThrow();
    expect((await tokens.verify(token)).role).toBe('Manager');
  });
});
