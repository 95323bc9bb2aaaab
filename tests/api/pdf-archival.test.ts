/**
 * The PDFs the server makes embed their fonts (the product's own Liberation Sans, no base-14 font
 * that a viewer must substitute), and the ZUGFeRD PDF's document information dictionary says the
 * same as its XMP metadata: two of the PDF/A-3B requirements that can be checked here with poppler
 * (veraPDF is not available). Page 1 of each is rendered to test-results/pdf-pages/ for a look.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/server/openapi';
import { testClock } from '../support/clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { newCustomer, postForm, signaturePng } from './activity-support';
import { completeProfile, createTenant, octoberWork, setProfile, type TestTenant } from './factories';

type PreviewRequest = components['schemas']['InvoicePreviewRequest'];

let server: TestServer;
let firm: TestTenant;
let tmp: string;
const pages = path.resolve(import.meta.dirname, '../../test-results/pdf-pages');
const files: Record<'draft' | 'zugferd' | 'confirmation', string> = { draft: '', zugferd: '', confirmation: '' };
beforeAll(async () => {
  server = await startTestServer({}, { clock: testClock('2026-11-20T09:00:00Z') });
  firm = await createTenant(server, { name: 'Elektro Schneider' });
  await setProfile(server, firm.tenantId, completeProfile);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-archival-'));
  fs.mkdirSync(pages, { recursive: true });

  const customer = await newCustomer(firm.owner, 'Bäckerei Müller OHG');
  await firm.owner.api.PUT('/api/Customers/Update', {
    body: { id: customer.id, companyName: customer.companyName, country: 'DE', street: customer.street, zip: customer.zip, city: customer.city, email: 'einkauf@baeckerei-mueller.de', hourlyRate: 58.5 },
  });
  await octoberWork(server, firm.owner, customer.id, { book: 'Fachbuch Elektro „Grundlagen“', description: 'Unterverteilung montiert' });

  const preview = async (body: Partial<PreviewRequest>) => {
    const { data, response, error } = await firm.owner.api.POST('/api/Invoice/CreatePreviewFromActivities', {
      body: { customerId: customer.id, fromDate: '2026-10-01T00:00:00+02:00', toDate: '2026-11-01T00:00:00+01:00', language: 'de', outputFormat: 'pdf', ...body } as PreviewRequest,
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
    return Buffer.from(data!.data!.document!.contentBase64, 'base64');
  };
  files.draft = save('invoice-draft', await preview({ outputFormat: 'pdf' }));
  files.zugferd = save('invoice-zugferd', await preview({ outputFormat: 'zugferd', invoiceNumber: 'RE-2026-0147' }));

  const form = new FormData();
  for (const [key, value] of Object.entries({ customerId: customer.id, signee: 'Thomas Müller', place: 'München', language: 'de' })) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(await signaturePng())], { type: 'image/png' }), 'signature.png');
  const confirmed = await postForm(server, firm.owner, '/api/WorkConfirmations', form);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const response = await fetch(`${server.baseUrl}/api/WorkConfirmations/${confirmed.body.data.id}`, { headers: firm.owner.auth });
  expect(response.status).toBe(200);
  files.confirmation = save('work-confirmation', Buffer.from(await response.arrayBuffer()));
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Writes the PDF, renders its first page to test-results/pdf-pages/<name>.png; answers the file. */
function save(name: string, pdf: Buffer): string {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(pages, name)]);
  return file;
}

/** pdffonts' table: name, type, embedded, subset, per font. */
function fonts(file: string) {
  const lines = execFileSync('pdffonts', [file]).toString().trim().split('\n').slice(2);
  return lines.map((line) => {
    const [name, ...rest] = line.trim().split(/\s+/);
    // Columns from the right: object id (2), uni, sub, emb, then the encoding and the type.
    const [emb, sub] = rest.slice(-5, -3);
    return { name, embedded: emb === 'yes', subset: sub === 'yes' };
  });
}

describe('fonts', () => {
  for (const kind of ['draft', 'zugferd', 'confirmation'] as const) {
    it(`are all embedded in the ${kind} PDF, the product's Liberation Sans and no base-14 font`, () => {
      const list = fonts(files[kind]);
      expect(list.length).toBeGreaterThanOrEqual(2);
      for (const font of list) {
        expect(font, JSON.stringify(font)).toMatchObject({ embedded: true, subset: true });
        expect(font.name).toMatch(/^[A-Z]{6}\+LiberationSans(-Bold|-Italic)?$/);
      }
      expect(list.map((f) => f.name.split('+')[1])).toContain('LiberationSans-Bold');
    });
  }

  it('print umlauts, the euro sign and typographic quotes as text', () => {
    const text = execFileSync('pdftotext', ['-layout', files.draft, '-']).toString();
    expect(text).toContain('Bäckerei Müller OHG');
    expect(text).toContain('„Grundlagen“');
    expect(text).toMatch(/\d+,\d{2} €/);
  });
});

/** The document information dictionary as pdfinfo reads it. */
function info(file: string): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-isodates', file]).toString();
  return Object.fromEntries(out.split('\n').map((line) => /^([A-Za-z]+):\s*(.*)$/.exec(line)).filter((m) => m !== null).map((m) => [m[1], m[2].trim()]));
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The text of an XMP property: a simple element, or the first rdf:li of an Alt/Seq/Bag. */
function xmpValue(xmp: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xmp);
  if (!match) return undefined;
  const li = /<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li>/.exec(match[1]);
  return unescape((li ? li[1] : match[1]).trim());
}

describe('ZUGFeRD PDF/A-3 metadata', () => {
  it('has the same title, author, subject, keywords, creator, producer and dates in Info and XMP', () => {
    const dict = info(files.zugferd);
    const xmp = execFileSync('pdfinfo', ['-meta', files.zugferd]).toString();
    expect(xmpValue(xmp, 'pdfaid:part')).toBe('3');
    expect(xmpValue(xmp, 'pdfaid:conformance')).toBe('B');

    expect(dict.Title).toBeTruthy();
    expect(xmpValue(xmp, 'dc:title')).toBe(dict.Title);
    expect(dict.Author).toBe('Elektro Schneider GmbH');
    expect(xmpValue(xmp, 'dc:creator')).toBe(dict.Author);
    expect(dict.Subject).toContain('RE-2026-0147');
    expect(xmpValue(xmp, 'dc:description')).toBe(dict.Subject);
    expect(dict.Keywords).toBeTruthy();
    expect(xmpValue(xmp, 'pdf:Keywords')).toBe(dict.Keywords);
    expect(dict.Creator).toBeTruthy();
    expect(xmpValue(xmp, 'xmp:CreatorTool')).toBe(dict.Creator);
    expect(dict.Producer).toBeTruthy();
    expect(xmpValue(xmp, 'pdf:Producer')).toBe(dict.Producer);
    const instant = (value: string | undefined) => new Date(value!).getTime();
    expect(instant(xmpValue(xmp, 'xmp:CreateDate'))).toBe(instant(dict.CreationDate));
    expect(instant(xmpValue(xmp, 'xmp:ModifyDate'))).toBe(instant(dict.ModDate));
    expect(Number.isNaN(instant(dict.CreationDate))).toBe(false);

    // The Factur-X container as before: the attachment and its XMP description.
    expect(execFileSync('pdfdetach', ['-list', files.zugferd]).toString()).toContain('factur-x.xml');
    expect(xmpValue(xmp, 'fx:DocumentFileName')).toBe('factur-x.xml');
    expect(xmpValue(xmp, 'fx:ConformanceLevel')).toBe('EN 16931');
    expect(xmpValue(xmp, 'fx:DocumentType')).toBe('INVOICE');
    expect(xmpValue(xmp, 'fx:Version')).toBe('1.0');
    expect(xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
  });
});
