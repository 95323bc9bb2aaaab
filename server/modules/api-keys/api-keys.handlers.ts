/** Handlers of the ApiKeys calls (Owner and Admin, with a session). */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const apiKeys = (request: FastifyRequest) => request.server.services.apiKeys;

export const apiKeysHandlers = {
  apiKeysGetAll: async (request: FastifyRequest) => ok(await apiKeys(request).list(contextOf(request))),
  apiKeysCreate: async (request: Body<'apiKeysCreate'>) =>
    ok(await apiKeys(request).create(contextOf(request), request.body), translate(request.lang, 'common.saved')),
  apiKeysRevoke: async (request: Path<'apiKeysRevoke'>) =>
    ok(await apiKeys(request).revoke(contextOf(request), request.params.id), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
