/**
 * Members of a firm: the own account (names, language, sessions), the member list, invitations
 * with a set-password link, role and archive changes. Who may change whom is `assertMayChange`.
 */
import crypto from 'node:crypto';
import type { Deps } from '../../platform/handler';
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/helpers';
import { AppError, notFound } from '../../platform/errors';
import { mayChangeRecordOf, type RequestContext } from '../../platform/context';
import type { Role } from '../../platform/auth';
import { hashPassword } from '../../platform/passwords';
import * as members from './users.repository';
import { type AuthService, type Client, type IssuedSession, langOf, linkError } from '../auth';
import { memberName } from '../../platform/display-names';
import type { BodyOf } from '../../platform/contract';
import { inTenant } from '../../platform/tenant-transaction';
import { findTenant } from '../../db/tenant-settings';
import * as accounts from '../../db/accounts';
import { releaseSeat } from '../../db/licenses';
import type { SubscriptionService } from '../subscription';

type User = components['schemas']['User'];
type UserSession = components['schemas']['UserSession'];

/** Only they give or take the Admin role and change an Admin or the Owner. */
const leads: Role[] = ['Owner', 'Admin'];
const adminOnly = () => new AppError('FORBIDDEN', 'users.adminOnly');

/**
 * The rules of a change to a member beyond the operation's roles: the Owner keeps the role and is
 * never archived, and nobody becomes Owner (ownership is transferred separately); nobody changes
 * their own role or archives themselves; a Manager neither appoints an Admin nor changes an Admin
 * or the Owner.
 */
function assertMayChange(ctx: RequestContext, member: accounts.UserRow, change: { role: Role; archived: boolean }) {
  const newRole = change.role !== member.role;
  if (member.role === 'Owner' && (newRole || change.archived)) {
    throw new AppError('OWNER_PROTECTED', 'users.ownerProtected');
  }
  if (newRole && change.role === 'Owner') {
    throw new AppError('OWNER_PROTECTED', 'users.noNewOwner', { fieldErrors: { role: ['users.noNewOwner'] } });
  }
  if (member.id === ctx.userId && newRole) throw new AppError('FORBIDDEN', 'users.ownRole');
  if (member.id === ctx.userId && change.archived && !member.archived) throw new AppError('FORBIDDEN', 'users.ownArchive');
  const touchesLead = change.role === 'Admin' || leads.includes(member.role as Role);
  if (touchesLead && !leads.includes(ctx.role)) throw adminOnly();
}

export class UsersService {
  constructor(
    private readonly deps: Deps,
    private readonly auth: AuthService,
    private readonly subscription: SubscriptionService,
  ) {}

  /** Whether the member may work now: the trial, the subscription and their seat decide. */
  private async licensed(tx: Tx, userId: string): Promise<boolean> {
    return (await this.subscription.licensedMembers(tx))(userId);
  }

  private toDto(row: accounts.UserRow, licensed: boolean, sessions?: UserSession[]): User {
    return {
      id: row.id,
      email: row.email,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      roles: [row.role as Role],
      archived: row.archived,
      emailConfirmed: !!row.emailConfirmedAt,
      invitationPending: !!row.invitedAt && !row.activatedAt,
      language: langOf(row),
      hasLicense: licensed && !row.archived,
      lastLoginAtUtc: row.lastLoginAt?.toISOString() ?? null,
      createdAtUtc: row.createdAt.toISOString(),
      startDate: row.startDate,
      ...(sessions ? { sessions } : {}),
    };
  }

  private async sessionsOf(tx: Tx, ctx: RequestContext): Promise<UserSession[]> {
    return (await accounts.listSessions(tx, ctx.userId)).map((s) => ({
      id: s.id,
      deviceId: s.deviceId,
      deviceLabel: s.deviceLabel,
      createdAtUtc: s.createdAt.toISOString(),
      lastUsedAtUtc: s.lastUsedAt.toISOString(),
      current: s.id === ctx.sessionId,
    }));
  }

  async get(ctx: RequestContext, id: string): Promise<User> {
    if (!mayChangeRecordOf(ctx, id)) throw new AppError('FORBIDDEN');
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await accounts.getUser(tx, id);
      if (!row) throw notFound();
      return this.toDto(row, await this.licensed(tx, id), id === ctx.userId ? await this.sessionsOf(tx, ctx) : undefined);
    });
  }

  async list(ctx: RequestContext, includeArchived: boolean, filter?: string) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const rows = await members.listMembers(tx, { includeArchived, filter });
      const licensed = await this.subscription.licensedMembers(tx);
      return rows.map((r) => this.toDto(r, licensed(r.id)));
    });
  }

  async updateMe(
    ctx: RequestContext,
    body: BodyOf<'usersUpdateMe'>,
  ): Promise<User> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const changes: Partial<accounts.UserRow> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName?.trim() || null;
      if (body.lastName !== undefined) changes.lastName = body.lastName?.trim() || null;
      if (body.language) changes.language = body.language;
      for (const id of body.endSessionIds ?? []) {
        if ((await accounts.getSession(tx, id))?.userId !== ctx.userId) throw notFound();
      }
      let row = Object.keys(changes).length ? await accounts.updateUser(tx, ctx.userId, changes) : await accounts.getUser(tx, ctx.userId);
      if (!row) throw notFound();
      if (body.endSessionIds?.length) {
        // Ending the current session is how the app logs out.
        await accounts.revokeSessions(tx, { userId: ctx.userId, sessionIds: body.endSessionIds });
        row = (await accounts.getUser(tx, ctx.userId))!;
      }
      return this.toDto(row, await this.licensed(tx, row.id), await this.sessionsOf(tx, ctx));
    });
  }

  async invite(
    ctx: RequestContext,
    body: BodyOf<'usersInvite'>,
  ): Promise<User> {
    if (body.role === 'Admin' && !leads.includes(ctx.role)) throw adminOnly();
    const emailTaken = () => new AppError('EMAIL_ALREADY_REGISTERED', 'auth.emailTaken', { fieldErrors: { email: ['auth.emailTaken'] } });
    const known = await accounts.findAccountByEmail(this.deps.database.pool, body.email);
    if (known) {
      if (known.tenantId !== ctx.tenantId) throw emailTaken();
      return this.resendInvitation(ctx, known.userId, body, emailTaken);
    }
    // The mail is stored as a job in the member's transaction: both or neither (decision 0040); the
    // worker delivers it, retrying while the mail server refuses. Two invitations of one address at once: the second meets the unique e-mail and is refused alike.
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await accounts.insertUser(tx, {
        tenantId: ctx.tenantId,
        id: crypto.randomUUID(),
        email: body.email.trim(),
        userName: body.email.trim(),
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        role: body.role,
        language: body.language,
        invitedAt: new Date(),
      });
      await accounts.registerAccount(tx, row.id, ctx.tenantId, row.email);
      const tenant = await findTenant(tx);
      const inviter = await accounts.getUser(tx, ctx.userId);
      const link = await this.auth.links.createLink(tx, row, 'invite');
      const tenantName = tenant?.companyName ?? tenant?.name ?? '';
      const inviterName = inviter ? memberName(inviter) : '';
      await this.auth.links.sendLinkMail(tx, 'invite', row.email, link, body.language, { tenantName, inviterName });
      return this.toDto(row, await this.licensed(tx, row.id));
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  }

  /**
   * The same address invited again while the invitation is still open: a new link replaces the old
   * one and goes out again (names, role and language as given now). An active member's address
   * stays taken.
   */
  private async resendInvitation(ctx: RequestContext, userId: string, body: BodyOf<'usersInvite'>, emailTaken: () => AppError): Promise<User> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const existing = await accounts.getUser(tx, userId);
      if (!existing || existing.archived || existing.activatedAt || !existing.invitedAt) throw emailTaken();
      if (leads.includes(existing.role as Role) && !leads.includes(ctx.role)) throw adminOnly();
      const row = await accounts.updateUser(tx, userId, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        role: body.role,
        language: body.language,
        invitedAt: new Date(),
      });
      const tenant = await findTenant(tx);
      const inviter = await accounts.getUser(tx, ctx.userId);
      const link = await this.auth.links.createLink(tx, row, 'invite');
      await this.auth.links.sendLinkMail(tx, 'invite', row.email, link, body.language, {
        tenantName: tenant?.companyName ?? tenant?.name ?? '',
        inviterName: inviter ? memberName(inviter) : '',
      });
      return this.toDto(row, await this.licensed(tx, row.id));
    });
  }

  /** Activation of an invited member (or a second use of the reset flow): sets the password, signs in. */
  async setPassword(body: BodyOf<'usersSetPassword'>, client: Client): Promise<IssuedSession> {
    if (body.password !== body.confirmPassword) {
      throw new AppError('PASSWORD_MISMATCH', 'auth.passwordMismatch', { fieldErrors: { confirmPassword: ['auth.passwordMismatch'] } });
    }
    this.auth.links.assertPasswordAllowed(body.password, 'password');
    const tenantId = await accounts.findTenantOfUser(this.deps.database.pool, body.userId);
    if (!tenantId) throw new AppError('LINK_INVALID', 'auth.linkInvalid');
    const passwordHash = await hashPassword(body.password);
    const outcome = await inTenant(this.deps.database, { tenantId }, async (tx) => {
      const link = await this.auth.links.consumeLink(body.userId, body.token, 'invite', tx);
      if (link.state !== 'valid') throw linkError(link.state);
      const now = new Date();
      const joining = !(await accounts.getUser(tx, body.userId))?.activatedAt;
      const user = await accounts.updateUser(tx, body.userId, { passwordHash, activatedAt: now, emailConfirmedAt: now });
      if (user.archived) throw new AppError('USER_ARCHIVED', 'auth.linkInvalid');
      await this.subscription.seatOnAcceptance(tx, user.id);
      if (joining) await this.deps.jobs.webhookEvent(tx, tenantId, 'member.joined', { userId: user.id });
      // The password is kept even when licensing refuses the session: the member signs in once a
      // license is assigned.
      const refusal = await this.subscription.refusal(tx, tenantId, user);
      if (refusal) return { refusal };
      return { issued: await this.auth.openSession(tx, user, client) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.issued;
  }

  async update(ctx: RequestContext, body: BodyOf<'usersUpdate'>): Promise<User> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const row = await accounts.getUser(tx, body.id);
      if (!row) throw notFound();
      assertMayChange(ctx, row, body);
      const updated = await accounts.updateUser(tx, body.id, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        role: body.role,
        archived: body.archived,
        ...(body.startDate !== undefined ? { startDate: body.startDate } : {}),
      });
      // An archived member is signed out everywhere at once, and their seat is free for another.
      if (body.archived && !row.archived) {
        await accounts.revokeSessions(tx, { userId: body.id });
        await releaseSeat(tx, body.id);
      }
      return this.toDto(updated, await this.licensed(tx, updated.id));
    });
  }
}
