/**
 * CSV import of customers (the app has parsed and mapped the file). Every row is checked again by
 * the customer rules; rows match customers by `externalId`; rows without one that equal an
 * existing customer without external id (or an earlier row) are skipped, so a re-import changes
 * nothing. The whole import is one transaction with multi-row statements: a real import with any
 * invalid row stores nothing.
 */
import type { components } from '../../../generated/server/openapi';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { ImportReport, type ImportResult } from '../../platform/import-report';
import { customerViolations, leitwegIdOf, normaliseCustomer, sameCustomerFields, vatIdOf } from './customer.rules';
import { cleanText, roundTo } from '../../platform/field-values';
import { inTenant } from '../../platform/tenant-transaction';
import {
  customerFieldNames,
  findByExternalIds,
  findUnkeyedByNames,
  insertCustomers,
  updateCustomers,
  type CustomerFields,
  type CustomerRow,
} from './customers.repository';

type ImportRequest = components['schemas']['CustomerImportRequest'];
type ImportRow = components['schemas']['CustomerImportRow'];

/** The fields a row gives, cleaned; a field the row leaves out is absent. */
export function rowPatch(row: ImportRow): Partial<CustomerFields> {
  const patch: Partial<CustomerFields> = {};
  for (const name of customerFieldNames) {
    const value = row[name];
    if (value === undefined) continue;
    if (name === 'hourlyRate') patch.hourlyRate = typeof value === 'number' ? roundTo(value, 2) : null;
    else if (name === 'country') patch.country = cleanText(value as string | null)?.toUpperCase() ?? 'DE';
    else if (name === 'leitwegId') patch.leitwegId = leitwegIdOf(value);
    else if (name === 'vatId') patch.vatId = vatIdOf(value);
    // Null leaves the choice to the rule (a business when there is a company name).
    else if (name === 'business') {
      if (typeof value === 'boolean') patch.business = value;
    }
    else patch[name as Exclude<keyof CustomerFields, 'hourlyRate' | 'country' | 'business'>] = cleanText(value as string | null);
  }
  return patch;
}

function fieldsOf(row: CustomerRow): CustomerFields {
  const out = {} as Record<keyof CustomerFields, unknown>;
  for (const name of customerFieldNames) out[name] = row[name];
  return out as CustomerFields;
}

const fingerprint = (f: CustomerFields) => JSON.stringify(customerFieldNames.map((n) => f[n]));

/**
 * `partial`: rows with errors are reported and the valid ones stored (the accounting import, where
 * one broken contact must not block the others); otherwise any error stores nothing.
 */
export async function importCustomers(ctx: RequestContext, database: Database, request: ImportRequest, options: { partial?: boolean } = {}): Promise<ImportResult> {
  const report = new ImportReport(ctx.lang);
  const patches = request.rows.map(rowPatch);

  // Duplicate keys within the request: the first occurrence wins, later ones are errors.
  const firstByKey = new Map<string, number>();
  patches.forEach((patch, i) => {
    const key = patch.externalId;
    if (!key) return;
    const first = firstByKey.get(key);
    if (first === undefined) firstByKey.set(key, i);
    else report.fail(i, request.rows[i].sourceLine, null, 'import.duplicateExternalId', { key, row: first + 1 });
  });

  return inTenant(database, ctx, async (tx) => {
    const existing = new Map((await findByExternalIds(tx, ctx.tenantId, [...firstByKey.keys()])).map((r) => [r.externalId!, r]));

    const creates: CustomerFields[] = [];
    const updates: (CustomerFields & { id: string })[] = [];
    const unkeyed: { index: number; fields: CustomerFields }[] = [];

    patches.forEach((patch, i) => {
      if (report.isBad(i)) return;
      const match = patch.externalId ? existing.get(patch.externalId) : undefined;
      const target = match ? { ...fieldsOf(match), ...patch } : normaliseCustomer(patch);
      const violations = customerViolations(target);
      if (violations.length) {
        for (const v of violations) report.fail(i, request.rows[i].sourceLine, v.field, v.key);
        return;
      }
      if (match) {
        if (sameCustomerFields(fieldsOf(match), target)) report.skipped++;
        else {
          report.updated++;
          updates.push({ ...target, id: match.id });
        }
      } else if (target.externalId) {
        report.created++;
        creates.push(target);
      } else {
        unkeyed.push({ index: i, fields: target });
      }
    });

    if (unkeyed.length) {
      const candidates = await findUnkeyedByNames(tx, ctx.tenantId, unkeyed.map((u) => u.fields));
      const known = new Set(candidates.map((c) => fingerprint(fieldsOf(c))));
      for (const { fields } of unkeyed) {
        const print = fingerprint(fields);
        if (known.has(print)) report.skipped++;
        else {
          known.add(print);
          report.created++;
          creates.push(fields);
        }
      }
    }

    if (!request.dryRun) {
      if (report.errorCount > 0 && !options.partial) throw report.refusal();
      await insertCustomers(tx, ctx.tenantId, creates, ctx.userId);
      await updateCustomers(tx, ctx.tenantId, updates);
    }
    return report.result();
  });
}
