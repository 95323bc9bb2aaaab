/** Handlers of the CustomerActivities calls: read the validated query, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../platform/handler';
import type { OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';

const service = (request: FastifyRequest) => request.server.services.customerActivities;

export const customerActivitiesHandlers = {
  customerActivitiesByCustomer: async (request: Query<'customerActivitiesByCustomer'>) =>
    ok(await service(request).getActivities(contextOf(request), request.query)),

  customerActivitiesGetTotals: async (request: Query<'customerActivitiesGetTotals'>) =>
    ok(
      await service(request).getTotals(contextOf(request), { customerId: request.query.customerId, fromDate: request.query.fromDate, toDate: request.query.toDate },
        (error) => request.log.error({ err: error }, 'working time totals failed'),
      ),
    ),
} satisfies OperationHandlers;
