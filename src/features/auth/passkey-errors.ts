/**
 * What the browser's WebAuthn errors mean to the user ("passkey exists", "cancelled or timeout"). `@simplewebauthn/browser` wraps them in a WebAuthnError whose name is
 * the browser's (NotAllowedError, InvalidStateError, ...).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorCodeMessages } from '../../lib/error-messages';

export const passkeyLabels = {
  cancelledOrTimeout: msg`The passkey request was cancelled or timed out.`,
  exists: errorCodeMessages.PASSKEY_EXISTS,
  unsupported: msg`This browser does not support passkeys.`,
  insecureAddress: msg`Passkeys do not work at this address: they need a secure address (https with a domain name) or localhost.`,
  failed: msg`The passkey could not be used. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

function errorName(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = (error as { cause?: unknown }).cause;
  const causeName = cause instanceof Error ? cause.name : undefined;
  return error.name === 'WebAuthnError' || error.name === 'Error' ? (causeName ?? error.name) : error.name;
}

/** The label for an error of the browser's passkey dialog; null for anything else (API errors). */
export function passkeyErrorLabel(error: unknown): MessageDescriptor | null {
  const name = errorName(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return passkeyLabels.exists;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return passkeyLabels.cancelledOrTimeout;
  }
  // The browser refuses the address itself (no secure context, an IP address, another domain).
  if (name === 'SecurityError') return passkeyLabels.insecureAddress;
  if (name === 'NotSupportedError') return passkeyLabels.unsupported;
  if (error instanceof Error && /WebAuthn is not supported/i.test(error.message)) return passkeyLabels.unsupported;
  if (error instanceof Error && (name === 'WebAuthnError' || typeof code === 'string')) return passkeyLabels.failed;
  return null;
}
