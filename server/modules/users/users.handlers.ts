/** Handlers of the Users calls. */
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../generated/server/openapi';
import type { OperationHandlers } from '../../platform/handler';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';
import { clientOf, sendSession } from '../auth/auth.handlers';

const users = (request: FastifyRequest) => request.server.services.users;
type Body<N extends keyof components['schemas']> = FastifyRequest<{ Body: components['schemas'][N] }>;

export const usersHandlers = {
  usersGet: async (request: FastifyRequest<{ Querystring: { id: string } }>) =>
    ok(await users(request).get(contextOf(request), request.query.id)),

  usersGetAll: async (request: FastifyRequest<{ Querystring: { includeArchived: boolean; filter?: string } }>) => {
    const items = await users(request).list(contextOf(request), request.query.includeArchived, request.query.filter);
    return ok({ totalCount: items.length, page: 1, pageSize: Math.max(items.length, 1), items });
  },

  usersInvite: async (request: Body<'UsersInviteRequest'>) =>
    ok(await users(request).invite(contextOf(request), request.body), translate(request.lang, 'users.invited')),

  usersSetPassword: async (request: Body<'UsersSetPasswordRequest'>, reply) =>
    sendSession(request, reply, await users(request).setPassword(request.body, clientOf(request))),

  usersUpdate: async (request: Body<'UsersUpdateRequest'>) =>
    ok(await users(request).update(contextOf(request), request.body), translate(request.lang, 'common.saved')),

  usersUpdateMe: async (request: Body<'UsersUpdateMeRequest'>) =>
    ok(await users(request).updateMe(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
