/**
 * Invoicing: the preview and export files of a customer's open positions, the processed and
 * archived marks (`MarkActivitiesAsProcessed`, by ids or by filter) and deletion by filter.
 *
 * - A preview changes nothing. Its entries are the customer's open ones in the period, or exactly
 *   the ids given: an unknown id (or another tenant's) answers 404, another customer's entry 400,
 *   a processed or archived one 409 (never billed twice), a running timer 400; nothing is computed
 *   then. The money rules are in `invoice.rules.ts`.
 *
 * - Processed = `processed_at` or `archived_at` set; a processed entry keeps its first mark.
 *   Archived entries are read-only and hidden from open activities.
 * - Marking is allowed on entries locked by a work confirmation: their content does not change.
 * - By ids it is all or nothing: an unknown id (or another tenant's) answers 404, a running timer
 *   409, and nothing is marked. By filter, running timers are simply left out.
 * - Every changed entry gets an audit row in the same transaction.
 * - Both by-filter calls take `dryRun`: the same statements run and are rolled back, and the counts
 *   are answered, so the confirmation shows what will happen.
 * - Deletion by filter keeps entries locked by a work confirmation and running timers (counted as
 *   skipped) and never deletes a work confirmation; each deleted row is in the audit trail with its
 *   content. Photo files are removed from storage after the commit.
 */
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { findCustomer, type CustomerRow } from '../customers';
import { findTenant } from '../../db/tenant-settings';
import { buildInvoiceDocument, isPrivateCustomer, periodLabelOf, type InvoiceDocumentInput, type TenantRow } from './invoice-documents';
import {
  billableRows,
  deleteRows,
  existingIds,
  lockByIds,
  markRows,
  type BillableRow,
  type BillableSelection,
  type MarkKind,
  type MarkSelection,
} from './invoice.repository';
import { hourlyRateOf, invoicePositions, invoiceTotals, smallBusinessNote, toCents, toEuro } from './invoice.rules';
import { insertAccountingVoucher } from './issued-invoices.repository';
import { zonedParts } from '../../platform/time-zone';
import { translate } from '../../platform/i18n';
import { readTenantLogo } from '../management';
import { type ExternalSystemService, LexofficeError } from '../external-system';
import { toLexofficeInvoice } from './invoice.lexoffice';
import { reverseChargeNote, vatTreatmentOf } from './invoice-vat';
import { withPositionTexts, type KeyedPosition } from './invoice-position-texts';

/** Why lexoffice did not take the invoice, as the person can act on it. */
function exportFailed(error: unknown): AppError {
  if (error instanceof LexofficeError && error.kind === 'refused') return new AppError('EXPORT_FAILED', 'accounting.keyRefused');
  if (error instanceof LexofficeError && error.kind === 'invalid') {
    return new AppError('EXPORT_FAILED', 'accounting.invoiceRefused', { params: { details: error.details.join('; ') || String(error.status) } });
  }
  return new AppError('EXPORT_FAILED', 'accounting.unavailable');
}
import { customerName as customerNameOf } from '../../platform/display-names';
import { inTenant } from '../../platform/tenant-transaction';
import { zoneOrDefault } from '../../platform/time-zone';

export type InvoiceActivityCounts = components['schemas']['InvoiceActivityCounts'];
export type InvoiceMarkProcessedRequest = components['schemas']['InvoiceMarkProcessedRequest'];
export type InvoiceMarkProcessedByFilterRequest = components['schemas']['InvoiceMarkProcessedByFilterRequest'];
export type InvoiceDeleteByFilterRequest = components['schemas']['InvoiceDeleteByFilterRequest'];
export type InvoiceDeletedCounts = components['schemas']['InvoiceDeletedCounts'];
export type InvoicePreviewRequest = components['schemas']['InvoicePreviewRequest'];
export type InvoicePreview = components['schemas']['InvoicePreview'];
type InvoicePosition = components['schemas']['InvoicePosition'];

const fieldOf: Record<MarkKind, string> = { information: 'informationIds', timeTrack: 'timeTrackIds', image: 'imageIds' };

const unique = (ids: string[] | undefined) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))];

function periodOf(fromDate: string, toDate: string) {
  const from = new Date(fromDate);
  const to = new Date(toDate);
  if (to.getTime() <= from.getTime()) {
    throw new AppError('END_BEFORE_START', 'invoice.periodInverted', { fieldErrors: { toDate: ['invoice.periodInverted'] } });
  }
  return { from, to };
}

/** Refuses chosen entries that may not be billed; nothing is computed then. */
function refuseUnbillable(rows: BillableRow[], customerId: string, requested: { informationIds: string[]; timeTrackIds: string[] }, found: Set<string>) {
  const missing: Record<string, string[]> = {};
  if (requested.informationIds.some((id) => !found.has(id))) missing.informationIds = ['NOT_FOUND'];
  if (requested.timeTrackIds.some((id) => !found.has(id))) missing.timeTrackIds = ['NOT_FOUND'];
  if (Object.keys(missing).length > 0) throw new AppError('NOT_FOUND', 'NOT_FOUND', { fieldErrors: missing });
  const fieldOfRow = (row: BillableRow) => (row.source === 'timeTrack' ? 'timeTrackIds' : 'informationIds');
  const refuse = (rule: (row: BillableRow) => boolean, code: 'BAD_REQUEST' | 'CONFLICT', key: 'invoice.entryOfOtherCustomer' | 'invoice.entryNotOpen' | 'invoice.runningNotBillable') => {
    const bad = rows.filter(rule);
    if (bad.length > 0) throw new AppError(code, key, { fieldErrors: Object.fromEntries(bad.map((row) => [fieldOfRow(row), [key]])) });
  };
  refuse((row) => row.customerId !== customerId, 'BAD_REQUEST', 'invoice.entryOfOtherCustomer');
  const invoiced = rows.filter((row) => row.invoiceNumber !== null);
  if (invoiced.length > 0) {
    throw new AppError('ENTRY_INVOICED', 'invoice.entryInvoiced', {
      params: { number: [...new Set(invoiced.map((row) => row.invoiceNumber))].join(', ') },
      fieldErrors: Object.fromEntries(invoiced.map((row) => [fieldOfRow(row), ['invoice.entryInvoiced']])),
    });
  }
  refuse((row) => row.closed, 'CONFLICT', 'invoice.entryNotOpen');
  refuse((row) => row.running, 'BAD_REQUEST', 'invoice.runningNotBillable');
}

function toContractPosition(p: KeyedPosition): InvoicePosition {
  return {
    key: p.key,
    kind: p.kind,
    description: p.description,
    quantity: p.quantity,
    unit: p.unit,
    unitPrice: toEuro(p.unitPriceCents),
    vatCategory: p.vatCategory,
    vatRate: p.vatRate,
    net: toEuro(p.netCents),
    vat: toEuro(p.vatCents),
    gross: toEuro(p.grossCents),
    productId: p.productId,
    durationSeconds: p.durationSeconds,
    billedSeconds: p.billedSeconds,
    informationIds: p.informationIds,
    timeTrackIds: p.timeTrackIds,
  };
}

/** What an invoice of a selection is made of, read in one tenant transaction. */
export interface LoadedSelection {
  customer: CustomerRow;
  tenant: TenantRow;
  rows: BillableRow[];
  from: Date;
  to: Date;
}

/** The fields of a preview or issue request that shape the invoice. */
export interface ComposeRequest {
  language?: 'de' | 'en';
  title?: string;
  positionTexts?: Record<string, string>;
}

/**
 * Reads the customer, the firm and the entries of the selection (the customer's open ones in the
 * period, or exactly the ids given, refused when they may not be billed).
 */
export async function loadSelection(
  tx: Tx,
  ctx: RequestContext,
  body: { customerId: string; fromDate: string; toDate: string; informationIds?: string[]; timeTrackIds?: string[] },
): Promise<LoadedSelection> {
  const { from, to } = periodOf(body.fromDate, body.toDate);
  const byIds = body.informationIds !== undefined || body.timeTrackIds !== undefined;
  const requested = { informationIds: unique(body.informationIds), timeTrackIds: unique(body.timeTrackIds) };
  if (byIds && requested.informationIds.length + requested.timeTrackIds.length === 0) {
    throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingSelected');
  }
  const customer = await findCustomer(tx, ctx.tenantId, body.customerId);
  if (!customer) throw notFound();
  const tenant = await findTenant(tx);
  if (!tenant) throw notFound();
  const selection: BillableSelection = byIds
    ? { kind: 'ids', ...requested }
    : { kind: 'period', customerId: customer.id, fromDate: from, toDate: to };
  const rows = await billableRows(tx, ctx.tenantId, selection);
  if (byIds) refuseUnbillable(rows, customer.id, requested, await existingIds(tx, ctx.tenantId, requested.informationIds, requested.timeTrackIds));
  return { customer, tenant, rows, from, to };
}

export class InvoiceService {
  constructor(
    private readonly deps: Deps,
    private readonly accounting: ExternalSystemService,
  ) {}

  /**
   * The preview's positions as an invoice in lexoffice (draft, or finalized with its number); on
   * success the entries become processed (and archived if asked). When lexoffice refuses or cannot
   * be reached nothing is marked and the caller reads why.
   */
  async exportToLexoffice(ctx: RequestContext, body: components['schemas']['InvoiceLexofficeExportRequest']): Promise<components['schemas']['InvoiceLexofficeExport']> {
    const client = await this.accounting.clientOf(ctx.tenantId);
    const { finalize, archive, ...selection } = body;
    const preview = await this.createPreview(ctx, { ...selection, outputFormat: 'json' });
    if (preview.positions.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingOpen');
    const customer = await inTenant(this.deps.database, ctx, (tx) => findCustomer(tx, ctx.tenantId, body.customerId));
    if (!customer) throw notFound();
    if (preview.vatTreatment === 'reverseCharge' && !customer.externalId) throw new AppError('EXPORT_FAILED', 'invoice.reverseChargeNeedsContact');
    let voucherId: string;
    let voucherNumber: string | null = null;
    try {
      voucherId = (await client.createInvoice(toLexofficeInvoice(preview, customer, ctx.now), finalize)).id;
      if (finalize) voucherNumber = (await client.invoice(voucherId)).voucherNumber ?? null;
    } catch (error) {
      await this.accounting.noteRefusal(ctx.tenantId, error);
      throw exportFailed(error);
    }
    const activities = await this.markProcessed(ctx, {
      informationIds: preview.positions.flatMap((p) => p.informationIds),
      timeTrackIds: preview.positions.flatMap((p) => p.timeTrackIds),
      archive,
    });
    const documentUrl = `${this.deps.config.lexoffice.appUrl}/permalink/invoices/view/${encodeURIComponent(voucherId)}`;
    // The register lists what the firm issued in lexoffice, with lexoffice's number (decision 0031).
    await inTenant(this.deps.database, ctx, async (tx) => {
      const tenant = await findTenant(tx);
      const p = zonedParts(ctx.now.getTime(), zoneOrDefault(tenant?.timeZone));
      await insertAccountingVoucher(tx, {
        tenantId: ctx.tenantId,
        system: 'lexoffice',
        voucherId,
        voucherNumber,
        status: finalize ? 'open' : 'draft',
        customerId: customer.id,
        voucherDate: `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`,
        serviceFrom: new Date(preview.fromDate),
        serviceTo: new Date(preview.toDate),
        netCents: toCents(preview.totals.net),
        grossCents: toCents(preview.totals.gross),
        documentUrl,
        createdBy: ctx.userId,
      });
    });
    return {
      voucherId,
      voucherNumber,
      status: finalize ? 'open' : 'draft',
      documentUrl,
      activities,
    };
  }

  /**
   * `fn` in the tenant's transaction; on a dry run its answer is kept and all it did is rolled
   * back, so the counts a person confirms are exactly what the real call will do.
   */
  private async inTenantOrDry<T>(ctx: RequestContext, dryRun: boolean | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (!dryRun) return inTenant(this.deps.database, ctx, fn);
    const rollback = Symbol('dry run');
    let answer: { value: T } | undefined;
    try {
      await inTenant(this.deps.database, ctx, async (tx) => {
        answer = { value: await fn(tx) };
        throw rollback;
      });
    } catch (error) {
      if (error !== rollback || !answer) throw error;
    }
    return answer!.value;
  }

  /** The positions of the customer's open entries (or of the ids given), with the file asked for. */
  async createPreview(ctx: RequestContext, body: InvoicePreviewRequest): Promise<InvoicePreview> {
    const loaded = await inTenant(this.deps.database, ctx, (tx) => loadSelection(tx, ctx, body));
    const composed = await this.compose(ctx, loaded, body, body.outputFormat === 'pdf' || body.outputFormat === 'zugferd');
    // Nothing open is a normal answer for the positions; only a file of nothing cannot be made.
    if (composed.positions.length === 0 && body.outputFormat !== 'json') throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingOpen');
    const documentInput: InvoiceDocumentInput = { ...composed.documentInput, invoiceNumber: body.invoiceNumber };
    const document = body.outputFormat === 'json' ? null : await buildInvoiceDocument(body.outputFormat, documentInput);
    return {
      ...composed.preview,
      document: document && { fileName: document.fileName, contentType: document.contentType, contentBase64: document.content.toString('base64') },
    };
  }

  /** The positions, totals and document input of loaded entries, as preview and issue share them. */
  async compose(ctx: RequestContext, loaded: LoadedSelection, body: ComposeRequest, withLogo: boolean) {
    const { customer, tenant, rows, from, to } = loaded;
    // Left out, the invoice is in the firm's invoice language.
    const language = (body.language ?? tenant.invoiceLanguage) === 'en' ? 'en' : 'de';
    const timeZone = zoneOrDefault(tenant.timeZone);
    const periodLabel = periodLabelOf(from, to, language, timeZone);
    const hourlyRate = hourlyRateOf(customer.hourlyRate, tenant.defaultHourlyRate);
    const vatTreatment = vatTreatmentOf(tenant, customer);
    const computed = invoicePositions({
      language,
      vatTreatment,
      hourlyRate,
      periodLabel,
      labour: rows.filter((r) => r.source !== 'material').map((r) => ({ kind: r.source === 'time' ? 'time' : 'timeTrack', id: r.id, seconds: r.seconds ?? 0 })),
      materials: rows
        .filter((r) => r.source === 'material')
        .map((r) => ({ id: r.id, productId: r.productId, name: r.productName ?? r.text ?? '', quantity: r.quantity ?? 0, unit: r.unit, unitPrice: r.unitPrice, vatRate: r.vatRate })),
    });
    const positions = withPositionTexts(computed, body.positionTexts);
    const totals = invoiceTotals(positions);
    const customerName = customerNameOf(customer);
    const title = body.title ?? translate(language, 'invoiceDoc.defaultTitle', { customer: customerName, period: periodLabel });
    const note = smallBusinessNote(language, tenant.smallBusiness);
    const documentInput: InvoiceDocumentInput = {
      language,
      timeZone,
      title,
      issuedAt: ctx.now,
      fromDate: from,
      toDate: to,
      periodLabel,
      tenant,
      logo: withLogo ? await readTenantLogo(this.deps.storage, tenant) : undefined,
      customer,
      customerName,
      privateCustomer: isPrivateCustomer(customer),
      positions,
      totals,
      smallBusinessNote: note,
      vatTreatment,
      reverseChargeNote: reverseChargeNote(language, vatTreatment, customer.vatId),
      entries: rows,
    };
    const preview: Omit<InvoicePreview, 'document'> = {
      customerId: customer.id,
      customerName,
      title,
      fromDate: from.toISOString(),
      toDate: to.toISOString(),
      language,
      currency: 'EUR',
      smallBusiness: tenant.smallBusiness,
      smallBusinessNote: note,
      vatTreatment,
      reverseChargeNote: documentInput.reverseChargeNote,
      hourlyRate,
      positions: positions.map(toContractPosition),
      totals: {
        net: toEuro(totals.netCents),
        vat: toEuro(totals.vatCents),
        gross: toEuro(totals.grossCents),
        vatByRate: totals.vatByRate.map((v) => ({ vatCategory: v.vatCategory, vatRate: v.vatRate, net: toEuro(v.netCents), vat: toEuro(v.vatCents) })),
      },
    };
    return { positions, totals, documentInput, preview };
  }

  /** Marks exactly the entries given; answers how many of each kind are processed now. */
  async markProcessed(ctx: RequestContext, body: InvoiceMarkProcessedRequest): Promise<InvoiceActivityCounts> {
    const ids: Record<MarkKind, string[]> = {
      information: unique(body.informationIds),
      timeTrack: unique(body.timeTrackIds),
      image: unique(body.imageIds),
    };
    if (ids.information.length + ids.timeTrack.length + ids.image.length === 0) {
      throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingSelected');
    }
    const archive = body.archive === true;
    const now = ctx.now;
    return inTenant(this.deps.database, ctx, async (tx) => {
      const kinds: MarkKind[] = ['information', 'timeTrack', 'image'];
      // Read and lock every entry first: nothing is marked unless all of them may be.
      const missing: Record<string, string[]> = {};
      let running = false;
      for (const kind of kinds) {
        const found = await lockByIds(tx, ctx.tenantId, kind, ids[kind]);
        if (found.length < ids[kind].length) missing[fieldOf[kind]] = ['NOT_FOUND'];
        running ||= found.some((r) => r.running);
      }
      if (Object.keys(missing).length > 0) throw new AppError('NOT_FOUND', 'NOT_FOUND', { fieldErrors: missing });
      if (running) {
        throw new AppError('CONFLICT', 'invoice.runningTimeTrack', { fieldErrors: { timeTrackIds: ['invoice.runningTimeTrack'] } });
      }
      for (const kind of kinds) {
        const selection: MarkSelection = { kind: 'ids', ids: ids[kind] };
        await markRows(tx, ctx.tenantId, kind, selection, { archive, onlyOpen: false, actorId: ctx.userId, now });
      }
      return { informationCount: ids.information.length, timeTrackCount: ids.timeTrack.length, imageCount: ids.image.length, archived: archive };
    });
  }

  /** Marks every open entry of the customer (or of all) in the period; answers how many were marked. */
  async markProcessedByFilter(ctx: RequestContext, body: InvoiceMarkProcessedByFilterRequest): Promise<InvoiceActivityCounts> {
    const fromDate = body.fromDate ? new Date(body.fromDate) : undefined;
    const toDate = body.toDate ? new Date(body.toDate) : undefined;
    if (fromDate && toDate && toDate.getTime() <= fromDate.getTime()) {
      throw new AppError('END_BEFORE_START', 'invoice.periodInverted', { fieldErrors: { toDate: ['invoice.periodInverted'] } });
    }
    const archive = body.archive === true;
    const now = ctx.now;
    return this.inTenantOrDry(ctx, body.dryRun, async (tx) => {
      if (body.customerId && !(await findCustomer(tx, ctx.tenantId, body.customerId))) throw notFound();
      const selection: MarkSelection = { kind: 'filter', customerId: body.customerId, fromDate, toDate };
      const options = { archive, onlyOpen: true, actorId: ctx.userId, now };
      return {
        informationCount: await markRows(tx, ctx.tenantId, 'information', selection, options),
        timeTrackCount: await markRows(tx, ctx.tenantId, 'timeTrack', selection, options),
        imageCount: await markRows(tx, ctx.tenantId, 'image', selection, options),
        archived: archive,
      };
    });
  }

  /** Deletes the customer's entries in the period (only processed ones with `onlyProcessed`). */
  async deleteByFilter(ctx: RequestContext, body: InvoiceDeleteByFilterRequest): Promise<InvoiceDeletedCounts> {
    const { from, to } = periodOf(body.fromDate, body.toDate);
    const filter = { customerId: body.customerId, fromDate: from, toDate: to, onlyProcessed: body.onlyProcessed };
    const options = { actorId: ctx.userId, now: ctx.now };
    const result = await this.inTenantOrDry(ctx, body.dryRun, async (tx) => {
      if (!(await findCustomer(tx, ctx.tenantId, body.customerId))) throw notFound();
      const information = await deleteRows(tx, ctx.tenantId, 'information', filter, options);
      const timeTrack = await deleteRows(tx, ctx.tenantId, 'timeTrack', filter, options);
      const image = await deleteRows(tx, ctx.tenantId, 'image', filter, options);
      return { information, timeTrack, image };
    });
    // Files go only once their rows are gone for good; a file left behind is unreachable, not wrong.
    for (const key of body.dryRun ? [] : result.image.fileKeys) {
      await this.deps.storage.delete(key).catch(() => undefined);
    }
    return {
      informationCount: result.information.deleted,
      timeTrackCount: result.timeTrack.deleted,
      imageCount: result.image.deleted,
      skippedCount: result.information.skipped + result.timeTrack.skipped + result.image.skipped,
    };
  }
}
