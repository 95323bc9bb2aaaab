/** Handlers of the Customers calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRouteOptionsMap } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { IMPORT_BODY_LIMIT } from '../csv-import/import-report';
import { importCustomers } from './customers.import';
import { createCustomer, getCustomer, getCustomers, updateCustomerRecord } from './customers.service';


const database = (request: FastifyRequest) => request.server.deps.database;

export const customersHandlers = {
  customersGetAll: async (request: Query<'customersGetAll'>) => {
    const q = request.query;
    return ok(
      await getCustomers(contextOf(request), database(request), {
        page: q.page,
        pageSize: q.pageSize,
        filter: q.filter,
        orderBy: q.orderBy,
        isDescending: q.isDescending,
        includeArchived: q.includeArchived ?? false,
      }),
    );
  },

  customersGet: async (request: Query<'customersGet'>) => ok(await getCustomer(contextOf(request), database(request), request.query.id)),

  customersCreate: async (request: Body<'customersCreate'>) =>
    ok(await createCustomer(contextOf(request), database(request), request.body)),

  customersUpdate: async (request: Body<'customersUpdate'>) =>
    ok(await updateCustomerRecord(contextOf(request), database(request), request.body)),

  customersImportCsv: async (request: Body<'customersImportCsv'>) =>
    ok(await importCustomers(contextOf(request), database(request), request.body)),
} satisfies OperationHandlers;

export const customersRouteOptions: OperationRouteOptionsMap = {
  customersImportCsv: { bodyLimit: IMPORT_BODY_LIMIT },
};
