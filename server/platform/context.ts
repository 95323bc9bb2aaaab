/**
 * The request context every service takes first: who calls, for which tenant, in which language.
 * Handlers get it with `contextOf(request)`; operations of the contract that need a token have it.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthContext, Role } from './auth';
import { AppError } from './errors';

/** The caller, plus the instant the request is served at (one "now" for all its rules). */
export type RequestContext = AuthContext & { now: Date };

export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return { ...request.auth, now: request.server.deps.clock.now() };
}

const managerRoles: Role[] = ['Owner', 'Admin', 'Manager'];

/** Owner, Admin and Manager: the back office. */
export function isManager(ctx: Pick<RequestContext, 'role'>) {
  return managerRoles.includes(ctx.role);
}

/** A member changes their own records; the back office changes anyone's. */
export function mayChangeRecordOf(ctx: Pick<RequestContext, 'role' | 'userId'>, ownerId: string) {
  return ownerId === ctx.userId || isManager(ctx);
}
