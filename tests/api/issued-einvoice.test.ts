/**
 * The e-invoices the server STORES when it issues and cancels invoices pass the official rules
 * (decisions 0022, 0031, 0037): plain, reverse charge, § 19 and with a cash discount (Skonto), each
 * issued as XRechnung and as ZUGFeRD and then cancelled. The stored documents are downloaded (twice,
 * byte-identical), the ZUGFeRD XML taken out of its PDF, and all of them, invoices and credit notes,
 * go through one Saxon run of the EN 16931, XRechnung and Factur-X rules and the schemas. A failed
 * assertion of flag fatal or error fails; warnings are accepted only as listed below, with a reason.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { ciiSchemaErrors, facturxSchemaErrors } from '../support/cii-schema';
import { testClock } from '../support/clock';
import { describeFindings, runEinvoiceRules, XRECHNUNG_RULES, ZUGFERD_RULES, type Finding, type RulesResult } from '../support/einvoice-rules';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertTimeTrack, newProduct, newEntry } from './activity-support';
import { completeProfile, createTenant, setProfile, type Member, type TestTenant } from './factories';

type IssuedInvoice = components['schemas']['IssuedInvoice'];
type Format = 'xrechnung' | 'zugferd';

const PERIOD = { fromDate: '2026-10-01T00:00:00+02:00', toDate: '2026-11-01T00:00:00+01:00' };
const at = (day: number) => new Date(Date.UTC(2026, 9, day, 8, 0, 0));

/**
 * Warnings accepted on these documents, by rule id, each with the reason. Anything else a rule set
 * reports as a warning fails the test, so a new one is looked at rather than passed by.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {};

let server: TestServer;
let tmp: string;
let vatFirm: TestTenant;
let smallFirm: TestTenant;

interface Stored {
  invoice: IssuedInvoice;
  /** The CII XML as stored: the XRechnung document, or the XML inside the stored ZUGFeRD PDF. */
  xml: string;
  rules?: RulesResult;
  schemaErrors?: string[];
}
interface Case {
  format: Format;
  invoice: Stored;
  credit: Stored;
}
const made = new Map<string, Case>();

async function customer(member: Member, companyName: string, extra: Record<string, unknown> = {}) {
  const { data, response, error } = await member.api.POST('/api/Customers/Create', {
    body: { companyName, street: 'Brotgasse 1', zip: '80333', city: 'München', country: 'DE', email: 'einkauf@example.de', hourlyRate: 58.5, ...extra },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!.data!.id;
}

/** An hour and a half of work, 15.5 m of cable at 19 % and two books at 7 %, in October. */
async function work(member: Member, customerId: string) {
  const cable = await newProduct(member, { name: 'Kabel NYM-J 3x1,5', unit: 'm', netPrice: 0.89, vatRate: 19 });
  const book = await newProduct(member, { name: 'Fachbuch Elektro', unit: 'Stk', netPrice: 12.34, vatRate: 7 });
  await insertTimeTrack(server, member, customerId, { startedAt: at(2), seconds: 5401 });
  await newEntry(member, { customerId, subType: 'material', productId: cable.id, quantity: 15.5, occurredAtUtc: at(3).toISOString() });
  await newEntry(member, { customerId, subType: 'material', productId: book.id, quantity: 2, occurredAtUtc: at(3).toISOString() });
}

/** A stored document's bytes; fetched twice, they must be the same and match the recorded SHA-256. */
async function download(member: Member, invoice: IssuedInvoice, document: 'pdf' | 'xml'): Promise<Buffer> {
  const url = `${server.baseUrl}/api/Invoices/${invoice.summary.id}/Documents/${document}`;
  const [first, second] = await Promise.all([fetch(url, { headers: member.auth }), fetch(url, { headers: member.auth })]);
  expect(first.status).toBe(200);
  const bytes = Buffer.from(await first.arrayBuffer());
  expect(Buffer.from(await second.arrayBuffer()).equals(bytes), 'downloaded again, byte-identical').toBe(true);
  const recorded = invoice.documents.find((d) => d.document === document);
  expect(recorded?.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  return bytes;
}

/** The stored CII XML of an issued invoice or credit note in the given format. */
async function storedXml(member: Member, invoice: IssuedInvoice, format: Format): Promise<string> {
  if (format === 'xrechnung') return (await download(member, invoice, 'xml')).toString('utf8');
  const pdf = path.join(tmp, `${invoice.summary.number}.pdf`);
  const xml = path.join(tmp, `${invoice.summary.number}.xml`);
  fs.writeFileSync(pdf, await download(member, invoice, 'pdf'));
  execFileSync('pdfdetach', ['-save', '1', '-o', xml, pdf]);
  return fs.readFileSync(xml, 'utf8');
}

async function issueAndCancel(member: Member, customerId: string, format: Format): Promise<Case> {
  const issued = await member.api.POST('/api/Invoice/Issue', { body: { customerId, ...PERIOD, format } });
  expect(issued.response.status, JSON.stringify(issued.error)).toBe(200);
  const invoice = issued.data!.data!;
  const cancelled = await member.api.POST('/api/Invoices/{id}/Cancel', { params: { path: { id: invoice.summary.id } } });
  expect(cancelled.response.status, JSON.stringify(cancelled.error)).toBe(200);
  const credit = cancelled.data!.data!;
  return {
    format,
    invoice: { invoice, xml: await storedXml(member, invoice, format) },
    credit: { invoice: credit, xml: await storedXml(member, credit, format) },
  };
}

type Build = () => Promise<{ member: Member; customerId: string }>;
const cases: Record<string, Build> = {
  'a German business at 19 % and 7 %': async () => {
    const id = await customer(vatFirm.owner, 'Bäckerei Müller OHG', { vatId: 'DE987654321' });
    await work(vatFirm.owner, id);
    return { member: vatFirm.owner, customerId: id };
  },
  'reverse charge to an Austrian business': async () => {
    const id = await customer(vatFirm.owner, 'Tischlerei Gruber GmbH', { street: 'Getreidegasse 9', zip: '5020', city: 'Salzburg', country: 'AT', vatId: 'ATU12345678' });
    await work(vatFirm.owner, id);
    return { member: vatFirm.owner, customerId: id };
  },
  'a small business (§ 19 UStG) and a private customer': async () => {
    const id = await customer(smallFirm.owner, '', { companyName: null, firstName: 'Anna', lastName: 'Huber' });
    await work(smallFirm.owner, id);
    return { member: smallFirm.owner, customerId: id };
  },
  'a cash discount (2 % Skonto within 10 days, 30 days net)': async () => {
    const id = await customer(vatFirm.owner, 'Hotel Post GmbH');
    const terms = await vatFirm.owner.api.PUT('/api/Payments/SetCustomerTerms', { body: { customerId: id, terms: { days: 30, discountPercent: 2, discountDays: 10 } } });
    expect(terms.response.status, JSON.stringify(terms.error)).toBe(200);
    await work(vatFirm.owner, id);
    return { member: vatFirm.owner, customerId: id };
  },
};

const key = (name: string, format: Format) => `${name} / ${format}`;

beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'issued-einvoice-'));
  vatFirm = await createTenant(server, { name: 'Elektro Schneider' });
  await setProfile(server, vatFirm.tenantId, completeProfile);
  smallFirm = await createTenant(server, { name: 'Gärtnerei Klein' });
  await setProfile(server, smallFirm.tenantId, { ...completeProfile, companyName: 'Gärtnerei Klein', vatId: null, legalRegistrationId: 'HWK Rosenheim 4711', smallBusiness: true });

  // Each format gets its own customer: issuing binds the entries, cancelling releases them.
  for (const [name, build] of Object.entries(cases)) {
    for (const format of ['xrechnung', 'zugferd'] as const) {
      const { member, customerId } = await build();
      made.set(key(name, format), await issueAndCancel(member, customerId, format));
    }
  }
  const stored = [...made.values()].flatMap((c) => [c.invoice, c.credit].map((s) => ({ stored: s, format: c.format })));
  const results = await runEinvoiceRules(stored.map((s) => ({ xml: s.stored.xml, ruleSets: s.format === 'xrechnung' ? XRECHNUNG_RULES : ZUGFERD_RULES })));
  for (const [i, { stored: s, format }] of stored.entries()) {
    s.rules = results[i];
    s.schemaErrors = [...(await ciiSchemaErrors(s.xml)), ...(format === 'zugferd' ? await facturxSchemaErrors(s.xml) : [])];
  }
}, 600_000);

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const unaccepted = (warnings: Finding[]) => warnings.filter((w) => !(w.id in ACCEPTED_WARNINGS));

function expectValid(s: Stored) {
  expect(s.schemaErrors, 'schema').toEqual([]);
  expect(describeFindings(s.rules!.failures), 'fatal and error findings').toEqual([]);
  expect(describeFindings(unaccepted(s.rules!.warnings)), 'warnings not accepted in this test').toEqual([]);
}

/** The text of the first element of this name (namespace prefix included), or undefined. */
const element = (xml: string, name: string) => xml.match(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`))?.[1];

describe('stored e-invoices of issued invoices and their credit notes pass the official rules', () => {
  for (const name of Object.keys(cases)) {
    for (const format of ['xrechnung', 'zugferd'] as const) {
      const label = format === 'xrechnung' ? 'XRechnung' : 'ZUGFeRD';
      it(`${name}: the invoice's ${label} passes`, () => expectValid(made.get(key(name, format))!.invoice));
      it(`${name}: the credit note's ${label} passes and credits the invoice`, () => {
        const { invoice, credit } = made.get(key(name, format))!;
        expectValid(credit);
        // Stored like the original: the same documents, the credit note's own number.
        expect(credit.invoice.documents.map((d) => d.document)).toEqual(invoice.invoice.documents.map((d) => d.document));
        expect(credit.invoice.summary).toMatchObject({ kind: 'cancellation', format, gross: -invoice.invoice.summary.gross });
        // A credit note (381) referencing the invoice (BT-25, BT-26) with its amounts positive.
        expect(element(credit.xml, 'ram:TypeCode')).toBe('381');
        expect(element(invoice.xml, 'ram:TypeCode')).toBe('380');
        expect(credit.xml).toMatch(
          new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice.invoice.summary.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">20261120</qdt:DateTimeString>`),
        );
        for (const total of ['ram:LineTotalAmount', 'ram:TaxBasisTotalAmount', 'ram:GrandTotalAmount', 'ram:DuePayableAmount']) {
          expect(element(credit.xml, total), total).toBe(element(invoice.xml, total));
        }
        expect(Number(element(credit.xml, 'ram:GrandTotalAmount'))).toBe(invoice.invoice.summary.gross);
        expect(credit.xml).not.toMatch(/>-\d/);
        // No payment is asked for: no due date, the amount set off against the invoice.
        expect(credit.xml).not.toContain('DueDateDateTime');
        expect(element(credit.xml, 'ram:Description')).toContain(invoice.invoice.summary.number!);
      });
    }
  }

  it('carries the due date (BT-9) and the payment terms (BT-20), with XRechnung’s discount line when there is a Skonto', () => {
    const plain = made.get(key('a German business at 19 % and 7 %', 'xrechnung'))!.invoice;
    expect(plain.invoice.summary.dueDate).toBe('2026-12-04');
    expect(plain.xml).toMatch(/<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20261204<\/udt:DateTimeString>/);
    expect(element(plain.xml, 'ram:Description')).toBe('Zahlbar innerhalb von 14 Tagen ab Rechnungsdatum ohne Abzug.');
    for (const format of ['xrechnung', 'zugferd'] as const) {
      const skonto = made.get(key('a cash discount (2 % Skonto within 10 days, 30 days net)', format))!.invoice;
      expect(skonto.invoice.summary.dueDate).toBe('2026-12-20');
      expect(skonto.xml).toMatch(/<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20261220<\/udt:DateTimeString>/);
      expect(element(skonto.xml, 'ram:Description')).toBe(
        'Zahlbar innerhalb von 30 Tagen ab Rechnungsdatum ohne Abzug. Bei Zahlung innerhalb von 10 Tagen 2 % Skonto.\n#SKONTO#TAGE=10#PROZENT=2.00#\n',
      );
    }
  });

  it('prints the credit note as a cancellation of the invoice that asks for no payment', async () => {
    const { invoice, credit } = made.get(key('a cash discount (2 % Skonto within 10 days, 30 days net)', 'zugferd'))!;
    const pdf = path.join(tmp, 'credit-note.pdf');
    fs.writeFileSync(pdf, await download(vatFirm.owner, credit.invoice, 'pdf'));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Stornorechnung');
    expect(text).toContain(`Storno zu Rechnung ${invoice.invoice.summary.number} (20.11.2026)`);
    expect(text).toContain(`hiermit stornieren wir unsere Rechnung ${invoice.invoice.summary.number} vom 20.11.2026 vollständig:`);
    expect(text).toContain(`Der Betrag wird mit Rechnung ${invoice.invoice.summary.number} vom 20.11.2026 verrechnet`);
    expect(text).not.toContain('Zahlbar');
    expect(text).not.toContain('Skonto');
  });

  it('checks what it claims: the rules ran over every stored document, the XRechnung rules among them', () => {
    const all = [...made.values()].flatMap((c) => [c.invoice, c.credit]);
    expect(all).toHaveLength(16);
    for (const s of all) expect(s.rules?.findings).toBeInstanceOf(Array);
    const reverse = made.get(key('reverse charge to an Austrian business', 'xrechnung'))!.credit;
    expect(reverse.xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(reverse.xml).toContain('ATU12345678');
    const small = made.get(key('a small business (§ 19 UStG) and a private customer', 'zugferd'))!.credit;
    expect(small.xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
  });
});
