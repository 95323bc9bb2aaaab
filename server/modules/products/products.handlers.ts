/** Handlers of the Products calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRouteOptionsMap } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { IMPORT_BODY_LIMIT } from '../../platform/import-report';

const service = (request: FastifyRequest) => request.server.services.products;

export const productsHandlers = {
  productsGetAll: async (request: Query<'productsGetAll'>) => ok(await service(request).list(contextOf(request), request.query)),

  productsGetById: async (request: Query<'productsGetById'>) => ok(await service(request).get(contextOf(request), request.query.id)),

  productsGetByEAN: async (request: Query<'productsGetByEAN'>) =>
    ok(await service(request).getByEan(contextOf(request), request.query.ean)),

  productsCreate: async (request: Body<'productsCreate'>) => ok(await service(request).create(contextOf(request), request.body)),

  productsUpdate: async (request: Body<'productsUpdate'>) =>
    ok(await service(request).update(contextOf(request), request.body)),

  productsDeleteById: async (request: Query<'productsDeleteById'>) => {
    const { result, message } = await service(request).delete(contextOf(request), request.query.id);
    return ok(result, message);
  },

  productsImportCsv: async (request: Body<'productsImportCsv'>) =>
    ok(await service(request).importCsv(contextOf(request), request.body)),
} satisfies OperationHandlers;

export const productsRouteOptions: OperationRouteOptionsMap = {
  productsImportCsv: { bodyLimit: IMPORT_BODY_LIMIT },
};
