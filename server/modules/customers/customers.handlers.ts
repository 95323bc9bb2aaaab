/** Handlers of the Customers calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRouteOptionsMap } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { IMPORT_BODY_LIMIT } from '../../platform/import-report';

const service = (request: FastifyRequest) => request.server.services.customers;

export const customersHandlers = {
  customersGetAll: async (request: Query<'customersGetAll'>) => ok(await service(request).list(contextOf(request), request.query)),

  customersGet: async (request: Query<'customersGet'>) => ok(await service(request).get(contextOf(request), request.query.id)),

  customersCreate: async (request: Body<'customersCreate'>) =>
    ok(await service(request).create(contextOf(request), request.body)),

  customersUpdate: async (request: Body<'customersUpdate'>) =>
    ok(await service(request).update(contextOf(request), request.body)),

  customersImportCsv: async (request: Body<'customersImportCsv'>) =>
    ok(await service(request).importCsv(contextOf(request), request.body)),
  customersImportLexOffice: async (request: FastifyRequest) => ok(await service(request).importLexOffice(contextOf(request))),
} satisfies OperationHandlers;

export const customersRouteOptions: OperationRouteOptionsMap = {
  customersImportCsv: { bodyLimit: IMPORT_BODY_LIMIT },
};
