/**
 * Single-use links of an account (mail confirmation 24 h, password reset 1 h, invitation 7 days):
 * made, mailed, read and consumed at most once; and the password rules the reset and the change
 * apply. Reached through `AuthService.links`.
 */
import crypto from 'node:crypto';
import type { Deps } from '../../platform/handler';
import type { Tx } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Lang } from '../../platform/i18n';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords';
import type { RequestContext } from '../../platform/context';
import * as repo from './auth.repository';
import { accountMails } from './auth.mails';
import { randomSecret, sha256 } from './tokens';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import type { Client } from './auth.service';
import * as accounts from '../../db/accounts';

const HOUR = 3600_000;
export const LINK_LIFETIME = { confirm_email: 24 * HOUR, reset_password: HOUR, invite: 7 * 24 * HOUR } as const;
export type LinkPurpose = keyof typeof LINK_LIFETIME;
export const RESEND_SECONDS = 60;
/** Reset mails per client address and quarter hour. */
const mailLimits = { windowSeconds: 900, max: 30 };

export const langOf = (user: { language: string }): Lang => (user.language === 'en' ? 'en' : 'de');

export function mismatch(field: string) {
  return new AppError('PASSWORD_MISMATCH', 'auth.passwordMismatch', { fieldErrors: { [field]: ['auth.passwordMismatch'] } });
}

const linkMessages = { invalid: 'auth.linkInvalid', used: 'auth.linkUsed', expired: 'auth.linkExpired', replaced: 'auth.linkReplaced' } as const;

/** The refusal of a link that cannot be used, saying why. */
export function linkError(state: keyof typeof linkMessages) {
  return new AppError(state === 'expired' ? 'LINK_EXPIRED' : 'LINK_INVALID', linkMessages[state]);
}

export class LinksService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database;
  }

  async createLink(tx: Tx, user: accounts.UserRow, purpose: LinkPurpose): Promise<string> {
    await repo.replaceOneTimeTokens(tx, user.id, purpose);
    const secret = randomSecret();
    await repo.insertOneTimeToken(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      purpose,
      tokenHash: sha256(secret),
      expiresAt: new Date(Date.now() + LINK_LIFETIME[purpose]),
    });
    const base = this.deps.config.publicUrl;
    const query = new URLSearchParams({ userId: user.id, token: secret });
    switch (purpose) {
      case 'confirm_email':
        return `${base}/api/Auth/ConfirmEmail?${query}`;
      case 'reset_password':
        return `${base}/password-reset?${query}`;
      case 'invite':
        return `${base}/set-password?${query}`;
    }
  }

  /** Stores the link's mail as a job in `tx`, the transaction that made the link: both commit or neither (decision 0040). */
  async sendLinkMail(tx: Tx, purpose: LinkPurpose, to: string, link: string, lang: Lang, extra: Record<string, string> = {}) {
    await this.deps.jobs.sendMail(accountMails[purpose](lang, to, link, extra), tx);
  }

  /**
   * Spends a link's token inside the caller's transaction and answers its state: `valid` for
   * exactly one of several parallel requests, else why not. A rollback of the transaction gives
   * the link back.
   */
  async consumeLink(userId: string, secret: string, purpose: LinkPurpose, tx: Tx) {
    const hash = sha256(secret);
    const spent = await repo.consumeOneTimeToken(tx, userId, purpose, hash);
    if (spent) return { state: 'valid' as const, tokenId: spent.id };
    const stored = await repo.findOneTimeToken(tx, userId, purpose, hash);
    if (!stored) return { state: 'invalid' as const };
    if (stored.usedAt) return { state: 'used' as const };
    if (stored.replacedAt) return { state: 'replaced' as const };
    return { state: 'expired' as const };
  }

  /** `ConfirmEmail`: where the browser goes next. */
  async confirmEmail(userId: string, secret: string): Promise<string> {
    const tenantId = await accounts.findTenantOfUser(this.db.pool, userId);
    if (!tenantId) return '/email-confirmation?status=invalid';
    return inTenant(this.db, { tenantId }, async (tx) => {
      const link = await this.consumeLink(userId, secret, 'confirm_email', tx);
      if (link.state !== 'valid') return `/email-confirmation?status=${link.state}`;
      await accounts.updateUser(tx, userId, { emailConfirmedAt: new Date() });
      return '/email-confirmed';
    });
  }

  async resendConfirmation(ctx: RequestContext) {
    const result = await inTenant(this.db, ctx, async (tx) => {
      const user = await accounts.getUser(tx, ctx.userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.emailConfirmedAt) return { user, link: undefined, retryAfterSeconds: 0 };
      const cooldown = await this.deps.rateLimiter.cooldown(`mail:confirm:${user.id}`, RESEND_SECONDS);
      if (!cooldown.allowed) {
        throw new AppError('RATE_LIMITED', 'auth.resendWait', {
          meta: { retryAfterSeconds: cooldown.retryAfterSeconds },
          params: { seconds: cooldown.retryAfterSeconds },
        });
      }
      const link = await this.createLink(tx, user, 'confirm_email');
      await this.sendLinkMail(tx, 'confirm_email', user.email, link, langOf(user));
      return { user, link, retryAfterSeconds: RESEND_SECONDS };
    });
    return {
      email: result.user.email,
      emailConfirmed: !!result.user.emailConfirmedAt,
      resendAfterSeconds: result.retryAfterSeconds,
      linkExpiresAtUtc: result.link ? new Date(Date.now() + LINK_LIFETIME.confirm_email).toISOString() : null,
    };
  }

  /**
   * Always the same answer, whether the address exists or not, and about the same time: a tenant
   * transaction runs either way and the mail is only stored as a job (the worker sends it), so
   * neither the database work nor the mail server's latency tells the caller anything.
   */
  async forgotPassword(email: string, client: Client): Promise<void> {
    // Mail bombing: one mail a minute per address, and a cap per client address (429 past it).
    await this.deps.rateLimiter.take([{ key: `mail:reset-client:${client.ip}`, limits: mailLimits }]);
    const cooldown = await this.deps.rateLimiter.cooldown(`mail:reset:${email.toLowerCase()}`, RESEND_SECONDS);
    if (!cooldown.allowed) return;
    const account = await accounts.findAccountByEmail(this.db.pool, email);
    await inTenant(this.db, { tenantId: account?.tenantId ?? crypto.randomUUID() }, async (tx) => {
      const user = account ? await accounts.getUser(tx, account.userId) : undefined;
      if (!user || user.archived) return;
      const link = await this.createLink(tx, user, 'reset_password');
      await this.sendLinkMail(tx, 'reset_password', user.email, link, langOf(user));
    });
  }

  async resetPassword(body: BodyOf<'authResetPassword'>) {
    if (body.newPassword !== body.confirmPassword) throw mismatch('confirmPassword');
    this.assertPasswordAllowed(body.newPassword, 'newPassword');
    const tenantId = await accounts.findTenantOfUser(this.db.pool, body.userId);
    if (!tenantId) throw linkError('invalid');
    const passwordHash = await hashPassword(body.newPassword);
    await inTenant(this.db, { tenantId }, async (tx) => {
      const link = await this.consumeLink(body.userId, body.token, 'reset_password', tx);
      if (link.state !== 'valid') throw linkError(link.state);
      // The mail reached the user, so the address is confirmed too.
      const user = await accounts.getUser(tx, body.userId);
      await accounts.updateUser(tx, body.userId, { passwordHash, emailConfirmedAt: user?.emailConfirmedAt ?? new Date() });
      await accounts.revokeSessions(tx, { userId: body.userId });
    });
  }

  async changePassword(ctx: RequestContext, body: BodyOf<'authChangePassword'>) {
    if (body.newPassword !== body.confirmPassword) throw mismatch('confirmPassword');
    if (body.newPassword === body.oldPassword) {
      throw new AppError('PASSWORD_UNCHANGED', 'auth.passwordUnchanged', { fieldErrors: { newPassword: ['auth.passwordUnchanged'] } });
    }
    this.assertPasswordAllowed(body.newPassword, 'newPassword');
    const passwordHash = await hashPassword(body.newPassword);
    await inTenant(this.db, ctx, async (tx) => {
      const user = await accounts.getUser(tx, ctx.userId);
      if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
        throw new AppError('INVALID_CREDENTIALS', 'auth.oldPasswordWrong', { fieldErrors: { oldPassword: ['auth.oldPasswordWrong'] } });
      }
      await accounts.updateUser(tx, ctx.userId, { passwordHash });
      await accounts.revokeSessions(tx, { userId: ctx.userId, exceptSessionId: ctx.sessionId });
    });
  }

  assertPasswordAllowed(password: string, field: string) {
    if (password.length < 8 || isCommonPassword(password)) {
      throw new AppError('PASSWORD_TOO_WEAK', 'auth.passwordTooWeak', { fieldErrors: { [field]: ['auth.passwordTooWeak'] } });
    }
  }
}
