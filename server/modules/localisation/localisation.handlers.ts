/** Handlers of the Localisation calls. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body } from '../../platform/contract';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { contextOf } from '../../platform/context';

const localisation = (request: FastifyRequest) => request.server.services.localisation;

export const localisationHandlers = {
  localisationGetTextOverrides: async (request: FastifyRequest) => ok(await localisation(request).list(contextOf(request))),
  localisationSetTextOverride: async (request: Body<'localisationSetTextOverride'>) =>
    ok(await localisation(request).set(contextOf(request), request.body), translate(request.lang, 'common.saved')),
} satisfies OperationHandlers;
