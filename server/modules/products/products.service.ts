/**
 * Products and materials: list, read (by id or by a scanned code), create, update (archive and
 * restore included) and delete, which archives instead when entries use the product.
 */
import type { components } from '../../../generated/server/openapi';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/helpers';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound, type FieldErrors } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { gtinForms, isValidScannedCode } from './ean';
import { isProductInUse } from './product-usage';
import { normaliseProduct, productViolations, type ProductFields, type ProductViolation } from './product.rules';
import {
  deleteProduct,
  findByEans,
  findProduct,
  insertProduct,
  listProducts,
  updateProduct,
  type ProductListQuery,
  type ProductRow,
} from './products.repository';
import type { Deps } from '../../platform/handler';
import { importProducts } from './products.import';
import type { ImportResult } from '../../platform/import-report';
import { inTenant } from '../../platform/tenant-transaction';

type ImportRequest = components['schemas']['ProductImportRequest'];

export type Product = components['schemas']['Product'];
export type ProductCreate = components['schemas']['ProductCreate'];
export type ProductUpdate = components['schemas']['ProductUpdate'];
export type ProductDeleteResult = components['schemas']['ProductDeleteResult'];

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    ean: row.ean,
    unit: row.unit,
    netPrice: row.netPrice,
    vatRate: row.vatRate as Product['vatRate'],
    stock: row.stock,
    archived: row.archived,
    createdAtUtc: row.createdAt.toISOString(),
    updatedAtUtc: row.updatedAt.toISOString(),
  };
}

function fieldErrorsOf(ctx: RequestContext, violations: ProductViolation[]): FieldErrors {
  const out: FieldErrors = {};
  for (const v of violations) (out[v.field] ??= []).push(translate(ctx.lang, v.key));
  return out;
}

/** A wrong EAN answers INVALID_EAN (the contract's code for it), anything else VALIDATION_ERROR. */
function checkedFields(ctx: RequestContext, input: Partial<Record<keyof ProductFields, unknown>>): ProductFields {
  const draft = normaliseProduct(input);
  const violations = productViolations(draft);
  if (violations.length) {
    const code = violations.some((v) => v.key === 'INVALID_EAN') ? 'INVALID_EAN' : 'VALIDATION_ERROR';
    throw new AppError(code, code, { fieldErrors: fieldErrorsOf(ctx, violations) });
  }
  return draft as ProductFields;
}

function duplicateEan(ctx: RequestContext) {
  return new AppError('DUPLICATE_EAN', 'DUPLICATE_EAN', {
    fieldErrors: { ean: [translate(ctx.lang, 'DUPLICATE_EAN')] },
  });
}

const EAN_CONSTRAINT = 'products_ean_uq';

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
export class ProductsService {
  constructor(private readonly deps: Deps) {}

  /** The CSV import: each batch in one transaction (./products.import.ts). */
  importCsv(ctx: RequestContext, request: ImportRequest): Promise<ImportResult> {
    return importProducts(ctx, this.deps.database, request);
  }

  async list(ctx: RequestContext, query: ProductListQuery) {
    const { database } = this.deps;
    const { totalCount, capped, rows } = await inTenant(database, ctx, (tx) => listProducts(tx, ctx.tenantId, query));
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toProduct) };
  }

  async get(ctx: RequestContext, id: string): Promise<Product> {
    const { database } = this.deps;
    const row = await inTenant(database, ctx, (tx) => findProduct(tx, ctx.tenantId, id));
    if (!row) throw notFound();
    return toProduct(row);
  }

  /** The product with this scanned code, however its EAN was stored (UPC-A or EAN-13 form). */
  async getByEan(ctx: RequestContext, code: string): Promise<Product> {
    const { database } = this.deps;
    if (!isValidScannedCode(code)) {
      throw new AppError('INVALID_EAN', 'INVALID_EAN', { fieldErrors: { ean: [translate(ctx.lang, 'INVALID_EAN')] } });
    }
    const rows = await inTenant(database, ctx, (tx) => findByEans(tx, ctx.tenantId, gtinForms(code)));
    const row = rows.find((r) => r.ean === code) ?? rows[0];
    if (!row) throw notFound();
    return toProduct(row);
  }

  async create(ctx: RequestContext, input: ProductCreate): Promise<Product> {
    const { database } = this.deps;
    const fields = checkedFields(ctx, input);
    try {
      return await inTenant(database, ctx, async (tx) => {
        if (fields.ean && (await findByEans(tx, ctx.tenantId, gtinForms(fields.ean))).length) throw duplicateEan(ctx);
        return toProduct(await insertProduct(tx, ctx.tenantId, fields));
      });
    } catch (error) {
      if (isUniqueViolation(error, EAN_CONSTRAINT)) throw duplicateEan(ctx);
      throw error;
    }
  }

  async update(ctx: RequestContext, input: ProductUpdate): Promise<Product> {
    const { database } = this.deps;
    const fields = checkedFields(ctx, input);
    try {
      return await inTenant(database, ctx, async (tx) => {
        if (!(await findProduct(tx, ctx.tenantId, input.id))) throw notFound();
        if (fields.ean && (await findByEans(tx, ctx.tenantId, gtinForms(fields.ean), input.id)).length) throw duplicateEan(ctx);
        const row = await updateProduct(tx, ctx.tenantId, input.id, {
          ...fields,
          ...(input.archived === undefined ? {} : { archived: input.archived }),
        });
        return toProduct(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error, EAN_CONSTRAINT)) throw duplicateEan(ctx);
      throw error;
    }
  }

  /**
   * Deletes the product, or archives it when entries use it (see product-usage.ts). A delete that a
   * foreign key refuses also archives: the savepoint keeps the transaction usable.
   */
  async delete(
    ctx: RequestContext,
    id: string,
  ): Promise<{ result: ProductDeleteResult; message: string }> {
    const { database } = this.deps;
    const result = await inTenant(database, ctx, async (tx) => {
      if (!(await findProduct(tx, ctx.tenantId, id))) throw notFound();
      let inUse = await isProductInUse(tx, ctx.tenantId, id);
      if (!inUse) {
        try {
          await tx.transaction((savepoint) => deleteProduct(savepoint, ctx.tenantId, id));
        } catch (error) {
          if (!isForeignKeyViolation(error)) throw error;
          inUse = true;
        }
      }
      if (inUse) await updateProduct(tx, ctx.tenantId, id, { archived: true });
      return { deleted: !inUse, archived: inUse };
    });
    return { result, message: translate(ctx.lang, result.deleted ? 'products.deleted' : 'products.archivedInstead') };
  }
}
