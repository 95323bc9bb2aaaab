/** Handlers of the TimeTracks calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationPath as Path, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';


const service = (request: FastifyRequest) => request.server.services.timeTracks;

export const timeTracksHandlers = {
  timeTracksStart: async (request: Body<'timeTracksStart'>) => ok(await service(request).start(contextOf(request), request.body)),

  timeTracksStop: async (request: Body<'timeTracksStop'>) => ok(await service(request).stop(contextOf(request), request.body)),

  timeTracksGet: async (request: Query<'timeTracksGet'>) => ok(await service(request).list(contextOf(request), request.query)),

  timeTracksGetMy: async (request: Query<'timeTracksGetMy'>) => {
    const ctx = contextOf(request);
    return ok(await service(request).list(ctx, { ...request.query, ownerId: ctx.userId }));
  },

  timeTracksGetMyTotals: async (request: Query<'timeTracksGetMyTotals'>) =>
    ok(await service(request).myTotals(contextOf(request), request.query.callerUTCOffsetMinutes, request.query.customerId)),

  timeTracksGetById: async (request: Path<'timeTracksGetById'>) => ok(await service(request).getById(contextOf(request), request.params.id)),

  timeTracksCreate: async (request: Body<'timeTracksCreate'>) =>
    ok(await service(request).create(contextOf(request), request.body), translate(request.lang, 'common.saved')),

  timeTracksUpdate: async (request: Body<'timeTracksUpdate'>) =>
    ok(await service(request).update(contextOf(request), request.body), translate(request.lang, 'common.saved')),

  timeTracksDelete: async (request: Path<'timeTracksDelete'>) => {
    await service(request).delete(contextOf(request), request.params.id);
    return ok(null, translate(request.lang, 'timeTracks.deleted'));
  },
} satisfies OperationHandlers;
