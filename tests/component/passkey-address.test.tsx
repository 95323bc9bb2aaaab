/**
 * Passkeys at an address where they cannot work: plain http other than localhost, or a bare IP
 * address such as http://127.0.0.1 (WebAuthn needs a secure context and a domain name). There the
 * sign-in, sign-up and account screens offer no passkey button and say what passkeys need,
 * instead of offering a button that can only fail with "this browser does not support passkeys".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passkeyAvailability } from '../../src/features/auth/passkey-support';
import { passkeyErrorLabel, passkeyLabels } from '../../src/features/auth/passkey-errors';
import { reloadSession } from '../../src/lib/session';
import { account, ids, page, passkey } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp, setWindowWidth } from './helpers';

const note = /Passkeys sind unter dieser Adresse nicht verfügbar/;

function browser({ secure }: { secure: boolean }) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('isSecureContext', secure);
}

beforeEach(() => {
  reloadSession();
  serveContract();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('where passkeys can work', () => {
  it('needs a secure context and a domain name, then the browser’s WebAuthn', () => {
    expect(passkeyAvailability({ secureContext: true, hostname: 'localhost', webAuthn: true })).toBe('available');
    expect(passkeyAvailability({ secureContext: true, hostname: 'app.fieldbook.de', webAuthn: true })).toBe('available');
    // Chromium counts http://127.0.0.1 as secure, but WebAuthn refuses an IP address.
    expect(passkeyAvailability({ secureContext: true, hostname: '127.0.0.1', webAuthn: true })).toBe('insecureAddress');
    expect(passkeyAvailability({ secureContext: true, hostname: '[::1]', webAuthn: true })).toBe('insecureAddress');
    expect(passkeyAvailability({ secureContext: false, hostname: 'fieldbook.local', webAuthn: true })).toBe('insecureAddress');
    expect(passkeyAvailability({ secureContext: false, hostname: '192.168.1.20', webAuthn: false })).toBe('insecureAddress');
    expect(passkeyAvailability({ secureContext: true, hostname: 'app.fieldbook.de', webAuthn: false })).toBe('unsupported');
  });

  it('names the address, not the browser, when the browser refuses it (SecurityError)', () => {
    const refused = Object.assign(new Error('The operation is insecure.'), { name: 'SecurityError' });
    expect(passkeyErrorLabel(refused)).toBe(passkeyLabels.insecureAddress);
  });
});

describe('sign-in and sign-up', { timeout: 40_000 }, () => {
  it('offer passkeys at a secure address', async () => {
    browser({ secure: true });
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
    expect(screen.queryByText(note)).toBeNull();
  });

  it('hide the passkey buttons at an insecure address and say what passkeys need', async () => {
    browser({ secure: false });
    await renderApp('/login');
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByText(/https mit einem Domainnamen\) oder localhost/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).toBeNull();

    cleanup();
    await renderApp('/register');
    await screen.findByRole('button', { name: 'Konto erstellen' });
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mit Passkey registrieren' })).toBeNull();
    await waitFor(() => expect(screen.queryByText('Dieser Browser unterstützt keine Passkeys.')).toBeNull());
  });
});

describe('the account page', { timeout: 40_000 }, () => {
  const showAccount = async () => {
    setWindowWidth(1440);
    serveContract({ usersGet: account(), authWebAuthnGetKeys: page([passkey({ deviceName: 'Pixel 9', lastUsedAtUtc: null })]) });
    injectSession({ sid: ids.session });
    await renderApp('/account');
    return within(await screen.findByRole('list', { name: 'Passkeys' }));
  };

  it('offers to add a passkey at a secure address', async () => {
    browser({ secure: true });
    await showAccount();
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).toBeEnabled();
    expect(screen.queryByText(note)).toBeNull();
  });

  it('lists the passkeys but offers none to add at an insecure address, and says why', async () => {
    browser({ secure: false });
    const keys = await showAccount();
    expect(keys.getByText('Pixel 9')).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passkey hinzufügen' })).toBeNull();
  });
});
