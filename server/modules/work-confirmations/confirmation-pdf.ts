/**
 * The PDF of a work confirmation (pdfkit): company header, customer, the covered working times,
 * materials, notes and photos with totals, the statement the customer signs, the signature, the
 * signee's name, place and time. German or English; dates and times on the tenant's clock.
 *
 * Font, character set and table layout are those of `platform/pdf.ts`.
 */
import { loadPdfKit } from '../../platform/heavy-modules';
import { drawLogo, newPdfDocument } from '../../platform/pdf';
import { translate, type Lang, type MessageKey } from '../../platform/i18n';
import { drawTable, printable, type PdfColumn } from '../../platform/pdf';

export interface PdfParty {
  name: string;
  lines: string[];
}

export interface PdfTime {
  at: Date;
  member: string;
  description: string | null;
  seconds: number;
}

export interface PdfMaterial {
  at: Date;
  name: string;
  quantity: number;
  unit: string | null;
  unitPrice: number | null;
}

export interface PdfNote {
  at: Date;
  member: string;
  text: string;
}

export interface PdfPhoto {
  at: Date;
  category: string;
  description: string | null;
  fileName: string;
  /** The photo's thumbnail as JPEG, drawn under the list; without one the list names the file. */
  thumbnail?: Buffer;
}

export interface ConfirmationPdfInput {
  language: Lang;
  timeZone: string;
  number: string;
  company: PdfParty;
  /** The firm's logo (PNG), drawn above its name. */
  logo?: Buffer;
  customer: PdfParty;
  times: PdfTime[];
  materials: PdfMaterial[];
  notes: PdfNote[];
  photos: PdfPhoto[];
  signee: string;
  place: string | null;
  signedAt: Date;
  signaturePng: Buffer;
}

// Kept for the callers and tests that import it from here.
export { printable };

const PAGE_MARGIN = 50;
const FOOTER_SPACE = 30;

export async function renderConfirmationPdf(input: ConfirmationPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(input.language, key, params);
  const locale = input.language === 'de' ? 'de-DE' : 'en-GB';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: input.timeZone });
  const dateOnly = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: input.timeZone });
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const duration = (seconds: number) => t('pdf.hours', { hours: Math.floor(seconds / 3600), minutes: Math.round((seconds % 3600) / 60) });

  const doc = newPdfDocument(PDFDocument, {
    size: 'A4',
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    lang: input.language,
    info: {
      Title: printable(`${t('pdf.title')} ${input.number} – ${input.customer.name}`),
      Author: printable(input.company.name),
      Subject: t('pdf.title'),
      CreationDate: input.signedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - 2 * PAGE_MARGIN;
  const bottom = () => doc.page.height - PAGE_MARGIN - FOOTER_SPACE;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const text = (value: string) => printable(value);

  // Header: the company (under its logo) left, title and number right.
  const nameTop = drawLogo(doc, input.logo, left, PAGE_MARGIN);
  doc.font('Helvetica-Bold').fontSize(15).text(text(input.company.name), left, nameTop, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  for (const line of input.company.lines) doc.text(text(line), { width: width * 0.6 });
  const headerBottom = doc.y;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(t('pdf.title'), left + width * 0.6, PAGE_MARGIN, { width: width * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(9).text(`${t('pdf.number')} ${input.number}`, { width: width * 0.4, align: 'right' });
  doc.text(`${t('pdf.createdAt')} ${dateTime.format(input.signedAt)}`, { width: width * 0.4, align: 'right' });
  doc.y = Math.max(doc.y, headerBottom) + 18;
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.moveDown(1);

  // Customer
  doc.x = left;
  doc.font('Helvetica').fontSize(8).fillColor('#666666').text(t('pdf.customer').toUpperCase(), left);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(text(input.customer.name), left);
  doc.font('Helvetica').fontSize(10);
  for (const line of input.customer.lines) doc.text(text(line), left);
  doc.moveDown(1.2);

  const table = (title: string, columns: PdfColumn[], rows: string[][]) => {
    ensureSpace(60);
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(title, left);
    doc.moveDown(0.3);
    drawTable(doc, { left, width, bottom, emptyText: t('pdf.noEntries') }, columns, rows);
  };

  const w = (fraction: number) => width * fraction;
  table(
    t('pdf.workTimes'),
    [
      { title: t('pdf.date'), width: w(0.22) },
      { title: t('pdf.member'), width: w(0.22) },
      { title: t('pdf.description'), width: w(0.38) },
      { title: t('pdf.duration'), width: w(0.18), align: 'right' },
    ],
    input.times.map((r) => [dateTime.format(r.at), r.member, r.description ?? '', duration(r.seconds)]),
  );
  table(
    t('pdf.materials'),
    [
      { title: t('pdf.date'), width: w(0.16) },
      { title: t('pdf.description'), width: w(0.38) },
      { title: t('pdf.quantity'), width: w(0.16), align: 'right' },
      { title: t('pdf.unitPrice'), width: w(0.14), align: 'right' },
      { title: t('pdf.amount'), width: w(0.16), align: 'right' },
    ],
    input.materials.map((r) => [
      dateOnly.format(r.at),
      r.name,
      `${quantity.format(r.quantity)} ${r.unit ?? ''}`.trim(),
      r.unitPrice === null ? '–' : money.format(r.unitPrice),
      r.unitPrice === null ? '–' : money.format(Math.round(r.quantity * r.unitPrice * 100) / 100),
    ]),
  );
  if (input.notes.length > 0) {
    table(
      t('pdf.notes'),
      [
        { title: t('pdf.date'), width: w(0.22) },
        { title: t('pdf.member'), width: w(0.22) },
        { title: t('pdf.description'), width: w(0.56) },
      ],
      input.notes.map((r) => [dateTime.format(r.at), r.member, r.text]),
    );
  }
  table(
    t('pdf.photos'),
    [
      { title: t('pdf.pos'), width: w(0.08) },
      { title: t('pdf.date'), width: w(0.22) },
      { title: t('pdf.category'), width: w(0.18) },
      { title: t('pdf.description'), width: w(0.52) },
    ],
    input.photos.map((r, i) => [String(i + 1), dateTime.format(r.at), r.category, r.description ?? (r.thumbnail ? '' : r.fileName)]),
  );
  // The photos themselves, numbered as in the list, four to a row.
  const shots = input.photos.map((photo, i) => ({ photo, number: i + 1 })).filter((x) => x.photo.thumbnail);
  if (shots.length > 0) {
    const gap = 10;
    const cell = (width - 3 * gap) / 4;
    const height = cell * 0.75;
    doc.moveDown(0.5);
    for (let i = 0; i < shots.length; i += 4) {
      ensureSpace(height + 16);
      const top = doc.y;
      shots.slice(i, i + 4).forEach(({ photo, number }, j) => {
        const x = left + j * (cell + gap);
        doc.image(photo.thumbnail!, x, top, { fit: [cell, height], align: 'center', valign: 'center' });
        doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`${number}`, x, top + height + 2, { width: cell, align: 'center' });
      });
      doc.y = top + height + 16;
    }
    doc.fillColor('#000000');
    doc.moveDown(0.5);
  }

  // Totals
  const totalSeconds = input.times.reduce((sum, r) => sum + r.seconds, 0);
  const totalMaterial = input.materials.reduce((sum, r) => sum + (r.unitPrice === null ? 0 : Math.round(r.quantity * r.unitPrice * 100) / 100), 0);
  ensureSpace(60);
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(t('pdf.totals'), left);
  doc.moveDown(0.3);
  for (const [label, value] of [
    [t('pdf.totalTime'), duration(totalSeconds)],
    [t('pdf.totalMaterial'), money.format(totalMaterial)],
  ]) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).text(label, left, y, { width: w(0.6) });
    doc.font('Helvetica-Bold').text(value, left + w(0.6), y, { width: w(0.4), align: 'right' });
    doc.y = y + 15;
  }
  doc.moveDown(1);

  // Statement, signature, signee, place and time
  ensureSpace(150);
  doc.x = left;
  doc.font('Helvetica').fontSize(10).fillColor('#000000').text(t('pdf.statement'), left, doc.y, { width });
  doc.moveDown(1);
  const signatureTop = doc.y;
  doc.image(input.signaturePng, left, signatureTop, { fit: [w(0.45), 80] });
  const lineY = signatureTop + 86;
  doc.moveTo(left, lineY).lineTo(left + w(0.45), lineY).lineWidth(0.75).strokeColor('#000000').stroke();
  doc.font('Helvetica').fontSize(8).fillColor('#666666').text(t('pdf.signee'), left, lineY + 4, { width: w(0.45) });
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(text(input.signee), left, lineY + 15, { width: w(0.45) });
  const placeX = left + w(0.55);
  doc.font('Helvetica').fontSize(8).fillColor('#666666').text(t('pdf.placeAndDate'), placeX, lineY + 4, { width: w(0.45) });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000000')
    .text(text([input.place, dateTime.format(input.signedAt)].filter(Boolean).join(', ')), placeX, lineY + 15, { width: w(0.45) });

  // Footer on every page
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without the margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE_MARGIN - 12;
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    doc.text(text(`${input.company.name} · ${t('pdf.title')} ${input.number}`), left, y, { width: w(0.7), lineBreak: false });
    doc.text(t('pdf.page', { page: i + 1, pages: range.count }), left + w(0.7), y, { width: w(0.3), align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
