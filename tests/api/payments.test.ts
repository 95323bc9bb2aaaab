/**
 * Payments of issued invoices and what follows them (decision 0032): recording and removing
 * payments with the status following, overdue invoices, sending the invoice by mail to a local
 * SMTP server with the stored document attached byte for byte, reminders after the due date, and
 * the DATEV export of a period. Roles, bad input and another firm's ids throughout.
 *
 * Issued invoices are written as rows here (the issuing itself is the register's, tested there).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, issuedInvoices, tenants } from '../../server/db/schema';
import { rawCall } from '../support/api-client';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { startSmtpSink, type SmtpSink } from '../e2e/smtp-sink';
import { newCustomer } from './activity-support';
import { createTenant, type TestTenant } from './factories';
import { and, eq } from 'drizzle-orm';

let server: TestServer;
let smtp: SmtpSink;
let firm: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url }, { clock: testClock('2026-11-26T10:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  other = await createTenant(server, { name: 'Andere Firma' });
  await server.database.withTenant(firm.tenantId, (tx) => tx.update(tenants).set({ email: 'buero@elektro-schneider.de' }).where(eq(tenants.tenantId, firm.tenantId)));
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let sequence = 0;
interface Issue {
  tenant?: TestTenant;
  customerId?: string;
  date?: string;
  dueDate?: string;
  vat?: { vatRate: number; netCents: number; vatCents: number }[];
  kind?: 'invoice' | 'cancellation';
  cancelsId?: string;
  language?: 'de' | 'en';
  buyerName?: string;
  email?: string | null;
  format?: 'pdf' | 'zugferd' | 'xrechnung';
}

/** An issued invoice as the register stores it, with its PDF and XML bytes. */
async function issue(options: Issue = {}) {
  const tenant = options.tenant ?? firm;
  const customerId = options.customerId ?? (await newCustomer(tenant.owner)).id;
  const vat = options.vat ?? [{ vatRate: 19, netCents: 100000, vatCents: 19000 }];
  const net = vat.reduce((s, g) => s + g.netCents, 0);
  const tax = vat.reduce((s, g) => s + g.vatCents, 0);
  sequence += 1;
  const id = crypto.randomUUID();
  const number = `RE-2026-${String(sequence).padStart(4, '0')}`;
  const pdf = crypto.randomBytes(3000);
  const xml = Buffer.from(`<?xml version="1.0"?><Invoice>${number} Müller</Invoice>`, 'utf8');
  await server.database.withTenant(tenant.tenantId, (tx) =>
    tx.insert(issuedInvoices).values({
      tenantId: tenant.tenantId,
      id,
      number,
      sequenceYear: 2026,
      sequenceNumber: sequence,
      kind: options.kind ?? 'invoice',
      cancelsId: options.cancelsId ?? null,
      customerId,
      invoiceDate: options.date ?? '2026-11-02',
      dueDate: options.dueDate ?? '2026-11-16',
      serviceFrom: new Date('2026-10-01T00:00:00Z'),
      serviceTo: new Date('2026-11-01T00:00:00Z'),
      language: options.language ?? 'de',
      format: options.format ?? 'zugferd',
      title: 'Rechnung',
      vatTreatment: 'standard',
      netCents: net,
      vatCents: tax,
      grossCents: net + tax,
      vatByRate: vat.map((g) => ({ vatCategory: g.vatRate === 0 ? 'Z' : 'S', ...g })),
      seller: { name: 'Elektro Schneider GmbH', street: 'Werkstattweg 3', zip: '80331', city: 'München', country: 'DE', email: 'buero@elektro-schneider.de', phone: null, vatId: 'DE123456789', taxNumber: null, legalRegistrationId: null, iban: 'DE02120300000000202051', bic: null, bankName: 'Sparkasse', smallBusiness: false },
      buyer: { name: options.buyerName ?? 'Bäckerei Müller', customerNumber: null, street: 'Hauptstraße 1', zip: '80331', city: 'München', country: 'DE', email: options.email === undefined ? 'kasse@baeckerei-mueller.de' : options.email, vatId: null, leitwegId: null, business: true },
      positions: [],
      pdf,
      pdfFileName: `${number}.pdf`,
      pdfSha256: crypto.createHash('sha256').update(pdf).digest('hex'),
      ...(options.format === 'xrechnung'
        ? { xml, xmlFileName: `${number}.xml`, xmlSha256: crypto.createHash('sha256').update(xml).digest('hex') }
        : {}),
    }),
  );
  return { id, number, pdf, xml, customerId, gross: (net + tax) / 100 };
}

/** Intl writes a no-break space before the euro sign. */
const plain = (value: string) => value.replace(/\u00a0/g, ' ');
const json = (member: { auth: Record<string, string> }, body: unknown) => ({ body: JSON.stringify(body), headers: { ...member.auth, 'Content-Type': 'application/json' } });

describe('payments', () => {
  it('records partial and full payments; the status follows from open to partly paid to paid', async () => {
    const invoice = await issue({ dueDate: '2026-12-10' });
    const manager = await firm.member('Manager');
    const before = await manager.api.GET('/api/Payments/GetForInvoice/{invoiceId}', { params: { path: { invoiceId: invoice.id } } });
    expect(before.data!.data).toMatchObject({ status: 'open', gross: 1190, paid: 0, open: 1190, dueDate: '2026-12-10', nextReminderLevel: null });
    const first = await manager.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 190, method: 'transfer', note: 'Teilzahlung' } });
    expect(first.response.status).toBe(200);
    expect(first.data!.data).toMatchObject({ status: 'partlyPaid', paid: 190, open: 1000 });
    expect(first.data!.data!.payments[0]).toMatchObject({ paidOn: '2026-11-20', amount: 190, method: 'transfer', note: 'Teilzahlung' });
    const second = await manager.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-26', amount: 1000, method: 'cash' } });
    expect(second.data!.data).toMatchObject({ status: 'paid', paid: 1190, open: 0 });
    expect(second.data!.data!.payments).toHaveLength(2);
  });

  it('refuses an overpayment, a future date, bad input and a cancelled invoice, changing nothing', async () => {
    const invoice = await issue({ dueDate: '2026-12-10' });
    const over = await rawCall(server.baseUrl, 'POST', '/api/Payments/Record', json(firm.owner, { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 1190.01, method: 'transfer' }));
    expect(over.status).toBe(400);
    expect(over.body.errors.amount.map(plain)).toEqual(['Die Zahlung übersteigt den offenen Betrag von 1.190,00 €.']);
    const future = await rawCall(server.baseUrl, 'POST', '/api/Payments/Record', json(firm.owner, { invoiceId: invoice.id, paidOn: '2026-11-27', amount: 1, method: 'transfer' }));
    expect(future.status).toBe(400);
    for (const body of [
      { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 0, method: 'transfer' },
      { invoiceId: invoice.id, paidOn: '2026-11-20', amount: -5, method: 'transfer' },
      { invoiceId: invoice.id, paidOn: '20.11.2026', amount: 5, method: 'transfer' },
      { invoiceId: invoice.id, paidOn: '2026-11-20', amount: '5', method: 'transfer' },
      { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 5, method: 'barter' },
      { invoiceId: invoice.id, amount: 5, method: 'transfer' },
      { invoiceId: 'nope', paidOn: '2026-11-20', amount: 5, method: 'transfer' },
    ]) {
      expect((await rawCall(server.baseUrl, 'POST', '/api/Payments/Record', json(firm.owner, body))).status, JSON.stringify(body)).toBe(400);
    }
    const cancellation = await issue({ kind: 'cancellation', cancelsId: invoice.id, customerId: invoice.customerId, vat: [{ vatRate: 19, netCents: -100000, vatCents: -19000 }] });
    for (const id of [invoice.id, cancellation.id]) {
      const refused = await rawCall(server.baseUrl, 'POST', '/api/Payments/Record', json(firm.owner, { invoiceId: id, paidOn: '2026-11-20', amount: 1, method: 'transfer' }));
      expect(refused.status).toBe(400);
    }
    const after = await firm.owner.api.GET('/api/Payments/GetForInvoice/{invoiceId}', { params: { path: { invoiceId: invoice.id } } });
    expect(after.data!.data).toMatchObject({ status: 'cancelled', paid: 0, payments: [] });
  });

  it('removes a wrongly recorded payment: the status goes back, the row stays marked and the audit trail names it', async () => {
    const invoice = await issue({ dueDate: '2026-12-10' });
    const recorded = await firm.owner.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 1190, method: 'transfer' } });
    const paymentId = recorded.data!.data!.payments[0]!.id;
    const removed = await firm.owner.api.DELETE('/api/Payments/Delete/{id}', { params: { path: { id: paymentId } } });
    expect(removed.response.status).toBe(200);
    expect(removed.data!.data).toMatchObject({ status: 'open', paid: 0, payments: [] });
    expect((await firm.owner.api.DELETE('/api/Payments/Delete/{id}', { params: { path: { id: paymentId } } })).response.status).toBe(404);
    const trail = await server.database.withTenant(firm.tenantId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'invoice_payment'), eq(auditLog.entityId, paymentId))));
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('lets Owner, Admin and Manager record, not an Employee; another firm’s invoice and payment answer 404', async () => {
    const invoice = await issue({ dueDate: '2026-12-10' });
    const employee = await firm.member('Employee');
    expect((await employee.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 1, method: 'transfer' } })).response.status).toBe(403);
    expect((await employee.api.GET('/api/Payments/GetForInvoice/{invoiceId}', { params: { path: { invoiceId: invoice.id } } })).response.status).toBe(403);
    const admin = await firm.member('Admin');
    const recorded = await admin.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 1, method: 'card' } });
    expect(recorded.response.status).toBe(200);
    expect((await other.owner.api.GET('/api/Payments/GetForInvoice/{invoiceId}', { params: { path: { invoiceId: invoice.id } } })).response.status).toBe(404);
    expect((await other.owner.api.POST('/api/Payments/Record', { body: { invoiceId: invoice.id, paidOn: '2026-11-20', amount: 1, method: 'card' } })).response.status).toBe(404);
    expect((await other.owner.api.DELETE('/api/Payments/Delete/{id}', { params: { path: { id: recorded.data!.data!.payments[0]!.id } } })).response.status).toBe(404);
    expect((await other.owner.api.POST('/api/Payments/Send', { body: { invoiceId: invoice.id, attachment: 'zugferd' } })).response.status).toBe(404);
  });
});

describe('overdue invoices', () => {
  it('lists invoices past their due date with something open, the longest overdue first, for the dashboard', async () => {
    const tenant = await createTenant(server);
    const old = await issue({ tenant, dueDate: '2026-11-01', buyerName: 'Alt GmbH' });
    const recent = await issue({ tenant, dueDate: '2026-11-20', buyerName: 'Neu GmbH' });
    const paid = await issue({ tenant, dueDate: '2026-11-10' });
    await issue({ tenant, dueDate: '2026-11-26' }); // due today: not overdue
    await tenant.owner.api.POST('/api/Payments/Record', { body: { invoiceId: paid.id, paidOn: '2026-11-25', amount: paid.gross, method: 'transfer' } });
    await tenant.owner.api.POST('/api/Payments/Record', { body: { invoiceId: recent.id, paidOn: '2026-11-25', amount: 190, method: 'transfer' } });
    const { data } = await tenant.owner.api.GET('/api/Payments/GetOverdue');
    expect(data!.data!.totalCount).toBe(2);
    expect(data!.data!.openTotal).toBe(1190 + 1000);
    expect(data!.data!.items.map((i) => [i.number, i.daysOverdue, i.open, i.customerName])).toEqual([
      [old.number, 25, 1190, 'Alt GmbH'],
      [recent.number, 6, 1000, 'Neu GmbH'],
    ]);
    expect((await tenant.owner.api.GET('/api/Payments/GetForInvoice/{invoiceId}', { params: { path: { invoiceId: old.id } } })).data!.data).toMatchObject({ status: 'overdue', nextReminderLevel: 0 });
    expect((await other.owner.api.GET('/api/Payments/GetOverdue')).data!.data!.items.find((i) => i.invoiceId === old.id)).toBeUndefined();
  });
});

describe('sending by mail', () => {
  it('mails the invoice to the customer with the stored ZUGFeRD PDF byte for byte, a copy to the firm, and records it', async () => {
    await firm.owner.api.PUT('/api/Payments/UpdateSettings', {
      body: {
        terms: { days: 14, discountPercent: null, discountDays: null },
        mailTexts: { subjectDe: 'Ihre Rechnung {number} von {firm}', bodyDe: 'Hallo {customer},\n\nanbei {number} über {amount}, fällig am {dueDate}.', subjectEn: null, bodyEn: null },
        reminderFees: { reminder: 0, dunning1: 5, dunning2: 10 },
        datev: { consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR03' },
      },
    });
    const invoice = await issue({ dueDate: '2026-12-10', buyerName: 'Bäckerei Müller' });
    const count = smtp.mails.length;
    const sent = await firm.owner.api.POST('/api/Payments/Send', { body: { invoiceId: invoice.id, attachment: 'zugferd' } });
    expect(sent.response.status).toBe(200);
    expect(sent.data!.successMessage).toBe('Gesendet an kasse@baeckerei-mueller.de.');
    await server.settleJobs();
    expect(smtp.mails).toHaveLength(count + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to.sort()).toEqual(['buero@elektro-schneider.de', 'kasse@baeckerei-mueller.de']);
    expect(mail.subject).toBe(`Ihre Rechnung ${invoice.number} von Elektro Schneider GmbH`);
    expect(plain(mail.text)).toContain(`Hallo Bäckerei Müller,\n\nanbei ${invoice.number} über 1.190,00 €, fällig am 10.12.2026.`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`${invoice.number}.pdf`);
    expect(mail.attachments[0]!.content.equals(invoice.pdf)).toBe(true);
    expect(sent.data!.data!.mails).toEqual([expect.objectContaining({ kind: 'invoice', to: 'kasse@baeckerei-mueller.de', copyTo: 'buero@elektro-schneider.de', attachmentName: `${invoice.number}.pdf` })]);
  });

  it('attaches the XML byte for byte and writes English with the built-in text for an English invoice', async () => {
    const invoice = await issue({ dueDate: '2026-12-10', language: 'en', buyerName: 'Smith Ltd', format: 'xrechnung' });
    await firm.owner.api.POST('/api/Payments/Send', { body: { invoiceId: invoice.id, attachment: 'xrechnung' } });
    await server.settleJobs();
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe(`Invoice ${invoice.number} from Elektro Schneider GmbH`);
    expect(mail.attachments[0]!.content.equals(invoice.xml)).toBe(true);
    expect(mail.attachments[0]!.contentType).toBe('application/xml');
  });

  it('mails a plain PDF invoice with its stored PDF, in the language the firm chooses, with the firm’s English template', async () => {
    const settings = (await firm.owner.api.GET('/api/Payments/GetSettings')).data!.data!;
    const saved = await firm.owner.api.PUT('/api/Payments/UpdateSettings', {
      body: { terms: settings.terms, reminderFees: settings.reminderFees, datev: settings.datev, mailTexts: { ...settings.mailTexts, subjectEn: 'Your invoice {number}', bodyEn: 'Dear {customer},\n\nplease find {number} over {amount} attached.' } },
    });
    expect(saved.response.status).toBe(200);
    const invoice = await issue({ dueDate: '2026-12-10', format: 'pdf', language: 'de', buyerName: 'Smith Ltd' });
    const count = smtp.mails.length;
    // A plain PDF invoice has no ZUGFeRD or XRechnung document: those are refused and nothing is sent.
    for (const attachment of ['zugferd', 'xrechnung']) {
      const refused = await rawCall(server.baseUrl, 'POST', '/api/Payments/Send', json(firm.owner, { invoiceId: invoice.id, attachment }));
      expect(refused.status, attachment).toBe(400);
      expect(refused.body.errorMessages[0].message).toBe('Diese Rechnung wurde nicht in diesem Format ausgestellt. Wählen Sie den gespeicherten Anhang der Rechnung.');
    }
    const badLanguage = await rawCall(server.baseUrl, 'POST', '/api/Payments/Send', json(firm.owner, { invoiceId: invoice.id, attachment: 'pdf', language: 'fr' }));
    expect(badLanguage.status).toBe(400);
    await server.settleJobs();
    expect(smtp.mails).toHaveLength(count);

    const sent = await firm.owner.api.POST('/api/Payments/Send', { body: { invoiceId: invoice.id, attachment: 'pdf', language: 'en' } });
    expect(sent.response.status).toBe(200);
    await server.settleJobs();
    expect(smtp.mails).toHaveLength(count + 1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe(`Your invoice ${invoice.number}`);
    expect(plain(mail.text)).toContain(`Dear Smith Ltd,\n\nplease find ${invoice.number} over €1,190.00 attached.`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`${invoice.number}.pdf`);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.equals(invoice.pdf)).toBe(true);
    expect(sent.data!.data!.mails).toEqual([expect.objectContaining({ kind: 'invoice', language: 'en', attachmentName: `${invoice.number}.pdf` })]);

    // Without a choice the mail speaks the invoice's language (German, the firm's German template).
    await firm.owner.api.POST('/api/Payments/Send', { body: { invoiceId: invoice.id, attachment: 'pdf' } });
    await server.settleJobs();
    expect(smtp.mails.at(-1)!.subject).toBe(`Ihre Rechnung ${invoice.number} von Elektro Schneider GmbH`);
  });

  it('refuses a customer without e-mail address and sends nothing', async () => {
    const invoice = await issue({ email: null });
    const count = smtp.mails.length;
    const answer = await rawCall(server.baseUrl, 'POST', '/api/Payments/Send', json(firm.owner, { invoiceId: invoice.id, attachment: 'zugferd' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errorMessages[0].message).toBe('Beim Kunden ist keine E-Mail-Adresse hinterlegt.');
    await server.settleJobs();
    expect(smtp.mails).toHaveLength(count);
  });
});

describe('reminders', () => {
  it('refuses a reminder before the due date; after it sends reminder, 1st and 2nd dunning letter in order, each a PDF with its fee', async () => {
    const early = await issue({ dueDate: '2026-11-30' });
    const refused = await rawCall(server.baseUrl, 'POST', '/api/Payments/Remind', json(firm.owner, { invoiceId: early.id, level: 0 }));
    expect(refused.status).toBe(400);
    expect(refused.body.errorMessages[0].message).toBe('Die Rechnung ist nicht überfällig.');

    const invoice = await issue({ dueDate: '2026-11-10' });
    const skipped = await rawCall(server.baseUrl, 'POST', '/api/Payments/Remind', json(firm.owner, { invoiceId: invoice.id, level: 1 }));
    expect(skipped.status).toBe(400);
    const reminder = await firm.owner.api.POST('/api/Payments/Remind', { body: { invoiceId: invoice.id, level: 0 } });
    expect(reminder.response.status).toBe(200);
    await server.settleJobs();
    let mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe(`Zahlungserinnerung zu Rechnung ${invoice.number}`);
    expect(plain(mail.text)).toContain('Bitte zahlen Sie 1.190,00 € bis zum 03.12.2026.');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(reminder.data!.data!.nextReminderLevel).toBe(1);

    const dunning = await firm.owner.api.POST('/api/Payments/Remind', { body: { invoiceId: invoice.id, level: 1, payBy: '2026-12-05' } });
    await server.settleJobs();
    mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe(`1. Mahnung zu Rechnung ${invoice.number}`);
    expect(plain(mail.text)).toContain('Mahngebühr: 5,00 €');
    expect(plain(mail.text)).toContain('Bitte zahlen Sie 1.195,00 € bis zum 05.12.2026.');
    expect(dunning.data!.data!.mails.map((m) => [m.kind, m.fee, m.payBy])).toEqual([['reminder', 0, '2026-12-03'], ['dunning1', 5, '2026-12-05']]);
    const last = await firm.owner.api.POST('/api/Payments/Remind', { body: { invoiceId: invoice.id, level: 2, fee: 0 } });
    expect(last.data!.data!.nextReminderLevel).toBeNull();
    const again = await rawCall(server.baseUrl, 'POST', '/api/Payments/Remind', json(firm.owner, { invoiceId: invoice.id, level: 2 }));
    expect(again.status).toBe(400);
  });
});

describe('DATEV export', () => {
  it('refuses without consultant and client number, a reversed period and one spanning two fiscal years; Managers may not', async () => {
    const tenant = await createTenant(server);
    const missing = await rawCall(server.baseUrl, 'GET', '/api/Payments/DatevExport?from=2026-11-01&to=2026-11-30', { headers: tenant.owner.auth });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessages[0].message).toBe('Bitte zuerst Berater- und Mandantennummer für DATEV im Firmenprofil eintragen.');
    for (const period of ['from=2026-11-30&to=2026-11-01', 'from=2026-12-01&to=2027-01-31', 'from=2026-13-01&to=2026-12-31']) {
      expect((await rawCall(server.baseUrl, 'GET', `/api/Payments/DatevExport?${period}`, { headers: firm.owner.auth })).status, period).toBe(400);
    }
    const manager = await firm.member('Manager');
    expect((await manager.api.GET('/api/Payments/DatevExport', { params: { query: { from: '2026-11-01', to: '2026-11-30' } } })).response.status).toBe(403);
  });

  it('books each invoice per VAT rate and each cancellation, with debtor accounts per customer; the amounts add up to the gross totals', async () => {
    const tenant = await createTenant(server);
    await tenant.owner.api.PUT('/api/Payments/UpdateSettings', {
      body: {
        terms: { days: 14, discountPercent: null, discountDays: null },
        mailTexts: { subjectDe: null, bodyDe: null, subjectEn: null, bodyEn: null },
        reminderFees: { reminder: 0, dunning1: 0, dunning2: 0 },
        datev: { consultantNumber: 29098, clientNumber: 55003, fiscalYearStartMonth: 1, accountLength: 4, chart: 'SKR04' },
      },
    });
    const a = await issue({ tenant, date: '2026-11-03', buyerName: 'Müller & Söhne', vat: [{ vatRate: 19, netCents: 12345, vatCents: 2346 }, { vatRate: 7, netCents: 1000, vatCents: 70 }] });
    const b = await issue({ tenant, date: '2026-11-05', buyerName: 'Weiß KG' });
    await issue({ tenant, date: '2026-11-20', kind: 'cancellation', cancelsId: b.id, customerId: b.customerId, buyerName: 'Weiß KG', vat: [{ vatRate: 19, netCents: -100000, vatCents: -19000 }] });
    await issue({ tenant, date: '2026-12-01', buyerName: 'Später GmbH' });
    await tenant.owner.api.POST('/api/Payments/Record', { body: { invoiceId: a.id, paidOn: '2026-11-25', amount: 100, method: 'transfer' } });
    const { data, response } = await tenant.owner.api.GET('/api/Payments/DatevExport', { params: { query: { from: '2026-11-01', to: '2026-11-30', withPayments: true } } });
    expect(response.status).toBe(200);
    const file = data!.data!;
    expect(file.fileName).toBe('EXTF_Buchungsstapel_20261101_20261130.csv');
    expect(file.bookingCount).toBe(5);
    const bytes = Buffer.from(file.contentBase64, 'base64');
    const lines = bytes.toString('latin1').split('\r\n');
    expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;20261126100000000;;"RE";"";"";29098;55003;20260101;4;20261101;20261130;/);
    expect(lines[0]).toContain(';"04";');
    const rows = lines.slice(2, -1).map((l) => l.split(';'));
    expect(rows.map((r) => [r[0], r[1], r[6], r[7], r[9], r[10]])).toEqual([
      ['146,91', '"S"', '10000', '4400', '0311', `"${a.number}"`],
      ['10,70', '"S"', '10000', '4300', '0311', `"${a.number}"`],
      ['1190,00', '"S"', '10001', '4400', '0511', `"${b.number}"`],
      ['1190,00', '"H"', '10001', '4400', '2011', expect.stringMatching(/^"RE-2026-\d{4}"$/)],
      ['100,00', '"S"', '1800', '10000', '2511', `"${a.number}"`],
    ]);
    expect(bytes.includes(Buffer.from('Müller & Söhne', 'latin1'))).toBe(true);
    const invoiceRows = rows.slice(0, 4);
    const signed = invoiceRows.reduce((s, r) => s + (r[1] === '"S"' ? 1 : -1) * Number(r[0]!.replace(',', '')), 0);
    expect(signed).toBe(14691 + 1070 + 119000 - 119000);
    // the same customer keeps its debtor account in the next export
    const again = await tenant.owner.api.GET('/api/Payments/DatevExport', { params: { query: { from: '2026-12-01', to: '2026-12-31' } } });
    const december = Buffer.from(again.data!.data!.contentBase64, 'base64').toString('latin1').split('\r\n')[2]!.split(';');
    expect(december[6]).toBe('10002');
    // each export handed to the tax advisor is in the audit trail, with its period and who took it
    const exports = await server.database.withTenant(tenant.tenantId, (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'datev_export')).orderBy(auditLog.at));
    expect(exports.map((row) => [row.actorId, row.action, (row.changes as { details: { from: string; withPayments: boolean; bookingCount: number } }).details])).toEqual([
      [tenant.owner.userId, 'read', expect.objectContaining({ from: '2026-11-01', withPayments: true, bookingCount: 5 })],
      [tenant.owner.userId, 'read', expect.objectContaining({ from: '2026-12-01', withPayments: false })],
    ]);
  });
});
