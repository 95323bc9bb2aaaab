/** Handlers of the UserTimeTracks calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { translate } from '../../platform/i18n';


const service = (request: FastifyRequest) => request.server.services.userTimeTracks;

export const userTimeTracksHandlers = {
  userTimeTracksStart: async (request: Body<'userTimeTracksStart'>) =>
    ok(await service(request).start(contextOf(request), request.body ?? {})),

  userTimeTracksGetActive: async (request: FastifyRequest) => ok(await service(request).getActive(contextOf(request))),

  userTimeTracksAppendSegment: async (request: Body<'userTimeTracksAppendSegment'>) =>
    ok(await service(request).appendSegment(contextOf(request), request.body.kind, request.body.atUtc)),

  userTimeTracksStop: async (request: Body<'userTimeTracksStop'>) =>
    ok(await service(request).stop(contextOf(request), request.body ?? {})),

  userTimeTracksUpdateSegment: async (request: Body<'userTimeTracksUpdateSegment'>) =>
    ok(await service(request).updateSegment(contextOf(request), request.body), translate(request.lang, 'common.saved')),

  userTimeTracksDeleteSegment: async (request: Body<'userTimeTracksDeleteSegment'>) =>
    ok(await service(request).deleteSegment(contextOf(request), request.body), translate(request.lang, 'userTimeTracks.segmentDeleted')),

  userTimeTracksAddDay: async (request: Body<'userTimeTracksAddDay'>) =>
    ok(await service(request).addDay(contextOf(request), request.body), translate(request.lang, 'userTimeTracks.dayAdded')),

  userTimeTracksAddBreak: async (request: Body<'userTimeTracksAddBreak'>) =>
    ok(await service(request).addBreak(contextOf(request), request.body), translate(request.lang, 'userTimeTracks.breakAdded')),

  userTimeTracksGetList: async (request: Query<'userTimeTracksGetList'>) =>
    ok(await service(request).list(contextOf(request), request.query)),

  userTimeTracksGetListGrouped: async (request: Query<'userTimeTracksGetListGrouped'>) => {
    const q = request.query;
    return ok(
      await service(request).listGrouped(contextOf(request), {
        ownerId: q.ownerId,
        grouping: q.grouping,
        fromDate: q.fromDate,
        toDate: q.toDate,
        filter: q.filter,
        page: q.page,
        pageSize: q.pageSize,
        fillEmpty: q.fillEmpty,
        includeTracks: q.includeTracks,
      }),
    );
  },
} satisfies OperationHandlers;
