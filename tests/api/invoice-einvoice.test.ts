/**
 * The e-invoices of `Invoice/CreatePreviewFromActivities`: XRechnung (CII XML) and ZUGFeRD (PDF/A-3
 * with the CII XML embedded). Both are validated against the official UN/CEFACT schema, their
 * amounts compared with the preview's, and the refusals checked: no number, a profile or customer
 * lacking what the standard requires.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { unitCodeOf } from '../../server/modules/invoice/invoice-einvoice';
import { ciiSchemaErrors } from '../support/cii-schema';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { newCustomer } from './activity-support';
import { completeProfile, createTenant, octoberWork, setProfile, type Member, type TestTenant } from './factories';

type PreviewRequest = components['schemas']['InvoicePreviewRequest'];
type Preview = components['schemas']['InvoicePreview'];

const PREVIEW = '/api/Invoice/CreatePreviewFromActivities';
const FROM = '2026-10-01T00:00:00+02:00';
const TO = '2026-11-01T00:00:00+01:00';
const NUMBER = 'RE-2026-0147';

let server: TestServer;
let firm: TestTenant;
let tmp: string;

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  await setProfile(server, firm.tenantId, completeProfile);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'einvoice-'));
});
afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A customer with an e-mail address, an hour of work, cable and a book (19 % and 7 %). */
async function billedCustomer(member: Member, email: string | null = 'einkauf@baeckerei-mueller.de') {
  const customer = await newCustomer(member, 'Bäckerei Müller OHG');
  const { response } = await member.api.PUT('/api/Customers/Update', {
    body: { id: customer.id, companyName: customer.companyName, country: 'DE', street: customer.street, zip: customer.zip, city: customer.city, email, hourlyRate: 58.5 },
  });
  expect(response.status).toBe(200);
  await octoberWork(server, member, customer.id);
  return customer;
}

function request(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  return member.api.POST(PREVIEW, { body: { fromDate: FROM, toDate: TO, language: 'de', outputFormat: 'json', ...body } as PreviewRequest });
}

async function exported(member: Member, body: Partial<PreviewRequest> & { customerId: string }) {
  const { data, error, response } = await request(member, body);
  expect(response.status, JSON.stringify(error)).toBe(200);
  const preview: Preview = data!.data!;
  return { preview, document: preview.document!, bytes: Buffer.from(preview.document!.contentBase64, 'base64') };
}

/** The text of the first element with this (prefixed) name. */
const element = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];
const all = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('XRechnung', () => {
  it('is CII XML valid against the official schema, under the firm\'s number, with the preview\'s amounts', async () => {
    const customer = await billedCustomer(firm.owner);
    const json = (await request(firm.owner, { customerId: customer.id })).data!.data!;
    const { document, bytes } = await exported(firm.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber: NUMBER });
    expect(document.contentType).toBe('application/xml');
    expect(document.fileName).toBe('Rechnung_RE-2026-0147_Baeckerei-Mueller-OHG_2026-10-01_2026-10-31.xml');
    const xml = bytes.toString('utf8');
    expect(await ciiSchemaErrors(xml)).toEqual([]);

    expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(element(xml, 'ram:ID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(xml).toContain(`<ram:ID>${NUMBER}</ram:ID>`);
    expect(xml).toContain('<udt:DateTimeString format="102">20261120</udt:DateTimeString>');
    // Due in 14 days; the service period is October.
    expect(xml).toContain('<udt:DateTimeString format="102">20261204</udt:DateTimeString>');
    expect(xml).toContain('<udt:DateTimeString format="102">20261001</udt:DateTimeString>');
    expect(xml).toContain('<udt:DateTimeString format="102">20261031</udt:DateTimeString>');
    expect(xml).toContain('DE123456789');
    expect(xml).toContain('<ram:ID schemeID="FC">143/123/45678</ram:ID>');
    expect(xml).toContain('DE02120300000000202051');
    expect(xml).toContain('info@elektro-schneider.de');
    expect(xml).toContain('einkauf@baeckerei-mueller.de');
    // A business customer: no § 35a EStG labour note (that is for private customers).
    expect(xml).not.toContain('35a');

    // Amounts: the same cents as the preview, the VAT per rate as there.
    expect(Number(element(xml, 'ram:TaxBasisTotalAmount'))).toBe(json.totals.net);
    expect(Number(element(xml, 'ram:TaxTotalAmount'))).toBe(json.totals.vat);
    expect(Number(element(xml, 'ram:GrandTotalAmount'))).toBe(json.totals.gross);
    expect(Number(element(xml, 'ram:DuePayableAmount'))).toBe(json.totals.gross);
    const rates = all(xml, 'ram:RateApplicablePercent').map(Number);
    for (const v of json.totals.vatByRate) expect(rates).toContain(v.vatRate);
    expect(all(xml, 'ram:CalculatedAmount').map(Number).sort()).toEqual(json.totals.vatByRate.map((v) => v.vat).sort());
    expect(all(xml, 'ram:LineID')).toEqual(json.positions.map((_, i) => String(i + 1)));
    const units = [...xml.matchAll(/<ram:BilledQuantity unitCode="([A-Z0-9]+)">([^<]+)</g)].map((m) => [m[1], Number(m[2])]);
    expect(units).toEqual(json.positions.map((p) => [p.kind === 'labour' ? 'HUR' : p.unit === 'm' ? 'MTR' : 'H87', p.quantity]));
  });

  it('names everything the profile and the customer lack, in one answer, and makes nothing', async () => {
    const bare = await createTenant(server, { name: 'Kleinbetrieb Meier' });
    const customer = await billedCustomer(bare.owner, null);
    const { response, error } = await request(bare.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber: 'R-1' });
    expect(response.status).toBe(400);
    const message = error!.errorMessages[0].message;
    for (const missing of ['Anschrift der Firma', 'Steuernummer oder USt-IdNr.', 'IBAN', 'Telefonnummer', 'E-Mail-Adresse im Firmenprofil', 'E-Mail-Adresse des Kunden']) {
      expect(message, missing).toContain(missing);
    }
    // ZUGFeRD does not need the e-mail addresses and the phone; the rest it does. The message is in
    // the reader's language, also for an English invoice.
    const zugferd = await request(bare.owner, { customerId: customer.id, outputFormat: 'zugferd', invoiceNumber: 'R-1', language: 'en' });
    expect(zugferd.response.status).toBe(400);
    const text = zugferd.error!.errorMessages[0].message;
    expect(text).toMatch(/^Für die E-Rechnung fehlt noch: /);
    expect(text).toContain('die Anschrift der Firma');
    expect(text).toContain('die IBAN im Firmenprofil');
    expect(text).not.toContain('E-Mail');
    expect(text).not.toContain('Telefon');
    expect(text).not.toMatch(/company|customer/);
  });

  it('needs an invoice number, and refuses one that is not a plain reference', async () => {
    const customer = await billedCustomer(firm.owner);
    const missing = await request(firm.owner, { customerId: customer.id, outputFormat: 'xrechnung' });
    expect(missing.response.status).toBe(400);
    expect(missing.error!.errors).toEqual({ invoiceNumber: ['Für eine E-Rechnung braucht es eine Rechnungsnummer.'] });
    for (const invoiceNumber of ['', '<RE>1', 'R'.repeat(51), '=1+1']) {
      const bad = await request(firm.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber });
      expect(bad.response.status, invoiceNumber).toBe(400);
    }
  });

  it('bills a small business (§ 19 UStG) as exempt with the legal reason', async () => {
    const small = await createTenant(server, { name: 'Gärtnerei Klein' });
    await setProfile(server, small.tenantId, { ...completeProfile, companyName: 'Gärtnerei Klein', vatId: null, legalRegistrationId: 'HWK München 12345', smallBusiness: true });
    const customer = await billedCustomer(small.owner);
    const { bytes, preview } = await exported(small.owner, { customerId: customer.id, outputFormat: 'xrechnung', invoiceNumber: '2026/17' });
    const xml = bytes.toString('utf8');
    expect(await ciiSchemaErrors(xml)).toEqual([]);
    expect(all(xml, 'ram:CategoryCode').every((c) => c === 'E')).toBe(true);
    expect(element(xml, 'ram:ExemptionReason')).toContain('§ 19 UStG');
    expect(Number(element(xml, 'ram:TaxTotalAmount'))).toBe(0);
    expect(Number(element(xml, 'ram:GrandTotalAmount'))).toBe(preview.totals.net);
  });
});

describe('ZUGFeRD', () => {
  it('is the invoice PDF (numbered, not a draft) as PDF/A-3 with the schema-valid CII invoice embedded', async () => {
    const customer = await billedCustomer(firm.owner);
    const { document, bytes } = await exported(firm.owner, { customerId: customer.id, outputFormat: 'zugferd', invoiceNumber: NUMBER });
    expect(document.contentType).toBe('application/pdf');
    expect(document.fileName).toBe('Rechnung_RE-2026-0147_Baeckerei-Mueller-OHG_2026-10-01_2026-10-31.pdf');
    const file = path.join(tmp, 'zugferd.pdf');
    fs.writeFileSync(file, bytes);

    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Rechnung');
    expect(text).toContain(NUMBER);
    expect(text).not.toContain('Rechnungsentwurf');
    expect(text).not.toContain('wird bei Ausstellung vergeben');
    expect(text).toContain('Bäckerei Müller OHG');

    // PDF/A-3 in the XMP metadata, and the Factur-X attachment.
    expect(bytes.toString('latin1')).toMatch(/pdfaid:part[^0-9]{0,3}3/);
    expect(execFileSync('pdfdetach', ['-list', file]).toString()).toContain('factur-x.xml');
    const xmlFile = path.join(tmp, 'factur-x.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', xmlFile, file]);
    const xml = fs.readFileSync(xmlFile, 'utf8');
    expect(await ciiSchemaErrors(xml)).toEqual([]);
    expect(element(xml, 'ram:ID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${NUMBER}</ram:ID>`);
  });
});

describe('units', () => {
  it('maps the units people type to UN/ECE codes, anything else to "one"', () => {
    expect(['Std.', 'h', 'Stk', 'm', 'm²', 'kg', 'l', 'Pauschal', 'Rolle'].map(unitCodeOf)).toEqual(['HUR', 'HUR', 'H87', 'MTR', 'MTK', 'KGM', 'LTR', 'LS', 'C62']);
  });
});
