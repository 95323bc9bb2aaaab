/** Handlers of the Users calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';
import { clientOf, sendSession } from '../auth';

const users = (request: FastifyRequest) => request.server.services.users;

export const usersHandlers = {
  usersGet: async (request: Query<'usersGet'>) =>
    ok(await users(request).get(contextOf(request), request.query.id)),

  usersGetAll: async (request: Query<'usersGetAll'>) => {
    const items = await users(request).list(contextOf(request), request.query.includeArchived, request.query.filter);
    return ok({ totalCount: items.length, page: 1, pageSize: Math.max(items.length, 1), items });
  },

  usersInvite: async (request: Body<'usersInvite'>) =>
    ok(await users(request).invite(contextOf(request), request.body), translate(request.lang, 'users.invited')),

  usersSetPassword: async (request: Body<'usersSetPassword'>, reply) =>
    sendSession(request, reply, await users(request).setPassword(request.body, clientOf(request))),

  usersUpdate: async (request: Body<'usersUpdate'>) =>
    ok(await users(request).update(contextOf(request), request.body), translate(request.lang, 'common.saved')),

  usersUpdateMe: async (request: Body<'usersUpdateMe'>) =>
    ok(await users(request).updateMe(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
