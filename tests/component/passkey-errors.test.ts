/** What the browser's passkey errors say to the user. */
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { guessDeviceName } from '../../src/features/auth/device-name';
import { passkeyErrorLabel, passkeyLabels } from '../../src/features/auth/passkey-errors';
import { ApiError } from '../../src/lib/api-error';

const browserError = (name: string) => Object.assign(new Error('x'), { name });

describe('passkeyErrorLabel', () => {
  it('says "cancelled or timeout" for NotAllowedError and AbortError', () => {
    expect(passkeyErrorLabel(browserError('NotAllowedError'))).toBe(passkeyLabels.cancelledOrTimeout);
    expect(passkeyErrorLabel(browserError('AbortError'))).toBe(passkeyLabels.cancelledOrTimeout);
    const wrapped = new WebAuthnError({ message: 'x', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: browserError('NotAllowedError') });
    expect(passkeyErrorLabel(wrapped)).toBe(passkeyLabels.cancelledOrTimeout);
  });

  it('says "passkey exists" for InvalidStateError', () => {
    const wrapped = new WebAuthnError({
      message: 'The authenticator was previously registered',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: browserError('InvalidStateError'),
    });
    expect(passkeyErrorLabel(wrapped)).toBe(passkeyLabels.exists);
  });

  it('names a browser without WebAuthn, and leaves API errors to the toast', () => {
    expect(passkeyErrorLabel(new Error('WebAuthn is not supported in this browser'))).toBe(passkeyLabels.unsupported);
    expect(passkeyErrorLabel(new ApiError({ message: 'x', status: 400 }))).toBeNull();
  });
});

describe('guessDeviceName', () => {
  it('names browser and system from the user agent', () => {
    expect(guessDeviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari · iPhone');
    expect(guessDeviceName('Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome · Android');
    expect(guessDeviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge · Windows');
    expect(guessDeviceName('')).toBe('Passkey');
  });
});
