/**
 * The export files of an invoice preview: the PDF draft (`invoice-pdf.ts`), CSV and XLSX of the
 * positions and the entries behind them, and the e-invoices (`invoice-einvoice.ts`). Dates and
 * times on the tenant's clock.
 *
 * - CSV: UTF-8 with BOM, `;` between cells, CRLF; numbers with a decimal comma when the invoice is
 *   German. The positions first, an empty line, then the entries with their own header row.
 * - XLSX: a sheet of positions and a sheet of entries, each with a bold frozen header row, column
 *   widths, number cells with a number format and date cells as dates.
 * - Text cells are neutralised against formulas in both.
 */
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/heavy-modules';
import { csvField, neutralise } from '../../../common/spreadsheet-cells';
import type { CustomerRow } from '../customers';
import { slug } from '../../platform/file-names';
import { translate, type Lang, type MessageKey } from '../../platform/i18n';
import { zonedParts } from '../../platform/time-zone';
import type { PaymentTerms } from '../../platform/payment-terms';
import type { findTenant } from '../../db/tenant-settings';
import { formatDay } from './invoice-days';
import { renderInvoicePdf } from './invoice-pdf';
import { assertEInvoicePossible, renderEInvoice, type EInvoiceFormat } from './invoice-einvoice';
import { invoicePdfMetadata, withPdfMetadata } from './invoice-pdfa';
import type { BillableRow } from './invoice.repository';
import type { Position, Totals, VatTreatment } from './invoice.rules';

export type TenantRow = NonNullable<Awaited<ReturnType<typeof findTenant>>>;

export interface InvoiceDocumentInput {
  language: Lang;
  timeZone: string;
  title: string;
  issuedAt: Date;
  fromDate: Date;
  /** Exclusive. */
  toDate: Date;
  periodLabel: string;
  tenant: TenantRow;
  /** The firm's logo (PNG), drawn above its name on the PDF. */
  logo?: Buffer;
  customer: CustomerRow;
  customerName: string;
  /** Only a private customer gets the labour share note (§ 35a EStG): see `isPrivateCustomer`. */
  privateCustomer: boolean;
  positions: Position[];
  totals: Totals;
  smallBusinessNote: string | null;
  /** Who owes the VAT (`invoice-vat.ts`); the reverse-charge note when the customer does. */
  vatTreatment: VatTreatment;
  reverseChargeNote: string | null;
  entries: BillableRow[];
  /** The number the firm issues the invoice under; without one the documents are a draft. */
  invoiceNumber?: string;
  /** The customer's or else the firm's terms (`platform/payment-terms.ts`); 14 days net without. */
  paymentTerms?: PaymentTerms;
  /**
   * On a cancellation: the invoice it cancels, its number, its date as printed and as `YYYY-MM-DD`
   * (the credit note's preceding invoice reference, BT-25 and BT-26).
   */
  cancels?: { number: string; date: string; issueDate: string };
}

/**
 * A customer is a private person unless marked a business (`customers.business`, which defaults
 * to having a company name; decision 0023). Only private customers deduct labour costs under
 * § 35a EStG.
 */
export function isPrivateCustomer(customer: Pick<CustomerRow, 'business'>): boolean {
  return !customer.business;
}

export type DocumentFormat = 'pdf' | 'csv' | 'xlsx' | EInvoiceFormat;

const extensionOf: Record<DocumentFormat, string> = { pdf: 'pdf', csv: 'csv', xlsx: 'xlsx', xrechnung: 'xml', zugferd: 'pdf' };

export interface InvoiceFile {
  fileName: string;
  contentType: 'application/pdf' | 'text/csv' | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' | 'application/xml';
  content: Buffer;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-01` on the tenant's clock. */
function isoDay(instant: Date, timeZone: string): string {
  const p = zonedParts(instant.getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The last day of the period: the end is exclusive. */
const lastInstant = (toDate: Date) => new Date(toDate.getTime() - 1);

/** The service period as printed: `01.11.2026 – 30.11.2026`, or one day. */
export function periodLabelOf(fromDate: Date, toDate: Date, language: Lang, timeZone: string): string {
  const first = formatDay(fromDate, language, timeZone);
  const last = formatDay(lastInstant(toDate), language, timeZone);
  return first === last ? first : `${first} – ${last}`;
}

/**
 * `Rechnungsentwurf_Baeckerei-Mueller_2026-11-01_2026-11-30.pdf`; with a number
 * `Rechnung_RE-2026-0147_Baeckerei-Mueller_2026-11-01_2026-11-30.xml`.
 */
export function invoiceFileName(input: InvoiceDocumentInput, format: DocumentFormat): string {
  const first = isoDay(input.fromDate, input.timeZone);
  const last = isoDay(lastInstant(input.toDate), input.timeZone);
  const name = slug(input.customerName) || 'Kunde';
  const prefix = input.invoiceNumber
    ? `${translate(input.language, 'invoiceDoc.fileNameIssued')}_${slug(input.invoiceNumber)}`
    : translate(input.language, 'invoiceDoc.fileName');
  return `${prefix}_${name}_${first === last ? first : `${first}_${last}`}.${extensionOf[format]}`;
}

/** The instant as a wall-clock date for a spreadsheet cell (spreadsheets have no time zones). */
function wallClock(instant: Date, timeZone: string): Date {
  const p = zonedParts(instant.getTime(), timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

type Cell = string | number | Date | null;

interface Column {
  header: MessageKey;
  type: 'text' | 'money' | 'quantity' | 'hours' | 'integer' | 'dateTime';
  width: number;
}

interface Table {
  columns: Column[];
  rows: Cell[][];
}

function kindText(language: Lang, source: BillableRow['source'] | Position['kind']): string {
  const key: Record<typeof source, MessageKey> = {
    labour: 'invoiceDoc.kindLabour',
    material: 'invoiceDoc.kindMaterial',
    timeTrack: 'invoiceDoc.kindTimeTrack',
    time: 'invoiceDoc.kindTimeEntry',
  };
  return translate(language, key[source]);
}

function positionsTable(input: InvoiceDocumentInput): Table {
  return {
    columns: [
      { header: 'invoiceDoc.pos', type: 'integer', width: 6 },
      { header: 'invoiceDoc.kind', type: 'text', width: 12 },
      { header: 'invoiceDoc.description', type: 'text', width: 40 },
      { header: 'invoiceDoc.quantity', type: 'quantity', width: 10 },
      { header: 'invoiceDoc.unit', type: 'text', width: 8 },
      { header: 'invoiceDoc.unitPrice', type: 'money', width: 12 },
      { header: 'invoiceDoc.vatRate', type: 'integer', width: 8 },
      { header: 'invoiceDoc.net', type: 'money', width: 12 },
      { header: 'invoiceDoc.vat', type: 'money', width: 12 },
      { header: 'invoiceDoc.gross', type: 'money', width: 12 },
    ],
    rows: input.positions.map((p, i) => [
      i + 1,
      kindText(input.language, p.kind),
      p.description,
      p.quantity,
      p.unit,
      p.unitPriceCents / 100,
      p.vatRate,
      p.netCents / 100,
      p.vatCents / 100,
      p.grossCents / 100,
    ]),
  };
}

function entriesTable(input: InvoiceDocumentInput): Table {
  const positionOf = new Map<string, number>();
  input.positions.forEach((p, i) => [...p.informationIds, ...p.timeTrackIds].forEach((id) => positionOf.set(id, i + 1)));
  return {
    columns: [
      { header: 'invoiceDoc.position', type: 'integer', width: 9 },
      { header: 'invoiceDoc.date', type: 'dateTime', width: 17 },
      { header: 'invoiceDoc.kind', type: 'text', width: 14 },
      { header: 'invoiceDoc.member', type: 'text', width: 20 },
      { header: 'invoiceDoc.description', type: 'text', width: 40 },
      { header: 'invoiceDoc.hours', type: 'hours', width: 9 },
      { header: 'invoiceDoc.quantity', type: 'quantity', width: 10 },
      { header: 'invoiceDoc.unit', type: 'text', width: 8 },
      { header: 'invoiceDoc.unitPrice', type: 'money', width: 12 },
      { header: 'invoiceDoc.vatRate', type: 'integer', width: 8 },
    ],
    rows: input.entries.map((e) => [
      positionOf.get(e.id) ?? null,
      e.at,
      kindText(input.language, e.source),
      e.member,
      e.source === 'material' ? (e.productName ?? e.text ?? '') : (e.text ?? ''),
      e.seconds === null ? null : Math.round((e.seconds / 3600) * 100) / 100,
      e.quantity,
      e.unit,
      e.unitPrice,
      e.source === 'material' ? (input.tenant.smallBusiness ? 0 : e.vatRate) : null,
    ]),
  };
}

function csvNumber(value: number, type: Column['type'], language: Lang): string {
  const text = type === 'money' || type === 'hours' ? value.toFixed(2) : type === 'quantity' ? String(Math.round(value * 1000) / 1000) : String(value);
  return language === 'de' ? text.replace('.', ',') : text;
}

function csvDateTime(instant: Date, language: Lang, timeZone: string): string {
  const p = zonedParts(instant.getTime(), timeZone);
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  return language === 'de' ? `${pad(p.day)}.${pad(p.month)}.${p.year} ${time}` : `${p.year}-${pad(p.month)}-${pad(p.day)} ${time}`;
}

function csvLines(table: Table, input: InvoiceDocumentInput): string[] {
  const lines = [table.columns.map((c) => csvField(neutralise(translate(input.language, c.header)))).join(';')];
  for (const row of table.rows) {
    lines.push(
      row
        .map((cell, i) => {
          if (cell === null) return '';
          if (cell instanceof Date) return csvDateTime(cell, input.language, input.timeZone);
          if (typeof cell === 'number') return csvNumber(cell, table.columns[i].type, input.language);
          return csvField(neutralise(cell));
        })
        .join(';'),
    );
  }
  return lines;
}

export function invoiceCsv(input: InvoiceDocumentInput): Buffer {
  const lines = [...csvLines(positionsTable(input), input), '', ...csvLines(entriesTable(input), input)];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const numberFormats: Partial<Record<Column['type'], string>> = {
  money: '#,##0.00',
  hours: '0.00',
  quantity: '#,##0.###',
  integer: '0',
  dateTime: 'dd.mm.yyyy hh:mm',
};

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, table: Table, input: InvoiceDocumentInput) {
  const sheet = workbook.addWorksheet(name.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  // The number format is the column's style, which every row added later takes over.
  sheet.columns = table.columns.map((c) => {
    const numFmt = c.type === 'dateTime' && input.language === 'en' ? 'yyyy-mm-dd hh:mm' : numberFormats[c.type];
    return { header: neutralise(translate(input.language, c.header)), width: c.width, ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of table.rows) {
    sheet.addRow(row.map((cell) => (cell instanceof Date ? wallClock(cell, input.timeZone) : typeof cell === 'string' ? neutralise(cell) : cell))).commit();
  }
  sheet.commit();
}

/** Written with the streaming writer: a workbook of 10,000 entries in a fraction of the in-memory model's time. */
export async function invoiceXlsx(input: InvoiceDocumentInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Fieldbook';
  workbook.created = input.issuedAt;
  addSheet(workbook, translate(input.language, 'invoiceDoc.sheetPositions'), positionsTable(input), input);
  addSheet(workbook, translate(input.language, 'invoiceDoc.sheetEntries'), entriesTable(input), input);
  await workbook.commit();
  return Buffer.concat(chunks);
}

export async function buildInvoiceDocument(format: DocumentFormat, input: InvoiceDocumentInput): Promise<InvoiceFile> {
  if (format === 'xrechnung' || format === 'zugferd') {
    assertEInvoicePossible(input, format, input.invoiceNumber);
    const fileName = invoiceFileName(input, format);
    if (format === 'xrechnung') return { fileName, contentType: 'application/xml', content: await renderEInvoice(format, input, input.invoiceNumber, undefined) };
    const zugferd = await renderEInvoice(format, input, input.invoiceNumber, await renderInvoicePdf(input));
    return { fileName, contentType: 'application/pdf', content: await withPdfMetadata(zugferd, invoicePdfMetadata(input, input.invoiceNumber)) };
  }
  const fileName = invoiceFileName(input, format);
  if (format === 'pdf') return { fileName, contentType: 'application/pdf', content: await renderInvoicePdf(input) };
  if (format === 'csv') return { fileName, contentType: 'text/csv', content: invoiceCsv(input) };
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: await invoiceXlsx(input) };
}
