/**
 * Issued invoices (decision 0031): issuing with the next number of the firm's sequence, the
 * register, one invoice with its history, its stored documents, cancellation by a credit note, and
 * undoing "mark processed" for entries no invoice binds.
 *
 * - Issuing runs in one tenant transaction: the entries are read, the number taken (locking the
 *   sequence row), the documents made with it, the invoice stored and the entries bound. Anything
 *   failing rolls all of it back, the number included: numbers stay gapless.
 * - An entry bound meanwhile by another issue (or marked processed) fails the binding's count: 409.
 * - Every issue and cancellation is in the audit trail.
 */
import { inTenant } from '../../platform/tenant-transaction';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { components } from '../../../generated/server/openapi';
import type { Deps } from '../../platform/handler';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../db/helpers';
import { zonedParts } from '../../platform/time-zone';
import { toEuro } from '../../platform/money';
import { recordAudit } from '../../db/audit';
import { findTenant } from '../../db/tenant-settings';
import type { BuyerSnapshot, IssuedPosition, SellerSnapshot } from '../../db/schema';
import { buildInvoiceDocument, periodLabelOf, type InvoiceDocumentInput } from './invoice-documents';
import { formatDay } from './invoice-days';
import { zoneOrDefault } from '../../platform/time-zone';
import { paymentTermsFor } from '../../db/payment-terms';
import { addDays } from '../../platform/payment-terms';
import { smallBusinessNote, type VatTreatment } from './invoice.rules';
import { reverseChargeNote } from './invoice-vat';
import { translate } from '../../platform/i18n';
import { readTenantLogo } from '../management';
import { findCustomer } from '../customers';
import { loadSelection, type InvoiceService } from './invoice.service';
import { lockByIds, type MarkKind } from './invoice.repository';
import {
  bindEntries,
  findCancellationOf,
  findIssuedInvoice,
  insertIssuedInvoice,
  invoicesBinding,
  issuedDocument,
  listRegister,
  releaseEntries,
  statusOf,
  takeNextSequenceNumber,
  type IssuedInvoiceRow,
  type RegisterRow,
} from './issued-invoices.repository';
import { formatInvoiceNumber, sequenceYearOf } from '../../platform/invoice-number';
import type { CustomerRow } from '../customers';
import type { TenantRow } from './invoice-documents';
import { customerName as customerNameOf } from '../../platform/display-names';

type IssuedInvoice = components['schemas']['IssuedInvoice'];
type IssuedInvoiceSummary = components['schemas']['IssuedInvoiceSummary'];
type IssueRequest = components['schemas']['InvoiceIssueRequest'];
type RegisterQuery = NonNullable<components['schemas']['IssuedInvoiceStatus']>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The firm's calendar day of an instant, `YYYY-MM-DD`. */
export function firmDay(instant: Date, timeZone: string): string {
  const p = zonedParts(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

function sellerOf(tenant: TenantRow): SellerSnapshot {
  return {
    name: tenant.companyName ?? tenant.name,
    street: tenant.street,
    zip: tenant.zip,
    city: tenant.city,
    country: tenant.country,
    email: tenant.email,
    phone: tenant.phone,
    vatId: tenant.vatId,
    taxNumber: tenant.taxNumber,
    legalRegistrationId: tenant.legalRegistrationId,
    iban: tenant.iban,
    bic: tenant.bic,
    bankName: tenant.bankName,
    smallBusiness: tenant.smallBusiness,
  };
}

function buyerOf(customer: CustomerRow): BuyerSnapshot {
  return {
    name: customerNameOf(customer),
    customerNumber: customer.externalId,
    street: customer.street,
    zip: customer.zip,
    city: customer.city,
    country: customer.country,
    email: customer.email,
    vatId: customer.vatId,
    leitwegId: customer.leitwegId,
    business: customer.business,
  };
}

function toSummary(row: RegisterRow): IssuedInvoiceSummary {
  return {
    id: row.id,
    source: row.source,
    number: row.number,
    kind: row.kind,
    cancelsId: row.cancelsId,
    customerId: row.customerId,
    customerName: row.customerName,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    net: toEuro(row.netCents),
    gross: toEuro(row.grossCents),
    status: row.status,
    format: row.format as IssuedInvoiceSummary['format'],
    externalUrl: row.externalUrl,
  };
}

const partyOf = (p: SellerSnapshot | BuyerSnapshot) => ({
  name: p.name,
  street: p.street,
  zip: p.zip,
  city: p.city,
  country: p.country,
  email: p.email,
  vatId: p.vatId,
});

const unique = (ids: string[]) => [...new Set(ids)];

export class IssuedInvoicesService {
  constructor(
    private readonly deps: Deps,
    private readonly invoice: InvoiceService,
  ) {}

  /** Issues the invoice of the selection with the next number of the firm's sequence. */
  async issue(ctx: RequestContext, body: IssueRequest): Promise<IssuedInvoice> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const loaded = await loadSelection(tx, ctx, body);
      const { tenant, customer } = loaded;
      if (tenant.invoiceIssuer === 'lexoffice') throw new AppError('INVOICE_ISSUED_ELSEWHERE', 'invoice.issuedInLexoffice');
      const composed = await this.invoice.compose(ctx, loaded, body, true);
      if (composed.positions.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingOpen');
      const entryIds = {
        informationIds: unique(composed.positions.flatMap((p) => p.informationIds)),
        timeTrackIds: unique(composed.positions.flatMap((p) => p.timeTrackIds)),
      };
      const invoiceDate = firmDay(ctx.now, zoneOrDefault(tenant.timeZone));
      const year = Number(invoiceDate.slice(0, 4));
      const sequenceYear = sequenceYearOf(tenant.invoiceNumberYearly, year);
      // From here the sequence row is locked until the transaction ends.
      const sequenceNumber = await takeNextSequenceNumber(tx, ctx.tenantId, sequenceYear);
      const number = formatInvoiceNumber(tenant.invoiceNumberFormat, year, sequenceNumber);
      // The customer's or the firm's payment terms: printed, in the e-invoice, and the due date (decision 0032).
      const paymentTerms = await paymentTermsFor(tx, customer.id);
      const input: InvoiceDocumentInput = { ...composed.documentInput, invoiceNumber: number, paymentTerms };
      const pdf = await buildInvoiceDocument(body.format === 'zugferd' ? 'zugferd' : 'pdf', input);
      const xml = body.format === 'xrechnung' ? await buildInvoiceDocument('xrechnung', input) : null;
      const id = crypto.randomUUID();
      const positions: IssuedPosition[] = composed.positions.map((p) => ({
        key: p.key,
        kind: p.kind,
        description: p.description,
        quantity: p.quantity,
        unit: p.unit,
        unitPriceCents: p.unitPriceCents,
        vatCategory: p.vatCategory,
        vatRate: p.vatRate,
        netCents: p.netCents,
        vatCents: p.vatCents,
        grossCents: p.grossCents,
        informationIds: p.informationIds,
        timeTrackIds: p.timeTrackIds,
      }));
      try {
        await insertIssuedInvoice(tx, {
            tenantId: ctx.tenantId,
            id,
            number,
            sequenceYear,
            sequenceNumber,
            kind: 'invoice',
            customerId: customer.id,
            invoiceDate,
            dueDate: addDays(invoiceDate, paymentTerms.days),
            serviceFrom: loaded.from,
            serviceTo: loaded.to,
            language: input.language,
            format: body.format,
            title: input.title,
            vatTreatment: input.vatTreatment,
            netCents: composed.totals.netCents,
            vatCents: composed.totals.vatCents,
            grossCents: composed.totals.grossCents,
            vatByRate: composed.totals.vatByRate.map((v) => ({ vatCategory: v.vatCategory, vatRate: v.vatRate, netCents: v.netCents, vatCents: v.vatCents })),
            seller: sellerOf(tenant),
            buyer: buyerOf(customer),
            positions,
            pdf: pdf.content,
            pdfFileName: pdf.fileName,
            pdfSha256: sha256(pdf.content),
            xml: xml?.content ?? null,
            xmlFileName: xml?.fileName ?? null,
            xmlSha256: xml ? sha256(xml.content) : null,
            createdBy: ctx.userId,
          });
      } catch (error) {
        // The format was changed to one that repeats an earlier number: the firm must adjust it.
        if (isUniqueViolation(error, 'issued_invoices_number_uq')) throw new AppError('CONFLICT', 'invoice.numberTaken', { params: { number } });
        throw error;
      }
      const bound = await bindEntries(tx, ctx.tenantId, id, entryIds, ctx.now);
      if (bound !== entryIds.informationIds.length + entryIds.timeTrackIds.length) {
        // Another issue (or a mark) took an entry meanwhile: name the invoice if one did.
        const binding = await invoicesBinding(tx, ctx.tenantId, entryIds);
        const others = unique(binding.filter((b) => b.invoiceId !== id).map((b) => b.number));
        if (others.length > 0) throw new AppError('ENTRY_INVOICED', 'invoice.entryInvoiced', { params: { number: others.join(', ') } });
        throw new AppError('CONFLICT', 'invoice.entryNotOpen');
      }
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'issued_invoice',
        entityId: id,
        action: 'create',
        changes: { after: { number, kind: 'invoice', grossCents: composed.totals.grossCents, format: body.format, entries: bound } },
      });
      await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'invoice.issued', { invoiceId: id, number });
      return this.detailIn(tx, ctx, id, zoneOrDefault(tenant.timeZone));
    });
  }

  /**
   * Cancels an issued invoice by a cancellation invoice (credit note) with its own number: the
   * original's positions negated, referencing it; the original stays as it was and its entries
   * become open again. Decision 0031. Its documents are those of the original's format: a PDF,
   * a ZUGFeRD PDF, or an XRechnung with its PDF, each as a credit note (decision 0037).
   */
  async cancel(ctx: RequestContext, id: string): Promise<IssuedInvoice> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const original = await findIssuedInvoice(tx, ctx.tenantId, id);
      if (!original) throw notFound();
      if (original.kind === 'cancellation') throw new AppError('CONFLICT', 'invoice.cancellationNotCancellable');
      const tenant = await findTenant(tx);
      const customer = await findCustomer(tx, ctx.tenantId, original.customerId);
      if (!tenant || !customer) throw notFound();
      // Locks the sequence row: a second cancellation of the same invoice waits here, then finds the first.
      const invoiceDate = firmDay(ctx.now, zoneOrDefault(tenant.timeZone));
      const year = Number(invoiceDate.slice(0, 4));
      const sequenceYear = sequenceYearOf(tenant.invoiceNumberYearly, year);
      const sequenceNumber = await takeNextSequenceNumber(tx, ctx.tenantId, sequenceYear);
      const existing = await findCancellationOf(tx, ctx.tenantId, id);
      if (existing) throw new AppError('CONFLICT', 'invoice.alreadyCancelled', { params: { number: original.number } });
      const number = formatInvoiceNumber(tenant.invoiceNumberFormat, year, sequenceNumber);
      const language = original.language === 'en' ? 'en' : 'de';
      const positions: IssuedPosition[] = original.positions.map((p) => ({
        ...p,
        quantity: -p.quantity,
        netCents: -p.netCents,
        vatCents: -p.vatCents,
        grossCents: -p.grossCents,
      }));
      const seller = original.seller;
      const buyer = original.buyer;
      const input: InvoiceDocumentInput = {
        language,
        timeZone: zoneOrDefault(tenant.timeZone),
        title: `${translate(language, 'invoiceDoc.cancellationTitle')} ${original.number}`,
        issuedAt: ctx.now,
        fromDate: original.serviceFrom,
        toDate: original.serviceTo,
        periodLabel: periodLabelOf(original.serviceFrom, original.serviceTo, language, zoneOrDefault(tenant.timeZone)),
        // The firm and the customer as they stood on the original.
        tenant: { ...tenant, companyName: seller.name, street: seller.street, zip: seller.zip, city: seller.city, country: seller.country, email: seller.email, phone: seller.phone, vatId: seller.vatId, taxNumber: seller.taxNumber, legalRegistrationId: seller.legalRegistrationId, iban: seller.iban, bic: seller.bic, bankName: seller.bankName, smallBusiness: seller.smallBusiness },
        logo: await readTenantLogo(this.deps.storage, tenant),
        customer: { ...customer, externalId: buyer.customerNumber, street: buyer.street, zip: buyer.zip, city: buyer.city, country: buyer.country ?? customer.country, email: buyer.email, vatId: buyer.vatId, leitwegId: buyer.leitwegId, business: buyer.business },
        customerName: buyer.name,
        privateCustomer: !buyer.business,
        positions: positions.map((p) => ({
          kind: p.kind === 'labour' ? 'labour' : 'material',
          description: p.description,
          quantity: p.quantity,
          unit: p.unit ?? '',
          unitPriceCents: p.unitPriceCents,
          vatCategory: p.vatCategory as 'S',
          vatRate: p.vatRate as 19,
          netCents: p.netCents,
          vatCents: p.vatCents,
          grossCents: p.grossCents,
          productId: null,
          durationSeconds: null,
          billedSeconds: null,
          informationIds: p.informationIds,
          timeTrackIds: p.timeTrackIds,
        })),
        totals: {
          netCents: -original.netCents,
          vatCents: -original.vatCents,
          grossCents: -original.grossCents,
          vatByRate: original.vatByRate.map((v) => ({ vatCategory: v.vatCategory as 'S', vatRate: v.vatRate as 19, netCents: -v.netCents, vatCents: -v.vatCents })),
        },
        smallBusinessNote: smallBusinessNote(language, seller.smallBusiness),
        vatTreatment: original.vatTreatment as VatTreatment,
        reverseChargeNote: reverseChargeNote(language, original.vatTreatment as VatTreatment, buyer.vatId),
        entries: [],
        invoiceNumber: number,
        cancels: {
          number: original.number,
          date: formatDay(new Date(`${original.invoiceDate}T12:00:00Z`), language, zoneOrDefault(tenant.timeZone)),
          issueDate: original.invoiceDate,
        },
      };
      // The credit note goes out as the invoice did: the customer's software reads the same format.
      const format = original.format === 'zugferd' || original.format === 'xrechnung' ? original.format : 'pdf';
      const pdf = await buildInvoiceDocument(format === 'zugferd' ? 'zugferd' : 'pdf', input);
      const xml = format === 'xrechnung' ? await buildInvoiceDocument('xrechnung', input) : null;
      const cancellationId = crypto.randomUUID();
      try {
        await insertIssuedInvoice(tx, {
          tenantId: ctx.tenantId,
          id: cancellationId,
          number,
          sequenceYear,
          sequenceNumber,
          kind: 'cancellation',
          cancelsId: original.id,
          customerId: original.customerId,
          invoiceDate,
          dueDate: invoiceDate,
          serviceFrom: original.serviceFrom,
          serviceTo: original.serviceTo,
          language,
          format,
          title: input.title,
          vatTreatment: original.vatTreatment,
          netCents: -original.netCents,
          vatCents: -original.vatCents,
          grossCents: -original.grossCents,
          vatByRate: original.vatByRate.map((v) => ({ ...v, netCents: -v.netCents, vatCents: -v.vatCents })),
          seller,
          buyer,
          positions,
          pdf: pdf.content,
          pdfFileName: pdf.fileName,
          pdfSha256: sha256(pdf.content),
          xml: xml?.content ?? null,
          xmlFileName: xml?.fileName ?? null,
          xmlSha256: xml ? sha256(xml.content) : null,
          createdBy: ctx.userId,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'issued_invoices_number_uq')) throw new AppError('CONFLICT', 'invoice.numberTaken', { params: { number } });
        if (isUniqueViolation(error, 'issued_invoices_cancels_uq')) throw new AppError('CONFLICT', 'invoice.alreadyCancelled', { params: { number: original.number } });
        throw error;
      }
      const released = await releaseEntries(tx, ctx.tenantId, original.id, ctx.now);
      await recordAudit(tx, ctx.tenantId, [
        {
          actorId: ctx.userId,
          entity: 'issued_invoice',
          entityId: cancellationId,
          action: 'create',
          changes: { after: { number, kind: 'cancellation', cancels: original.number, grossCents: -original.grossCents } },
        },
        {
          actorId: ctx.userId,
          entity: 'issued_invoice',
          entityId: original.id,
          action: 'update',
          changes: { event: 'cancelled', details: number, released: released.informationIds.length + released.timeTrackIds.length },
        },
      ]);
      await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'invoice.cancelled', { invoiceId: original.id, number: original.number, creditNoteId: cancellationId });
      return this.detailIn(tx, ctx, cancellationId, zoneOrDefault(tenant.timeZone));
    });
  }

  /** One page of the register. */
  async list(ctx: RequestContext, query: {
    page: number;
    pageSize: number;
    filter?: string;
    customerId?: string;
    status?: RegisterQuery;
    kind?: 'invoice' | 'cancellation';
    fromDate?: string;
    toDate?: string;
  }) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const tenant = await findTenant(tx);
      const today = firmDay(ctx.now, tenant?.timeZone ?? 'Europe/Berlin');
      const page = await listRegister(tx, ctx.tenantId, { ...query, search: query.filter, today });
      return { items: page.rows.map(toSummary), totalCount: page.totalCount, ...(page.capped ? { totalCountCapped: true } : {}) };
    });
  }

  /** One issued invoice with its status, documents, cancellation and history. */
  async get(ctx: RequestContext, id: string): Promise<IssuedInvoice> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const tenant = await findTenant(tx);
      return this.detailIn(tx, ctx, id, tenant?.timeZone ?? 'Europe/Berlin');
    });
  }

  /** The bytes of a document exactly as issued. */
  async document(ctx: RequestContext, id: string, which: 'pdf' | 'xml') {
    const found = await inTenant(this.deps.database, ctx, async (tx) => {
      const document = await issuedDocument(tx, ctx.tenantId, id, which);
      // Every hand-out of the stored document is in the audit trail and the invoice's history (decision 0041).
      if (document) await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'issued_invoice', entityId: id, action: 'read', changes: { event: 'downloaded', details: document.fileName } });
      return document;
    });
    if (!found) throw notFound();
    return { ...found, contentType: which === 'pdf' ? 'application/pdf' : 'application/xml' };
  }

  /** Opens processed entries again, unless an issued invoice binds them (409 naming it). */
  async unmarkProcessed(ctx: RequestContext, body: { informationIds?: string[]; timeTrackIds?: string[]; imageIds?: string[] }) {
    const ids: Record<MarkKind, string[]> = {
      information: unique((body.informationIds ?? []).map((id) => id.toLowerCase())),
      timeTrack: unique((body.timeTrackIds ?? []).map((id) => id.toLowerCase())),
      image: unique((body.imageIds ?? []).map((id) => id.toLowerCase())),
    };
    if (ids.information.length + ids.timeTrack.length + ids.image.length === 0) throw new AppError('NO_ACTIVITIES_SELECTED', 'invoice.nothingSelected');
    return inTenant(this.deps.database, ctx, async (tx) => {
      const missing: Record<string, string[]> = {};
      const fieldOf: Record<MarkKind, string> = { information: 'informationIds', timeTrack: 'timeTrackIds', image: 'imageIds' };
      for (const kind of ['information', 'timeTrack', 'image'] as const) {
        const found = await lockByIds(tx, ctx.tenantId, kind, ids[kind]);
        if (found.length < ids[kind].length) missing[fieldOf[kind]] = ['NOT_FOUND'];
      }
      if (Object.keys(missing).length > 0) throw new AppError('NOT_FOUND', 'NOT_FOUND', { fieldErrors: missing });
      const binding = await invoicesBinding(tx, ctx.tenantId, { informationIds: ids.information, timeTrackIds: ids.timeTrack });
      if (binding.length > 0) {
        throw new AppError('ENTRY_INVOICED', 'invoice.entryInvoiced', { params: { number: unique(binding.map((b) => b.number)).join(', ') } });
      }
      const stamp = ctx.now.toISOString();
      let counts = { information: 0, timeTrack: 0, image: 0 };
      for (const [kind, table, entity, hasUpdatedAt] of [
        ['information', 'information_entries', 'information', true],
        ['timeTrack', 'time_tracks', 'time_track', true],
        ['image', 'images', 'image', false],
      ] as const) {
        if (ids[kind].length === 0) continue;
        const result = await tx.execute<{ count: number }>(sql`
          with opened as (
            update ${sql.raw(table)} x set processed_at = null, archived_at = null ${hasUpdatedAt ? sql`, updated_at = ${ctx.now}::timestamptz` : sql``}
            where x.tenant_id = ${ctx.tenantId} and x.id = any(${sql.param(ids[kind])}::uuid[]) and (x.processed_at is not null or x.archived_at is not null)
            returning x.id, x.processed_at
          ), audited as (
            insert into audit_log (tenant_id, actor_id, entity, entity_id, action, changes, at)
            select ${ctx.tenantId}::uuid, ${ctx.userId}::uuid, ${entity}::text, o.id, 'update',
              jsonb_build_object('after', jsonb_build_object('processedAt', null, 'archivedAt', null), 'via', 'unmarkProcessed', 'at', ${stamp}::text),
              ${ctx.now}::timestamptz
            from opened o
          )
          select count(*)::int as count from opened`);
        counts = { ...counts, [kind]: Number(result.rows[0]?.count ?? 0) };
      }
      return { informationCount: counts.information, timeTrackCount: counts.timeTrack, imageCount: counts.image, archived: false };
    });
  }

  private async detailIn(tx: Tx, ctx: RequestContext, id: string, timeZone: string): Promise<IssuedInvoice> {
    const row = await findIssuedInvoice(tx, ctx.tenantId, id);
    if (!row) throw notFound();
    const today = firmDay(ctx.now, timeZone);
    const status = (await statusOf(tx, ctx.tenantId, id, today)) ?? 'open';
    const cancellation = row.kind === 'invoice' ? await findCancellationOf(tx, ctx.tenantId, id) : undefined;
    const cancels = row.cancelsId ? await findIssuedInvoice(tx, ctx.tenantId, row.cancelsId) : undefined;
    const history = await tx.execute<{ action: string; at: Date | string; actor_name: string | null; changes: Record<string, unknown> }>(sql`
      select a.action, a.at, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as actor_name, a.changes
      from audit_log a left join users u on u.tenant_id = a.tenant_id and u.id = a.actor_id
      where a.tenant_id = ${ctx.tenantId} and a.entity = 'issued_invoice' and a.entity_id = ${id}
      order by a.at, a.id`);
    return this.toDetail(row, status, cancellation, cancels, history.rows);
  }

  private toDetail(
    row: IssuedInvoiceRow,
    status: IssuedInvoiceSummary['status'],
    cancellation: IssuedInvoiceRow | undefined,
    cancels: IssuedInvoiceRow | undefined,
    history: { action: string; at: Date | string; actor_name: string | null; changes: Record<string, unknown> }[],
  ): IssuedInvoice {
    const reference = (r: IssuedInvoiceRow | undefined) => (r ? { id: r.id, number: r.number, invoiceDate: r.invoiceDate } : null);
    const documents: IssuedInvoice['documents'] = [{ document: 'pdf', fileName: row.pdfFileName, contentType: 'application/pdf', sha256: row.pdfSha256 }];
    if (row.xmlFileName && row.xmlSha256) documents.push({ document: 'xml', fileName: row.xmlFileName, contentType: 'application/xml', sha256: row.xmlSha256 });
    return {
      summary: {
        id: row.id,
        source: 'fieldbook',
        number: row.number,
        kind: row.kind,
        cancelsId: row.cancelsId,
        customerId: row.customerId,
        customerName: row.buyer.name,
        invoiceDate: row.invoiceDate,
        dueDate: row.dueDate,
        net: toEuro(row.netCents),
        gross: toEuro(row.grossCents),
        status,
        format: row.format,
        externalUrl: null,
      },
      title: row.title,
      language: row.language === 'en' ? 'en' : 'de',
      serviceFrom: row.serviceFrom.toISOString(),
      serviceTo: row.serviceTo.toISOString(),
      vatTreatment: row.vatTreatment as IssuedInvoice['vatTreatment'],
      vat: toEuro(row.vatCents),
      vatByRate: row.vatByRate.map((v) => ({ vatCategory: v.vatCategory as 'S' | 'Z' | 'E' | 'AE', vatRate: v.vatRate as 0 | 7 | 19, net: toEuro(v.netCents), vat: toEuro(v.vatCents) })),
      seller: partyOf(row.seller),
      buyer: partyOf(row.buyer),
      positions: row.positions.map((p) => ({
        key: p.key,
        kind: p.kind === 'labour' ? 'labour' : 'material',
        description: p.description,
        quantity: p.quantity,
        unit: p.unit,
        unitPrice: toEuro(p.unitPriceCents),
        vatRate: p.vatRate,
        net: toEuro(p.netCents),
        vat: toEuro(p.vatCents),
        gross: toEuro(p.grossCents),
        informationIds: p.informationIds,
        timeTrackIds: p.timeTrackIds,
      })),
      documents,
      cancellation: reference(cancellation),
      cancels: reference(cancels),
      history: history.map((h) => ({
        action: h.action === 'create' ? 'issued' : String(h.changes?.event ?? h.action),
        at: new Date(h.at).toISOString(),
        actorName: h.actor_name,
        details: typeof h.changes?.details === 'string' ? h.changes.details : null,
      })),
    };
  }
}
