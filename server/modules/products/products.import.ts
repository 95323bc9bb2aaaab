/**
 * CSV import of products (the app has parsed and mapped the file). Rows match products by EAN
 * (any form of the same GTIN), rows without EAN by the exact name of a product without EAN. A
 * row that would change nothing is skipped, so a re-import changes nothing. One transaction,
 * multi-row statements; a real import with any invalid row stores nothing.
 */
import type { components } from '../../../generated/server/openapi';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { cleanText, roundTo } from '../../platform/field-values';
import { ImportReport, type ImportResult } from '../../platform/import-report';
import { inTenant } from '../../platform/tenant-transaction';
import { canonicalGtin, gtinForms, isValidProductEan } from './ean';
import {
  cleanEan,
  normaliseProduct,
  productFieldNames,
  productViolations,
  sameProductFields,
  type ProductDraft,
  type ProductFields,
} from './product.rules';
import { findByEans, findUnkeyedByNames, insertProducts, updateProducts, type ProductRow } from './products.repository';

type ImportRequest = components['schemas']['ProductImportRequest'];
type ImportRow = components['schemas']['ProductImportRow'];

/** The fields a row gives, cleaned; a field the row leaves out is absent. */
export function productRowPatch(row: ImportRow): Partial<ProductDraft> {
  const patch: Partial<ProductDraft> = {};
  if (row.name !== undefined) patch.name = cleanText(row.name);
  if (row.ean !== undefined) patch.ean = cleanEan(row.ean);
  if (row.unit !== undefined) patch.unit = cleanText(row.unit);
  if (row.netPrice !== undefined) patch.netPrice = row.netPrice === null ? null : roundTo(row.netPrice, 2);
  if (row.vatRate !== undefined) patch.vatRate = row.vatRate ?? 19;
  if (row.stock !== undefined) patch.stock = row.stock === null ? null : roundTo(row.stock, 3);
  return patch;
}

function fieldsOf(row: ProductRow): ProductFields {
  const out = {} as Record<keyof ProductFields, unknown>;
  for (const name of productFieldNames) out[name] = row[name];
  return out as ProductFields;
}

export async function importProducts(ctx: RequestContext, database: Database, request: ImportRequest): Promise<ImportResult> {
  const report = new ImportReport(ctx.lang);
  const line = (i: number) => request.rows[i].sourceLine;
  const patches = request.rows.map(productRowPatch);

  // Keys within the request: the same GTIN, or the same name without EAN, twice is an error.
  const firstByGtin = new Map<string, number>();
  const firstByName = new Map<string, number>();
  patches.forEach((patch, i) => {
    if (patch.ean) {
      if (!isValidProductEan(patch.ean)) return; // reported with the other rule violations
      const gtin = canonicalGtin(patch.ean);
      const first = firstByGtin.get(gtin);
      if (first === undefined) firstByGtin.set(gtin, i);
      else report.fail(i, line(i), null, 'import.duplicateEan', { key: patch.ean, row: first + 1 });
    } else if (patch.name) {
      const first = firstByName.get(patch.name);
      if (first === undefined) firstByName.set(patch.name, i);
      else report.fail(i, line(i), null, 'import.duplicateName', { row: first + 1 });
    }
  });

  return inTenant(database, ctx, async (tx) => {
    const byGtin = new Map<string, ProductRow>();
    const forms = [...firstByGtin.keys()].flatMap((gtin) => gtinForms(gtin));
    for (const row of await findByEans(tx, ctx.tenantId, forms)) {
      const gtin = canonicalGtin(row.ean!);
      if (!byGtin.has(gtin)) byGtin.set(gtin, row);
    }
    const byName = new Map<string, ProductRow[]>();
    for (const row of await findUnkeyedByNames(tx, ctx.tenantId, [...firstByName.keys()])) {
      byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    }

    const creates: ProductFields[] = [];
    const updates: (ProductFields & { id: string })[] = [];
    patches.forEach((patch, i) => {
      if (report.isBad(i)) return;
      let match: ProductRow | undefined;
      if (patch.ean && isValidProductEan(patch.ean)) match = byGtin.get(canonicalGtin(patch.ean));
      else if (!patch.ean && patch.name) {
        const named = byName.get(patch.name) ?? [];
        if (named.length > 1) {
          report.fail(i, line(i), 'name', 'import.ambiguousName');
          return;
        }
        match = named[0];
      }
      const draft: ProductDraft = match ? { ...fieldsOf(match), ...patch } : normaliseProduct(patch);
      const violations = productViolations(draft);
      if (violations.length) {
        for (const v of violations) report.fail(i, line(i), v.field, v.key);
        return;
      }
      const target = draft as ProductFields;
      if (!match) {
        report.created++;
        creates.push(target);
      } else if (sameProductFields(fieldsOf(match), target)) {
        report.skipped++;
      } else {
        report.updated++;
        updates.push({ ...target, id: match.id });
      }
    });

    if (!request.dryRun) {
      if (report.errorCount > 0) throw report.refusal();
      await updateProducts(tx, ctx.tenantId, updates);
      await insertProducts(tx, ctx.tenantId, creates);
    }
    return report.result();
  });
}
