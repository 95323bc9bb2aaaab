/**
 * Google and Apple sign-in: the app sends the provider's ID token; it is verified here against
 * the provider's published keys (JWKS), issuer, audience (our client id) and expiry. A known
 * e-mail signs in; an unknown one creates a firm like sign-up (terms still to confirm).
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Deps } from '../../platform/handler';
import { AppError } from '../../platform/errors';
import type { Lang } from '../../platform/i18n';
import { inTenant } from '../../platform/tenant-transaction';
import type { AuthService, Client, IssuedSession } from './auth.service';
import { tenantNameFromEmail } from './tokens';
import * as accounts from '../../db/accounts';

type Provider = 'google' | 'apple';

export class ExternalLoginService {
  private readonly keySets = new Map<Provider, JWTVerifyGetKey>();

  constructor(
    private readonly deps: Deps,
    private readonly auth: AuthService,
  ) {}

  private settings(provider: Provider) {
    const settings = this.deps.config[provider];
    if (!settings) throw new AppError('EXTERNAL_LOGIN_NOT_CONFIGURED', 'auth.externalNotConfigured');
    let keys = this.keySets.get(provider);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
      this.keySets.set(provider, keys);
    }
    return { ...settings, keys };
  }

  async signIn(
    provider: Provider,
    body: { idToken: string; firstName?: string; lastName?: string; language?: Lang },
    client: Client,
  ): Promise<IssuedSession> {
    const failure = new AppError(provider === 'google' ? 'GOOGLE_LOGIN_FAILED' : 'APPLE_LOGIN_FAILED', provider === 'google' ? 'auth.googleFailed' : 'auth.appleFailed');
    const { clientId, issuers, keys } = this.settings(provider);
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(body.idToken, keys, { issuer: issuers, audience: clientId, algorithms: ['RS256', 'ES256'] }));
    } catch {
      throw failure;
    }
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || !verified || typeof claims.sub !== 'string') throw failure;
    const subject = claims.sub;

    const account = await accounts.findAccountByEmail(this.deps.database.pool, email);
    if (account) {
      const session = await inTenant(this.deps.database, account, async (tx) => {
        const user = await accounts.getUser(tx, account.userId);
        if (!user) return undefined;
        if (user.archived) throw new AppError('USER_ARCHIVED', 'auth.userArchived');
        const known = provider === 'google' ? user.googleSubject : user.appleSubject;
        if (known && known !== subject) return undefined;
        const updated = await accounts.updateUser(tx, user.id, {
          ...(provider === 'google' ? { googleSubject: subject } : { appleSubject: subject }),
          // The provider confirmed the address.
          emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
          activatedAt: user.activatedAt ?? new Date(),
        });
        return this.auth.openSession(tx, updated, client);
      });
      if (!session) throw failure;
      return session;
    }
    const givenName = typeof claims.given_name === 'string' ? claims.given_name : body.firstName;
    const familyName = typeof claims.family_name === 'string' ? claims.family_name : body.lastName;
    return this.auth.createTenantWithOwner(
      {
        email,
        tenantName: tenantNameFromEmail(email),
        language: body.language ?? client.lang,
        passwordHash: null,
        termsConfirmed: false,
        emailConfirmed: true,
        firstName: givenName?.slice(0, 100) ?? null,
        lastName: familyName?.slice(0, 100) ?? null,
        ...(provider === 'google' ? { googleSubject: subject } : { appleSubject: subject }),
      },
      client,
    );
  }
}
