/**
 * A local stand-in for Google's and Apple's sign-in: it publishes a JSON Web Key Set over HTTP,
 * like https://www.googleapis.com/oauth2/v3/certs, and signs ID tokens with the matching key, as
 * the providers' public documentation describes them. The server's real verification code runs
 * against it.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface FakeIdentityProvider {
  jwksUrl: string;
  /** The authorization endpoint: signs in `nextIdentity` at once and returns to the app. */
  authUrl: string;
  nextIdentity: { sub: string; email: string; given_name?: string; family_name?: string };
  issue(claims: Record<string, unknown>, options?: { issuer?: string; audience?: string; expiresIn?: string; foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeIdentityProvider(defaults: { issuer: string; audience: string }): Promise<FakeIdentityProvider> {
  const kid = crypto.randomUUID();
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const issue = (claims: Record<string, unknown>, options: { issuer?: string; audience?: string; expiresIn?: string; foreignKey?: boolean } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(options.issuer ?? defaults.issuer)
      .setAudience(options.audience ?? defaults.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.foreignKey ? foreign.privateKey : privateKey);
  const provider = { nextIdentity: { sub: 'fake-subject', email: 'lena.huber@gmail.com' } } as { nextIdentity: FakeIdentityProvider['nextIdentity'] };
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/authorize') {
      // OpenID Connect implicit flow (response_type=id_token, response_mode=fragment).
      const redirect = url.searchParams.get('redirect_uri');
      if (!redirect || url.searchParams.get('client_id') !== defaults.audience) {
        response.writeHead(400).end('invalid_request');
        return;
      }
      const idToken = await issue({ ...provider.nextIdentity, email_verified: true, nonce: url.searchParams.get('nonce') ?? undefined });
      const fragment = new URLSearchParams({ id_token: idToken, state: url.searchParams.get('state') ?? '' });
      response.writeHead(302, { location: `${redirect}#${fragment}` }).end();
      return;
    }
    if (request.url === '/certs') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(provider, {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    authUrl: `http://127.0.0.1:${port}/authorize`,
    issue,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
