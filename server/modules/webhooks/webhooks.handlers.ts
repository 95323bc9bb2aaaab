/** Handlers of the Webhooks calls (Owner and Admin, with a session). */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { BodyOf, OperationBody as Body, OperationPath as Path, PathOf } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const webhooks = (request: FastifyRequest) => request.server.services.webhooks;

export const webhooksHandlers = {
  webhooksGetAll: async (request: FastifyRequest) => ok(await webhooks(request).list(contextOf(request))),
  webhooksCreate: async (request: Body<'webhooksCreate'>) =>
    ok(await webhooks(request).create(contextOf(request), request.body), translate(request.lang, 'common.saved')),
  webhooksUpdate: async (request: FastifyRequest<{ Body: BodyOf<'webhooksUpdate'>; Params: PathOf<'webhooksUpdate'> }>) =>
    ok(await webhooks(request).update(contextOf(request), request.params.id, request.body), translate(request.lang, 'common.saved')),
  webhooksDelete: async (request: Path<'webhooksDelete'>) => {
    await webhooks(request).delete(contextOf(request), request.params.id);
    return ok(null, translate(request.lang, 'webhooks.deleted'));
  },
  webhooksGetDeliveries: async (request: Path<'webhooksGetDeliveries'>) => ok(await webhooks(request).listDeliveries(contextOf(request), request.params.id)),
  webhooksResend: async (request: Path<'webhooksResend'>) =>
    ok(await webhooks(request).resend(contextOf(request), request.params.id), translate(request.lang, 'webhooks.resent')),
} satisfies OperationHandlers;
