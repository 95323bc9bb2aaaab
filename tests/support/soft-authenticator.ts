/**
 * A software WebAuthn authenticator (ES256, attestation "none") for API tests: it answers the
 * server's creation and request options the way a platform authenticator does, so the real
 * @simplewebauthn/server verification runs. The browser tests use Chromium's virtual one.
 */
import crypto from 'node:crypto';

function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  }
  throw new Error('unsupported CBOR value');
}

const b64url = (b: Buffer) => b.toString('base64url');

export class SoftAuthenticator {
  private readonly credentials = new Map<string, { key: crypto.KeyObject; userHandle: string; counter: number }>();

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  private authData(flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const rpIdHash = crypto.createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** Answers PublicKeyCredentialCreationOptionsJSON with a RegistrationResponseJSON. */
  create(options: { challenge: string; user: { id: string } }, overrides: { origin?: string; reuse?: string } = {}) {
    const reused = overrides.reuse ? this.credentials.get(overrides.reuse) : undefined;
    const privateKey = reused?.key ?? crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const jwk = crypto.createPublicKey(privateKey).export({ format: 'jwk' });
    const credentialId = overrides.reuse ? Buffer.from(overrides.reuse, 'base64url') : crypto.randomBytes(16);
    const coseKey = new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cbor(coseKey)]);
    const authData = this.authData(0x45, 0, attested);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
    );
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const id = b64url(credentialId);
    if (!reused) this.credentials.set(id, { key: privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  get credentialIds() {
    return [...this.credentials.keys()];
  }

  /** Answers PublicKeyCredentialRequestOptionsJSON with an AuthenticationResponseJSON. */
  get(options: { challenge: string }, credentialId?: string) {
    const id = credentialId ?? [...this.credentials.keys()][0];
    const credential = this.credentials.get(id);
    if (!credential) throw new Error('no credential');
    credential.counter += 1;
    const authenticatorData = this.authData(0x05, credential.counter);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, crypto.createHash('sha256').update(clientDataJSON).digest()]), credential.key);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
