/**
 * Information entries (notes, materials, described times): list, report, create, change, delete.
 * Every function takes the request context first and runs in the caller's tenant transaction.
 *
 * - Every member may record entries for any active customer; the entry belongs to the caller.
 * - An Employee sees only their own `time` entries and changes or deletes only their own entries.
 * - An entry covered by a work confirmation or archived at export is read-only: 409 ENTRY_LOCKED.
 * - Every create, change and delete writes an audit row in the same transaction.
 */
import type { components } from '../../../generated/server/openapi';
import type { Tx } from '../../db/database';
import { isManager, mayChangeRecordOf, type RequestContext } from '../../platform/context';
import { AppError, forbidden, notFound, type FieldErrors } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { diff, recordAudit } from '../../db/audit';
import { customerForNewEntry } from '../customers';
import { findProduct } from '../products';
import {
  informationViolations,
  materialValues,
  normaliseInformation,
  type InformationSubType,
  type RuleViolation,
} from './information.rules';
import {
  deleteInformation,
  findInformation,
  insertInformation,
  listInformation,
  lockInformation,
  reportTotals,
  timeReport,
  updateInformation,
  type InformationListQuery,
  type InformationListRow,
  type InformationRow,
  type InformationValues,
} from './information.repository';
import type { Deps } from '../../platform/handler';
import { inTenant } from '../../platform/tenant-transaction';
import { notInFuture } from '../../platform/acted-at';

export type Information = components['schemas']['Information'];
export type InformationCreate = components['schemas']['InformationCreate'];
export type InformationUpdate = components['schemas']['InformationUpdate'];
type VatRate = components['schemas']['VatRate'];

/** What an entry says, its text and material, as the API shows it and its audit row keeps it. */
function entryContent(row: Pick<InformationRow, 'text' | 'productId' | 'productName' | 'quantity' | 'unit' | 'unitPrice'>) {
  const { text, productId, productName, quantity, unit, unitPrice } = row;
  return { text, productId, productName, quantity, unit, unitPrice };
}

export function toInformation(row: InformationListRow): Information {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName: row.customerName,
    subType: row.subType as InformationSubType,
    ...entryContent(row),
    vatRate: row.vatRate as VatRate | null,
    durationSeconds: row.durationSeconds,
    occurredAtUtc: row.occurredAt.toISOString(),
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    processed: row.processedAt !== null || row.archivedAt !== null,
    archived: row.archivedAt !== null,
    locked: row.confirmationId !== null,
    createdAtUtc: row.createdAt.toISOString(),
    updatedAtUtc: row.updatedAt.toISOString(),
  };
}

function rejectInvalid(ctx: RequestContext, violations: RuleViolation[]) {
  if (violations.length === 0) return;
  const fieldErrors: FieldErrors = {};
  for (const v of violations) (fieldErrors[v.field] ??= []).push(translate(ctx.lang, v.key));
  throw new AppError('VALIDATION_ERROR', violations[0].key, { fieldErrors });
}

const productMissing = () => new AppError('NOT_FOUND', 'information.productMissing', { fieldErrors: { productId: ['information.productMissing'] } });

/** The values an audit row keeps of an entry. */
function auditValues(row: InformationRow) {
  return {
    customerId: row.customerId,
    subType: row.subType,
    ...entryContent(row),
    vatRate: row.vatRate,
    durationSeconds: row.durationSeconds,
    occurredAt: row.occurredAt.toISOString(),
    ownerId: row.ownerId,
  };
}

export type InformationListParams = Omit<InformationListQuery, 'onlyOwnTimeOf'>;

async function readBack(tx: Tx, ctx: RequestContext, id: string): Promise<Information> {
  const row = await findInformation(tx, ctx.tenantId, id);
  if (!row) throw notFound();
  return toInformation(row);
}

/** The entry for a change: it exists, the caller may change it, and it is not locked. */
async function changeableEntry(tx: Tx, ctx: RequestContext, id: string): Promise<InformationRow> {
  const row = await lockInformation(tx, ctx.tenantId, id);
  if (!row) throw notFound();
  if (!mayChangeRecordOf(ctx, row.ownerId)) {
    // Another member's time entry stays invisible to an Employee; their notes are visible, not theirs to change.
    if (row.subType === 'time') throw notFound();
    throw forbidden();
  }
  if (row.confirmationId !== null || row.archivedAt !== null) throw new AppError('ENTRY_LOCKED');
  return row;
}

/** The module's calls, built once per server with its dependencies (server/modules/services.ts). */
export class InformationService {
  constructor(private readonly deps: Deps) {}

  async list(ctx: RequestContext, query: InformationListParams) {
    const { database } = this.deps;
    const { totalCount, capped, rows } = await inTenant(database, ctx, (tx) =>
      listInformation(tx, ctx.tenantId, { ...query, onlyOwnTimeOf: isManager(ctx) ? undefined : ctx.userId }),
    );
    return { totalCount, ...(capped ? { totalCountCapped: true } : {}), page: query.page, pageSize: query.pageSize, items: rows.map(toInformation) };
  }

  /**
   * The report: a page of one subtype with the totals of every matching entry. Working time counts
   * customer time tracks beside `time` entries, as the dashboard does.
   */
  async getReport(ctx: RequestContext, query: InformationListParams) {
    const filters = { ...query, onlyOwnTimeOf: isManager(ctx) ? undefined : ctx.userId };
    if (filters.subType === 'time') {
      const { totalCount, rows, durationSeconds } = await inTenant(this.deps.database, ctx, (tx) => timeReport(tx, ctx.tenantId, filters));
      return { totalCount, page: query.page, pageSize: query.pageSize, items: rows.map(toInformation), totals: { durationSeconds, materials: [] } };
    }
    const { totalCount, rows, totals } = await inTenant(this.deps.database, ctx, async (tx) => ({
      ...(await listInformation(tx, ctx.tenantId, filters)),
      totals: await reportTotals(tx, ctx.tenantId, filters),
    }));
    return { totalCount, page: query.page, pageSize: query.pageSize, items: rows.map(toInformation), totals };
  }

  async create(ctx: RequestContext, input: InformationCreate): Promise<Information> {
    const { database } = this.deps;
    const subType = input.subType as InformationSubType;
    const fields = normaliseInformation(input);
    rejectInvalid(ctx, informationViolations(subType, fields));
    return inTenant(database, ctx, async (tx) => {
      const customer = await customerForNewEntry(tx, ctx.tenantId, input.customerId);
      let values: InformationValues = {
        customerId: customer.id,
        ownerId: ctx.userId,
        subType,
        text: fields.text,
        durationSeconds: fields.durationSeconds,
        occurredAt: input.occurredAtUtc ? notInFuture(ctx, new Date(input.occurredAtUtc), 'occurredAtUtc') : ctx.now,
      };
      if (subType === 'material') {
        let source = null;
        if (fields.productId) {
          const product = await findProduct(tx, ctx.tenantId, fields.productId);
          if (!product) throw productMissing();
          source = { name: product.name, unit: product.unit, unitPrice: product.netPrice, vatRate: product.vatRate };
        }
        values = { ...values, productId: fields.productId, quantity: fields.quantity, ...materialValues(fields, source) };
      }
      const row = await insertInformation(tx, ctx.tenantId, values);
      await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'information', entityId: row.id, action: 'create', changes: { after: auditValues(row) } });
      // A time entry recorded as an entry of the feed is a time entry for integrators too (decision 0044).
      if (subType === 'time') await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'time_entry.created', { informationId: row.id, customerId: row.customerId });
      return readBack(tx, ctx, row.id);
    });
  }

  async update(ctx: RequestContext, input: InformationUpdate): Promise<Information> {
    const { database } = this.deps;
    const fields = normaliseInformation(input);
    return inTenant(database, ctx, async (tx) => {
      const row = await changeableEntry(tx, ctx, input.id);
      const subType = row.subType as InformationSubType;
      rejectInvalid(ctx, informationViolations(subType, fields));
      let values: Partial<InformationValues> = {
        text: fields.text,
        durationSeconds: fields.durationSeconds,
        ...(input.occurredAtUtc ? { occurredAt: notInFuture(ctx, new Date(input.occurredAtUtc), 'occurredAtUtc') } : {}),
      };
      if (subType === 'material') {
        let source = null;
        if (fields.productId && fields.productId === row.productId) {
          // The product stays: the entry keeps its own copy of name, unit, price and VAT.
          source = { name: row.productName ?? '', unit: row.unit, unitPrice: row.unitPrice, vatRate: row.vatRate };
        } else if (fields.productId) {
          const product = await findProduct(tx, ctx.tenantId, fields.productId);
          if (!product) throw productMissing();
          source = { name: product.name, unit: product.unit, unitPrice: product.netPrice, vatRate: product.vatRate };
        }
        values = { ...values, productId: fields.productId, quantity: fields.quantity, ...materialValues(fields, source) };
      }
      const updated = await updateInformation(tx, ctx.tenantId, row.id, values);
      if (!updated) throw notFound();
      const changes = diff(auditValues(row), auditValues(updated));
      await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'information', entityId: row.id, action: 'update', changes });
      return readBack(tx, ctx, row.id);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    const { database } = this.deps;
    await inTenant(database, ctx, async (tx) => {
      const row = await changeableEntry(tx, ctx, id);
      if (!(await deleteInformation(tx, ctx.tenantId, row.id))) throw new AppError('ENTRY_LOCKED');
      await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'information', entityId: row.id, action: 'delete', changes: { before: auditValues(row) } });
    });
  }
}
