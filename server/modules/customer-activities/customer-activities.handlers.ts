/** Handlers of the CustomerActivities calls: read the validated query, call the service, shape the answer. */
import type { OperationHandlers } from '../../platform/handler';
import type { OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { getActivities, getTotals } from './customer-activities.service';


export const customerActivitiesHandlers = {
  customerActivitiesByCustomer: async (request: Query<'customerActivitiesByCustomer'>) =>
    ok(await getActivities(contextOf(request), request.server.deps.database, request.query)),

  customerActivitiesGetTotals: async (request: Query<'customerActivitiesGetTotals'>) =>
    ok(
      await getTotals(
        contextOf(request),
        request.server.deps.database,
        { customerId: request.query.customerId, fromDate: request.query.fromDate, toDate: request.query.toDate },
        (error) => request.log.error({ err: error }, 'working time totals failed'),
      ),
    ),
} satisfies OperationHandlers;
