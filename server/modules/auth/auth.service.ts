/**
 * Accounts: sign-up, sign-in, sessions with rotating refresh tokens and terms; single-use links
 * and password changes are in links.service.ts (`this.links`). Services take the request context (or
 * what a public call knows: device, language, address) first.
 */
import crypto from 'node:crypto';
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import type { OpenedTransaction, Tx } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Lang } from '../../platform/i18n';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { signInLimits } from '../../platform/rate-limit';
import { isManager, type RequestContext } from '../../platform/context';
import type { Role } from '../../platform/auth';
import * as repo from './auth.repository';
import { signUpNoticeMail } from './auth.mails';
import { deviceLabel, formatRefreshToken, parseRefreshToken, randomSecret, safeEqual, sha256, tenantNameFromEmail } from './tokens';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { upsertConsent } from '../../db/consents';
import { langOf, LinksService } from './links.service';
import * as accounts from '../../db/accounts';
import { type SubscriptionService, licenseRefusal } from '../subscription';

export type AuthSession = components['schemas']['AuthSession'];
export const TERMS_VERSION = '2026-11';
export const TRIAL_DAYS = 30;
const HOUR = 3600_000;
const signUpLimits = { windowSeconds: 3600, max: 50 };
/** One notice an hour at most to the owner of an address someone tried to sign up with. */
const SIGN_UP_NOTICE_SECONDS = 3600;

/** What a call knows about the device before sign-in. */
export interface Client {
  deviceId: string;
  userAgent?: string;
  ip: string;
  lang: Lang;
}

export interface IssuedSession {
  session: AuthSession;
  refreshToken: string;
}

export class AuthService {
  /** Single-use links (mail confirmation, password reset, invitation) and password rules. */
  readonly links: LinksService;

  constructor(
    private readonly deps: Deps,
    private readonly subscription: SubscriptionService,
  ) {
    this.links = new LinksService(deps);
  }

  private get db() {
    return this.deps.database;
  }

  // ---- sessions and tokens ----

  /**
   * Opens a session for the device (ending an older one of the same device) and issues tokens. A
   * member who may not work (trial over, no license) is refused here, after their password.
   */
  async openSession(tx: Tx, user: accounts.UserRow, client: Client): Promise<IssuedSession> {
    const refusal = await this.subscription.refusal(tx, user.tenantId, user);
    if (refusal) throw refusal;
    await accounts.revokeSessions(tx, { userId: user.id, deviceId: client.deviceId });
    const session = await repo.insertSession(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      deviceId: client.deviceId,
      deviceLabel: deviceLabel(client.userAgent),
    });
    await accounts.updateUser(tx, user.id, { lastLoginAt: new Date() });
    return this.issue(tx, user, session.id);
  }

  /** New access and refresh token for an open session; earlier refresh tokens are spent. */
  async issue(tx: Tx, user: accounts.UserRow, sessionId: string): Promise<IssuedSession> {
    await repo.spendAllRefreshTokens(tx, sessionId);
    const id = crypto.randomUUID();
    const secret = randomSecret();
    await repo.insertRefreshToken(tx, {
      tenantId: user.tenantId,
      id,
      sessionId,
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + this.deps.config.refreshTokenDays * 24 * HOUR),
    });
    const refreshToken = formatRefreshToken(user.tenantId, id, secret);
    const { token, expiresAt } = await this.deps.tokens.sign({
      sessionId,
      userId: user.id,
      tenantId: user.tenantId,
      role: user.role as Role,
      termsConfirmed: !!user.termsConfirmedAt,
      emailConfirmed: !!user.emailConfirmedAt,
      lang: user.language === 'en' ? 'en' : 'de',
    });
    return {
      refreshToken,
      session: {
        token,
        refreshToken,
        id: user.id,
        userName: user.userName,
        email: user.email,
        emailConfirmed: !!user.emailConfirmedAt,
        expiresAtUtc: expiresAt.toISOString(),
        tenantId: user.tenantId,
        roles: [user.role as Role],
        termsConfirmed: !!user.termsConfirmedAt,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
        language: user.language === 'en' ? 'en' : 'de',
        isMaster: user.isMaster,
      },
    };
  }

  /**
   * Rotates a refresh token. A spent one presented again ends its whole session (family). A token
   * presented from another device is refused before anything is spent, so a stolen token alone
   * cannot end the owner's session.
   */
  async refresh(token: string, client: Client): Promise<IssuedSession> {
    const parsed = parseRefreshToken(token);
    if (!parsed) throw new AppError('TOKEN_INVALID');
    const outcome = await inTenant(this.db, parsed, async (tx) => {
      const stored = await repo.getRefreshToken(tx, parsed.id);
      if (!stored || !safeEqual(stored.tokenHash, sha256(parsed.secret))) return { error: 'TOKEN_INVALID' as const };
      const session = await accounts.getSession(tx, stored.sessionId);
      if (!session || session.deviceId !== client.deviceId) return { error: 'TOKEN_INVALID' as const };
      const user = await accounts.getUser(tx, session.userId);
      if (!user) return { error: 'TOKEN_INVALID' as const };
      if (user.archived) return { error: 'USER_ARCHIVED' as const };
      if (session.revokedAt) return { error: 'TOKEN_INVALID' as const };
      if (stored.usedAt || !(await repo.spendRefreshToken(tx, stored.id))) {
        // Reuse of a spent token: someone else may hold it. End the family.
        await accounts.revokeSessions(tx, { userId: session.userId, sessionIds: [session.id] });
        return { error: 'TOKEN_INVALID' as const };
      }
      if (stored.expiresAt.getTime() < Date.now()) return { error: 'TOKEN_EXPIRED' as const };
      await repo.touchSession(tx, session.id);
      return { issued: await this.issue(tx, user, session.id) };
    });
    if (outcome.error === 'USER_ARCHIVED') throw archivedError();
    if (outcome.error) throw new AppError(outcome.error, outcome.error);
    return outcome.issued!;
  }

  /**
   * Called for every signed-in request: the session must still be open and the member active.
   * Answers the member's role as stored now, so a role change or an archive counts from the
   * member's next call, not from their next token; and whether licensing refuses the member now
   * (the caller decides, since a few calls work without a license). With `hold`, the check is the
   * first statement of a tenant transaction the handler may go on with (`opened`, see
   * `Database.openTenant`).
   */
  async assertSessionOpen(
    tenantId: string,
    sessionId: string,
    userId: string,
    hold = false,
  ): Promise<{ role: Role; licenseRefusal: ReturnType<typeof licenseRefusal>; opened?: OpenedTransaction }> {
    const { state: member, opened } = await repo.sessionState(this.db, tenantId, sessionId, userId, hold);
    // 401: the token is dead (archiving ended the session), so the app refreshes, gets 403
    // USER_ARCHIVED there and signs out; the code already says why.
    if (member?.archived) throw new AppError('USER_ARCHIVED', 'auth.userArchived', { status: 401 });
    if (!member || member.revokedAt) throw new AppError('TOKEN_INVALID');
    const role = member.role as Role;
    const standing = this.subscription.standing(member.trialEndsAt, member.subscriptionProvider ? { provider: member.subscriptionProvider, status: member.subscriptionStatus! } : null);
    return { role, licenseRefusal: licenseRefusal(standing, role, !!member.seatId), opened };
  }

  // ---- sign-up and sign-in ----

  async signUp(
    body: { email: string; password: string; tenantName?: string; termsConfirmed: boolean; language?: Lang },
    client: Client,
  ): Promise<IssuedSession> {
    if (!body.termsConfirmed) {
      throw new AppError('TERMS_NOT_ACCEPTED', 'auth.termsRequired', { fieldErrors: { termsConfirmed: ['auth.termsRequired'] } });
    }
    this.links.assertPasswordAllowed(body.password, 'password');
    await this.countSignUp(client);
    // Hashed before the address is looked up: known and unknown addresses cost the same.
    const passwordHash = await hashPassword(body.password);
    const existing = await accounts.findAccountByEmail(this.db.pool, body.email.trim());
    if (existing) {
      await this.noticeSignUpAttempt(existing);
      throw this.emailTaken();
    }
    return this.createTenantWithOwner(
      {
        email: body.email,
        tenantName: body.tenantName?.trim() || tenantNameFromEmail(body.email),
        language: body.language ?? client.lang,
        passwordHash,
        termsConfirmed: true,
        emailConfirmed: false,
      },
      client,
    );
  }

  /** A new firm: tenant, its Owner, a 30-day trial, terms consent, the confirmation mail. */
  async createTenantWithOwner(
    input: {
      email: string;
      tenantName: string;
      language: Lang;
      passwordHash: string | null;
      termsConfirmed: boolean;
      emailConfirmed: boolean;
      firstName?: string | null;
      lastName?: string | null;
      googleSubject?: string;
      appleSubject?: string;
      userId?: string;
    },
    client: Client,
    inTx?: (tx: Tx, user: accounts.UserRow) => Promise<void>,
  ): Promise<IssuedSession> {
    const email = input.email.trim();
    if (await accounts.findAccountByEmail(this.db.pool, email)) throw this.emailTaken();
    const tenantId = crypto.randomUUID();
    const now = new Date();
    try {
      const issued = await inTenant(this.db, { tenantId }, async (tx) => {
        await repo.insertTenant(tx, {
          tenantId,
          name: input.tenantName.slice(0, 100),
          language: input.language,
          invoiceLanguage: input.language,
          // The trial is a business date: it follows the server's clock (tests move it).
          trialEndsAt: new Date(this.deps.clock.now().getTime() + TRIAL_DAYS * 24 * HOUR),
        });
        const user = await accounts.insertUser(tx, {
          tenantId,
          id: input.userId ?? crypto.randomUUID(),
          email,
          userName: email,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: 'Owner',
          language: input.language,
          passwordHash: input.passwordHash,
          emailConfirmedAt: input.emailConfirmed ? now : null,
          termsConfirmedAt: input.termsConfirmed ? now : null,
          activatedAt: now,
          googleSubject: input.googleSubject,
          appleSubject: input.appleSubject,
        });
        await accounts.registerAccount(tx, user.id, tenantId, email);
        if (input.termsConfirmed) {
          await upsertConsent(tx, tenantId, 'terms', true, user.id, TERMS_VERSION);
          await upsertConsent(tx, tenantId, 'privacy', true, user.id, TERMS_VERSION);
        }
        if (!input.emailConfirmed) {
          await this.links.sendLinkMail(tx, 'confirm_email', email, await this.links.createLink(tx, user, 'confirm_email'), input.language);
        }
        await inTx?.(tx, user);
        return this.openSession(tx, user, client);
      });
      return issued;
    } catch (error) {
      // Two sign-ups with the same address at once: the directory's unique index decides.
      if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505') throw this.emailTaken();
      throw error;
    }
  }

  /** New firms per client address: generous for an office behind one address, a wall for scripts. */
  async countSignUp(client: Client) {
    await this.deps.rateLimiter.take([{ key: `signup:address:${client.ip}`, limits: signUpLimits }]);
  }

  /** Tells the owner of an address that someone tried to sign up with it (at most hourly). */
  private async noticeSignUpAttempt(account: { userId: string; tenantId: string }) {
    const cooldown = await this.deps.rateLimiter.cooldown(`mail:signup-notice:${account.userId}`, SIGN_UP_NOTICE_SECONDS);
    if (!cooldown.allowed) return;
    await inTenant(this.db, account, async (tx) => {
      const user = await accounts.getUser(tx, account.userId);
      if (!user || user.archived) return;
      await this.deps.jobs.sendMail(signUpNoticeMail(langOf(user), user.email, `${this.deps.config.publicUrl}/login`), tx);
    });
  }

  private emailTaken() {
    return new AppError('EMAIL_ALREADY_REGISTERED', 'auth.emailTaken', {
      fieldErrors: { email: ['auth.emailTaken'] },
    });
  }

  /**
   * Every attempt is counted before the password is checked: per address, per address and
   * account, and per account from every address together. A device that has held a session of the
   * account has its own count instead of the account's, so guesses from elsewhere do not lock the
   * owner out. A success gives its attempt back.
   */
  async signIn(body: BodyOf<'authSignIn'>, client: Client): Promise<IssuedSession> {
    const email = body.userNameOrEmail.trim().toLowerCase();
    const account = await accounts.findAccountByEmail(this.db.pool, email);
    const knownDevice = account
      ? await inTenant(this.db, account, (tx) => repo.deviceHadSession(tx, account.userId, client.deviceId))
      : false;
    const pair = { key: `signin:pair:${client.ip}:${email}`, limits: signInLimits.pair };
    const address = { key: `signin:address:${client.ip}`, limits: signInLimits.address };
    const perAccount = knownDevice
      ? { key: `signin:device:${client.deviceId}:${email}`, limits: signInLimits.knownDevice }
      : { key: `signin:account:${email}`, limits: signInLimits.account };
    await this.deps.rateLimiter.take([pair, address, perAccount]);
    const outcome = account
      ? await inTenant(this.db, account, async (tx) => {
          const user = await accounts.getUser(tx, account.userId);
          if (!user || !(await verifyPassword(user.passwordHash, body.password))) return undefined;
          if (user.archived) return 'archived' as const;
          return this.openSession(tx, user, client);
        })
      : await verifyPassword(undefined, body.password).then(() => undefined);
    // One message for every wrong part; only who knows the password learns that the account is archived.
    if (!outcome) throw new AppError('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    await this.deps.rateLimiter.refund([address.key, perAccount.key]);
    await this.deps.rateLimiter.clear([pair.key]);
    if (outcome === 'archived') throw archivedError();
    return outcome;
  }

  // ---- terms ----

  async confirmTerms(ctx: RequestContext, consents: string[]): Promise<IssuedSession> {
    if (!consents.includes('terms') || !consents.includes('privacy')) {
      throw new AppError('TERMS_NOT_ACCEPTED', 'auth.termsRequired', { fieldErrors: { consents: ['auth.termsRequired'] } });
    }
    const tenantWide = consents.filter((c) => c === 'ai' || c === 'gps');
    if (tenantWide.length && !isManager(ctx)) throw new AppError('FORBIDDEN');
    return inTenant(this.db, ctx, async (tx) => {
      for (const purpose of new Set(consents)) {
        await upsertConsent(tx, ctx.tenantId, purpose, true, ctx.userId, TERMS_VERSION);
      }
      const user = await accounts.updateUser(tx, ctx.userId, { termsConfirmedAt: new Date() });
      return this.issue(tx, user, ctx.sessionId);
    });
  }
}

function archivedError() {
  return new AppError('USER_ARCHIVED', 'auth.userArchived');
}

