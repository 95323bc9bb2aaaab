/** Handlers of the Products calls: read the validated request, call the service, shape the answer. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationRouteOptionsMap } from '../../platform/handler';
import type { OperationBody as Body, OperationQuery as Query } from '../../platform/contract';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/errors';
import { IMPORT_BODY_LIMIT } from '../csv-import/import-report';
import { importProducts } from './products.import';
import {
  createProduct,
  deleteProductRecord,
  getProduct,
  getProductByEan,
  getProducts,
  updateProductRecord,
} from './products.service';


const database = (request: FastifyRequest) => request.server.deps.database;

export const productsHandlers = {
  productsGetAll: async (request: Query<'productsGetAll'>) => {
    const q = request.query;
    return ok(
      await getProducts(contextOf(request), database(request), {
        page: q.page,
        pageSize: q.pageSize,
        filter: q.filter,
        orderBy: q.orderBy,
        isDescending: q.isDescending,
        includeArchived: q.includeArchived ?? false,
      }),
    );
  },

  productsGetById: async (request: Query<'productsGetById'>) => ok(await getProduct(contextOf(request), database(request), request.query.id)),

  productsGetByEAN: async (request: Query<'productsGetByEAN'>) =>
    ok(await getProductByEan(contextOf(request), database(request), request.query.ean)),

  productsCreate: async (request: Body<'productsCreate'>) => ok(await createProduct(contextOf(request), database(request), request.body)),

  productsUpdate: async (request: Body<'productsUpdate'>) =>
    ok(await updateProductRecord(contextOf(request), database(request), request.body)),

  productsDeleteById: async (request: Query<'productsDeleteById'>) => {
    const { result, message } = await deleteProductRecord(contextOf(request), database(request), request.query.id);
    return ok(result, message);
  },

  productsImportCsv: async (request: Body<'productsImportCsv'>) =>
    ok(await importProducts(contextOf(request), database(request), request.body)),
} satisfies OperationHandlers;

export const productsRouteOptions: OperationRouteOptionsMap = {
  productsImportCsv: { bodyLimit: IMPORT_BODY_LIMIT },
};
