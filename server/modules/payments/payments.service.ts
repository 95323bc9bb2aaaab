/** Payment terms, payments, mails, reminders and the DATEV export (decision 0032). */
import { randomUUID } from 'node:crypto';
import { inTenant } from '../../platform/tenant-transaction';
import type { Deps } from '../../platform/handler';
import type { RequestContext } from '../../platform/context';
import type { BodyOf } from '../../platform/contract';
import { AppError, notFound } from '../../platform/errors';
import type { PaymentTerms } from '../../platform/payment-terms';
import type { Lang } from '../../platform/i18n';
import { textMail } from '../../platform/mail';
import { toCents, toEuro } from '../../platform/money';
import { addDays } from '../../platform/payment-terms';
import { isoDateOfEpochDay, localEpochDay } from '../../platform/time-zone';
import { tenantTimeZone, findTenant } from '../../db/tenant-settings';
import type { Tx } from '../../db/database';
import { recordAudit } from '../../db/audit';
import { findCancellationOf, findIssuedInvoice, issuedDocument, statusOf, type IssuedInvoiceRow } from '../invoice';
import * as repo from './payments.repository';
import { dayText, defaultMailText, euroText, fiscalYearOf, fillTemplate, nextReminderLevel, settingsDto, settingsFields, termsErrors } from './payments.rules';
import { datevBookings, extfFile, extfFileName, firstDebtorAccount } from './datev-extf';
import { renderReminderPdf, reminderTexts } from './reminder-pdf';

const KINDS = ['reminder', 'dunning1', 'dunning2'] as const;

export class PaymentsService {
  constructor(private readonly deps: Deps) {}

  async settings(ctx: RequestContext) {
    return inTenant(this.deps.database, ctx, async (tx) => settingsDto(await repo.findSettings(tx)));
  }

  async updateSettings(ctx: RequestContext, body: BodyOf<'paymentsUpdateSettings'>) {
    const errors = termsErrors(body.terms, 'terms');
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: errors });
    return inTenant(this.deps.database, ctx, async (tx) => settingsDto(await repo.saveSettings(tx, ctx.tenantId, settingsFields(body))));
  }

  async customerTerms(ctx: RequestContext, customerId: string): Promise<PaymentTerms | null> {
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (!(await repo.customerExists(tx, customerId))) throw notFound();
      return termsDto(await repo.findCustomerTerms(tx, customerId));
    });
  }

  async setCustomerTerms(ctx: RequestContext, body: BodyOf<'paymentsSetCustomerTerms'>): Promise<PaymentTerms | null> {
    if (body.terms) {
      const errors = termsErrors(body.terms, 'terms');
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: errors });
    }
    return inTenant(this.deps.database, ctx, async (tx) => {
      if (!(await repo.customerExists(tx, body.customerId))) throw notFound();
      const terms = body.terms ?? { days: null, discountPercent: null, discountDays: null };
      await repo.saveCustomerTerms(tx, ctx.tenantId, body.customerId, { paymentDays: terms.days, discountPercent: terms.discountPercent, discountDays: terms.discountDays });
      return termsDto(await repo.findCustomerTerms(tx, body.customerId));
    });
  }

  /** The firm's day today, `YYYY-MM-DD`. */
  private async today(tx: Tx, ctx: RequestContext) {
    return isoDateOfEpochDay(localEpochDay(ctx.now.getTime(), await tenantTimeZone(tx, ctx.tenantId)));
  }

  private async invoiceOr404(tx: Tx, ctx: RequestContext, invoiceId: string): Promise<IssuedInvoiceRow> {
    const invoice = await findIssuedInvoice(tx, ctx.tenantId, invoiceId);
    if (!invoice) throw notFound();
    return invoice;
  }

  private async receivableIn(tx: Tx, ctx: RequestContext, invoice: IssuedInvoiceRow) {
    const today = await this.today(tx, ctx);
    const [payments, mails, status] = [await repo.paymentsOf(tx, invoice.id), await repo.mailsOf(tx, invoice.id), await statusOf(tx, ctx.tenantId, invoice.id, today)];
    const paid = payments.reduce((sum, p) => sum + p.amountCents, 0);
    const open = Math.max(0, invoice.grossCents - paid);
    const levels = mails.filter((m) => m.level !== null).map((m) => m.level!);
    const next = nextReminderLevel(levels);
    return {
      invoiceId: invoice.id,
      number: invoice.number,
      status: status ?? 'open',
      gross: toEuro(invoice.grossCents),
      paid: toEuro(paid),
      open: toEuro(open),
      dueDate: invoice.dueDate,
      payments: payments.map((p) => ({
        id: p.id,
        paidOn: p.paidOn,
        amount: toEuro(p.amountCents),
        method: p.method,
        note: p.note,
        createdAtUtc: p.createdAt.toISOString(),
        createdByName: p.createdByName,
      })),
      mails: mails.map((m) => ({
        id: m.id,
        kind: m.kind,
        sentAtUtc: m.sentAt.toISOString(),
        to: m.toAddress,
        copyTo: m.copyTo,
        language: m.language,
        attachmentName: m.attachmentName,
        fee: toEuro(m.feeCents),
        payBy: m.payBy,
        sentByName: m.sentByName,
      })),
      nextReminderLevel: status === 'overdue' || (open > 0 && invoice.kind === 'invoice' && status !== 'cancelled' && invoice.dueDate < today) ? next : null,
    };
  }

  async receivable(ctx: RequestContext, invoiceId: string) {
    return inTenant(this.deps.database, ctx, async (tx) => this.receivableIn(tx, ctx, await this.invoiceOr404(tx, ctx, invoiceId)));
  }

  async record(ctx: RequestContext, body: BodyOf<'paymentsRecord'>) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const invoice = await this.invoiceOr404(tx, ctx, body.invoiceId);
      if (invoice.kind !== 'invoice' || (await findCancellationOf(tx, ctx.tenantId, invoice.id))) {
        throw new AppError('BAD_REQUEST', 'payments.notPayable', { fieldErrors: { invoiceId: ['payments.notPayable'] } });
      }
      if (body.paidOn > (await this.today(tx, ctx))) throw new AppError('VALIDATION_ERROR', 'payments.futureDate', { fieldErrors: { paidOn: ['payments.futureDate'] } });
      await repo.lockPayments(tx, ctx.tenantId, invoice.id);
      const amountCents = toCents(body.amount);
      const openCents = invoice.grossCents - (await repo.paidCents(tx, ctx.tenantId, invoice.id));
      if (amountCents > openCents) {
        const open = euroText(ctx.lang === 'en' ? 'en' : 'de', Math.max(0, openCents));
        throw new AppError('VALIDATION_ERROR', 'payments.overpaid', { fieldErrors: { amount: ['payments.overpaid'] }, params: { open } });
      }
      const payment = await repo.insertPayment(tx, {
        tenantId: ctx.tenantId,
        invoiceId: invoice.id,
        paidOn: body.paidOn,
        amountCents,
        method: body.method,
        note: body.note?.trim() || null,
        createdBy: ctx.userId,
      });
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'invoice_payment',
        entityId: payment.id,
        action: 'create',
        changes: { after: { invoiceId: invoice.id, number: invoice.number, paidOn: body.paidOn, amountCents, method: body.method, note: payment.note } },
      });
      // Paid once this payment settles what was open.
      if (amountCents === openCents) await this.deps.jobs.webhookEvent(tx, ctx.tenantId, 'invoice.paid', { invoiceId: invoice.id, number: invoice.number });
      return this.receivableIn(tx, ctx, invoice);
    });
  }

  async deletePayment(ctx: RequestContext, id: string) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const payment = await repo.findPayment(tx, id);
      if (!payment) throw notFound();
      const invoice = await this.invoiceOr404(tx, ctx, payment.invoiceId);
      await repo.markPaymentDeleted(tx, id, ctx.userId, ctx.now);
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'invoice_payment',
        entityId: id,
        action: 'delete',
        changes: { before: { invoiceId: invoice.id, number: invoice.number, paidOn: payment.paidOn, amountCents: payment.amountCents, method: payment.method, note: payment.note } },
      });
      return this.receivableIn(tx, ctx, invoice);
    });
  }

  async overdue(ctx: RequestContext) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const today = await this.today(tx, ctx);
      const { rows, totalCount, openCents } = await repo.overdue(tx, ctx.tenantId, today, 50);
      const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
      return {
        totalCount,
        openTotal: toEuro(openCents),
        items: rows.map((r) => ({
          invoiceId: r.id,
          number: r.number,
          customerId: r.customer_id,
          customerName: r.customer_name,
          dueDate: r.due_date,
          daysOverdue: Math.round((day(today) - day(r.due_date)) / 86_400_000),
          open: toEuro(Number(r.open_cents)),
          lastReminderLevel: r.last_level === null ? null : Number(r.last_level),
        })),
      };
    });
  }

  /** The invoice to the customer's address, the stored document attached, a hidden copy to the firm. */
  async send(ctx: RequestContext, body: BodyOf<'paymentsSend'>) {
    const prepared = await inTenant(this.deps.database, ctx, async (tx) => {
      const invoice = await this.invoiceOr404(tx, ctx, body.invoiceId);
      const to = invoice.buyer.email;
      if (!to) throw new AppError('BAD_REQUEST', 'payments.noEmail');
      // Any invoice's stored PDF may go as `pdf` (a firm that issues plain PDFs mails them too); `zugferd`
      // names the PDF of a ZUGFeRD invoice, `xrechnung` the stored XML.
      const document = await issuedDocument(tx, ctx.tenantId, invoice.id, body.attachment === 'xrechnung' ? 'xml' : 'pdf');
      if (!document?.content || !document.fileName || (body.attachment === 'zugferd' && invoice.format !== 'zugferd')) {
        throw new AppError('BAD_REQUEST', 'payments.noSuchAttachment', { fieldErrors: { attachment: ['payments.noSuchAttachment'] } });
      }
      const settings = await repo.findSettings(tx);
      // The firm chooses the mail's language; the invoice's language is the default.
      const language: Lang = (body.language ?? invoice.language) === 'en' ? 'en' : 'de';
      const subjectTemplate = (language === 'en' ? settings?.mailSubjectEn : settings?.mailSubjectDe) ?? defaultMailText(language, 'payments.mailSubject');
      const bodyTemplate = (language === 'en' ? settings?.mailBodyEn : settings?.mailBodyDe) ?? defaultMailText(language, 'payments.mailBody');
      const values = {
        number: invoice.number,
        customer: invoice.buyer.name,
        amount: euroText(language, invoice.grossCents),
        dueDate: dayText(language, invoice.dueDate),
        firm: invoice.seller.name,
      };
      const firm = await findTenant(tx);
      return {
        invoice,
        language,
        to,
        copyTo: firm?.email ?? null,
        subject: fillTemplate(subjectTemplate, values).replace(/[\r\n]+/g, ' '),
        text: fillTemplate(bodyTemplate, values),
        attachment: { filename: document.fileName, content: Buffer.from(document.content), contentType: body.attachment === 'xrechnung' ? 'application/xml' : 'application/pdf' },
      };
    });
    return inTenant(this.deps.database, ctx, async (tx) => {
      // Stored as a job with the mail's record: the worker delivers it, retrying while the mail server refuses (decision 0040).
      await this.deps.jobs.sendMail(textMail({ to: prepared.to, bcc: prepared.copyTo ?? undefined, subject: prepared.subject, body: prepared.text, attachments: [prepared.attachment] }), tx);
      await repo.insertMail(tx, {
        tenantId: ctx.tenantId,
        invoiceId: prepared.invoice.id,
        kind: 'invoice',
        sentAt: ctx.now,
        toAddress: prepared.to,
        copyTo: prepared.copyTo,
        language: prepared.language,
        subject: prepared.subject,
        attachmentName: prepared.attachment.filename,
        sentBy: ctx.userId,
      });
      await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'invoice_mail', entityId: prepared.invoice.id, action: 'create', changes: { after: { kind: 'invoice', to: prepared.to, attachment: prepared.attachment.filename } } });
      return { data: await this.receivableIn(tx, ctx, prepared.invoice), to: prepared.to };
    });
  }

  /** A payment reminder (0) or dunning letter (1, 2) of an overdue invoice: its PDF stored and mailed. */
  async remind(ctx: RequestContext, body: BodyOf<'paymentsRemind'>) {
    const level = body.level as 0 | 1 | 2;
    const prepared = await inTenant(this.deps.database, ctx, async (tx) => {
      const invoice = await this.invoiceOr404(tx, ctx, body.invoiceId);
      const receivable = await this.receivableIn(tx, ctx, invoice);
      if (receivable.nextReminderLevel === null) throw new AppError('BAD_REQUEST', 'payments.notOverdue');
      if (receivable.nextReminderLevel !== level) {
        throw new AppError('BAD_REQUEST', 'payments.reminderLevel', { fieldErrors: { level: ['payments.reminderLevel'] }, params: { level: receivable.nextReminderLevel } });
      }
      const to = invoice.buyer.email;
      if (!to) throw new AppError('BAD_REQUEST', 'payments.noEmail');
      const settings = await repo.findSettings(tx);
      const feeCents = body.fee !== undefined ? toCents(body.fee) : [settings?.reminderFeeCents, settings?.dunning1FeeCents, settings?.dunning2FeeCents][level] ?? 0;
      const today = await this.today(tx, ctx);
      const payBy = body.payBy ?? addDays(today, 7);
      if (payBy <= today) throw new AppError('VALIDATION_ERROR', 'VALIDATION_ERROR', { fieldErrors: { payBy: ['validation.minimum'] }, params: { limit: dayText('de', addDays(today, 1)) } });
      const language: Lang = invoice.language === 'en' ? 'en' : 'de';
      const input = {
        language, level, seller: invoice.seller, buyer: invoice.buyer, number: invoice.number, invoiceDate: invoice.invoiceDate, dueDate: invoice.dueDate,
        grossCents: invoice.grossCents, openCents: toCents(receivable.open), feeCents, payBy, today, createdAt: ctx.now,
      };
      const pdf = await renderReminderPdf(input);
      const texts = reminderTexts(input);
      const firm = await findTenant(tx);
      const fileName = `${texts.title.replace(/[^A-Za-z0-9äöüÄÖÜß.-]+/g, '_')}_${invoice.number}.pdf`;
      return { invoice, to, copyTo: firm?.email ?? null, language, feeCents, payBy, pdf, fileName, texts };
    });
    const { texts } = prepared;
    const text = [texts.greeting, texts.intro, [...texts.lines, texts.total].join('\n'), texts.paidAlready, `${texts.closing}\n${prepared.invoice.seller.name}`].join('\n\n');
    return inTenant(this.deps.database, ctx, async (tx) => {
      await this.deps.jobs.sendMail(textMail({
        to: prepared.to, bcc: prepared.copyTo ?? undefined, subject: texts.subject, body: text,
        attachments: [{ filename: prepared.fileName, content: prepared.pdf, contentType: 'application/pdf' }],
      }), tx);
      await repo.insertMail(tx, {
        tenantId: ctx.tenantId, invoiceId: prepared.invoice.id, kind: KINDS[level], level, sentAt: ctx.now, toAddress: prepared.to, copyTo: prepared.copyTo,
        language: prepared.language, subject: texts.subject, attachmentName: prepared.fileName, attachment: prepared.pdf, feeCents: prepared.feeCents, payBy: prepared.payBy, sentBy: ctx.userId,
      });
      await recordAudit(tx, ctx.tenantId, { actorId: ctx.userId, entity: 'invoice_mail', entityId: prepared.invoice.id, action: 'create', changes: { after: { kind: KINDS[level], to: prepared.to, feeCents: prepared.feeCents, payBy: prepared.payBy } } });
      return { data: await this.receivableIn(tx, ctx, prepared.invoice), to: prepared.to };
    });
  }

  /** The DATEV EXTF Buchungsstapel of a period (decision 0032). */
  async datevExport(ctx: RequestContext, query: { from: string; to: string; withPayments?: boolean }) {
    return inTenant(this.deps.database, ctx, async (tx) => {
      const settings = await repo.findSettings(tx);
      if (!settings?.datevConsultantNumber || !settings.datevClientNumber) throw new AppError('BAD_REQUEST', 'payments.datevMissing');
      const fiscalYearStart = fiscalYearOf(query.from, query.to, settings.datevFiscalYearStartMonth);
      if (!fiscalYearStart) throw new AppError('VALIDATION_ERROR', 'payments.datevPeriod', { fieldErrors: { to: ['payments.datevPeriod'] } });
      const invoices = await repo.invoicesDated(tx, query.from, query.to);
      const payments = query.withPayments ? await repo.paymentsReceived(tx, query.from, query.to) : [];
      const accounts = await repo.debtorAccounts(tx, ctx.tenantId, [...invoices.map((i) => i.customerId), ...payments.map((p) => p.customerId)], firstDebtorAccount(settings.datevAccountLength));
      const treatment = (value: string) => (value === 'smallBusiness' || value === 'reverseCharge' ? value : 'standard');
      const bookings = datevBookings(
        settings.datevChart,
        settings.datevAccountLength,
        invoices.map((i) => ({
          number: i.number,
          date: i.invoiceDate,
          dueDate: i.dueDate,
          cancellation: i.kind === 'cancellation',
          customerName: i.buyer.name,
          debtorAccount: accounts.get(i.customerId)!,
          treatment: treatment(i.vatTreatment),
          buyerVatId: i.buyer.vatId,
          vatGroups: i.vatByRate.map((g) => ({ vatRate: g.vatRate, netCents: g.netCents, vatCents: g.vatCents })),
        })),
        payments.map((p) => ({ invoiceNumber: p.number, date: p.paidOn, amountCents: p.amountCents, customerName: p.buyer.name, debtorAccount: accounts.get(p.customerId)! })),
      );
      const file = extfFile({
        settings: {
          consultantNumber: settings.datevConsultantNumber,
          clientNumber: settings.datevClientNumber,
          fiscalYearStart,
          accountLength: settings.datevAccountLength,
          chart: settings.datevChart,
        },
        from: query.from,
        to: query.to,
        createdAt: ctx.now,
        label: `Fieldbook ${dayText('de', query.from)}-${dayText('de', query.to)}`,
        bookings,
      });
      const fileName = extfFileName(query.from, query.to);
      await recordAudit(tx, ctx.tenantId, {
        actorId: ctx.userId,
        entity: 'datev_export',
        entityId: randomUUID(),
        action: 'read',
        changes: { event: 'datevExport', details: { from: query.from, to: query.to, withPayments: query.withPayments ?? false, bookingCount: bookings.length, fileName } },
      });
      return { fileName, contentType: 'text/csv' as const, contentBase64: file.toString('base64'), bookingCount: bookings.length };
    });
  }

}

function termsDto(row: Awaited<ReturnType<typeof repo.findCustomerTerms>>): PaymentTerms | null {
  if (!row || row.paymentDays === null) return null;
  return { days: row.paymentDays, discountPercent: row.discountPercent, discountDays: row.discountDays };
}

