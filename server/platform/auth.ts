/**
 * Access tokens: short-lived HS256 JWTs with the claims the app reads (`tenantId`, `exp`, `iss`,
 * `role`, `TermsConfirmed`) and `sub` = user id. Verification checks signature, issuer and expiry.
 * The `role` claim is for the app's screens; the server authorises with the role stored now, read
 * with the session on every request, so a new role or an archive counts before the token expires.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import type { Lang } from './i18n';

export type Role = 'Owner' | 'Admin' | 'Manager' | 'Employee';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  tenantId: string;
  role: Role;
  termsConfirmed: boolean;
  emailConfirmed: boolean;
  lang: Lang;
}

/** Who calls: the token's claims and the device the session belongs to. */
export interface AuthContext extends TokenClaims {
  deviceId: string;
  /** Set when the call was made with an API key (decision 0039): the key's id. */
  apiKeyId?: string;
}

/** How many checked tokens `verify` remembers (the oldest goes first). */
const VERIFIED_TOKENS = 2000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and issuer were checked, with their claims and expiry. A token is a
   * string signed once: while it has not expired, checking it again gives the same answer, and the
   * check (HMAC through WebCrypto, a key import each time) was about 7 % of a small call's CPU
   * (docs/benchmarks.md, throughput). Whether its session still stands is checked on every request
   * anyway (assertSessionOpen), so a logout or a new role still counts at once.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();
  constructor(
    secret: string,
    private readonly issuer: string,
    readonly lifetimeSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims, now = Date.now()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now / 1000);
    const exp = iat + this.lifetimeSeconds;
    const token = await new SignJWT({
      tenantId: claims.tenantId,
      role: claims.role,
      TermsConfirmed: claims.termsConfirmed ? 'true' : 'false',
      emailConfirmed: claims.emailConfirmed,
      lang: claims.lang,
      sid: claims.sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  async verify(token: string): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      // As jose decides: expired once `exp` is not after the current second.
      if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED');
    }
    const claims = await this.verifySignature(token);
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims.claims;
  }

  private async verifySignature(token: string): Promise<{ claims: TokenClaims; exp: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
      const role = payload.role as Role;
      if (typeof payload.sub !== 'string' || typeof payload.tenantId !== 'string' || typeof payload.sid !== 'string' || !role) {
        throw new AppError('TOKEN_INVALID');
      }
      if (typeof payload.exp !== 'number') throw new AppError('TOKEN_INVALID');
      const claims: TokenClaims = Object.freeze({
        sessionId: payload.sid,
        userId: payload.sub,
        tenantId: payload.tenantId,
        role,
        termsConfirmed: payload.TermsConfirmed === 'true',
        emailConfirmed: payload.emailConfirmed === true,
        lang: payload.lang === 'en' ? 'en' : 'de',
      });
      return { claims, exp: payload.exp };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('TOKEN_INVALID');
    }
  }
}

const DEVICE_ID = /^backoffice_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readDeviceId(request: FastifyRequest): string | undefined {
  const value = request.headers['x-device-id'];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : undefined;
}

export function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
