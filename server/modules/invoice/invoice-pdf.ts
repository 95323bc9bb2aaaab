/**
 * The invoice draft as PDF (pdfkit; font, characters and table of `platform/pdf.ts`): letterhead from
 * the tenant profile, the customer's address, date and service period, the positions, net, VAT per
 * rate and gross, the labour share (§ 35a EStG), the § 19 UStG note, payment terms, and a footer
 * with tax and bank details. Where the profile lacks a field an invoice needs, the draft says what
 * is missing instead of printing a blank. Without an invoice number it is a draft whose number is
 * left to the issuing step; with one (the ZUGFeRD export) it is the invoice.
 */
import { translate, type MessageKey } from '../../platform/i18n';
import { drawLogo, drawTable, newPdfDocument, printable, type PdfColumn } from '../../platform/pdf';
import { formatDay } from './invoice-days';
import type { InvoiceDocumentInput } from './invoice-documents';
import { labourShare } from './invoice.rules';
import { customerContactPerson } from '../../platform/display-names';
import { DEFAULT_PAYMENT_TERMS, paymentTermsText } from '../../platform/payment-terms';

const MARGIN = 50;
const FOOTER_SPACE = 56;
const MISSING_COLOR = '#b00020';

export async function renderInvoicePdf(input: InvoiceDocumentInput): Promise<Buffer> {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(input.language, key, params);
  const locale = input.language === 'de' ? 'de-DE' : 'en-GB';
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const euro = (cents: number) => money.format(cents / 100);
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const { tenant, customer } = input;
  const missing = (field: MessageKey) => t('invoiceDoc.missing', { field: t(field) });
  // With its number the PDF is the invoice itself, else the draft whose number comes on issue.
  // A cancellation (credit note) says so and names the invoice it cancels (decision 0031).
  const documentTitle = input.cancels ? t('invoiceDoc.cancellationTitle') : t(input.invoiceNumber ? 'invoiceDoc.titleIssued' : 'invoiceDoc.title');

  const doc = await newPdfDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: input.language,
    info: {
      Title: printable(input.title),
      Author: printable(tenant.companyName ?? tenant.name),
      Subject: documentTitle,
      CreationDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const w = (fraction: number) => width * fraction;
  const bottom = () => doc.page.height - MARGIN - FOOTER_SPACE;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const text = (value: string) => printable(value);

  // Letterhead: the firm left, what is missing in red; the document's facts right.
  const companyName = tenant.companyName ?? tenant.name;
  const cityLine = [tenant.zip, tenant.city].filter(Boolean).join(' ');
  const contact = [tenant.phone, tenant.email, tenant.website].filter(Boolean).join(' · ');
  const nameTop = drawLogo(doc, input.logo, left, MARGIN);
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000').text(text(companyName), left, nameTop, { width: w(0.55) });
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  const letterhead: [string | null, MessageKey][] = [
    [tenant.street && cityLine ? `${tenant.street}\n${cityLine}` : null, 'invoiceDoc.fieldAddress'],
    [contact || null, 'invoiceDoc.fieldContact'],
  ];
  for (const [value, field] of letterhead) {
    if (value) doc.fillColor('#444444').text(text(value), { width: w(0.55) });
    else doc.fillColor(MISSING_COLOR).text(missing(field), { width: w(0.55) });
  }
  const letterheadBottom = doc.y;

  const factsX = left + w(0.55);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(documentTitle, factsX, MARGIN, { width: w(0.45), align: 'right' });
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    [t('invoiceDoc.number'), input.invoiceNumber ?? t('invoiceDoc.numberPending')],
    [t('invoiceDoc.date'), formatDay(input.issuedAt, input.language, input.timeZone)],
    [t('invoiceDoc.servicePeriod'), input.periodLabel],
    ...(input.cancels ? [[t('invoiceDoc.cancels'), `${input.cancels.number} (${input.cancels.date})`] as [string, string]] : []),
  ];
  doc.fontSize(9);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica').fillColor('#666666').text(label, factsX, y, { width: w(0.2), align: 'left' });
    doc.font('Helvetica').fillColor('#000000').text(text(value), factsX + w(0.17), y, { width: w(0.28), align: 'right' });
    doc.moveDown(0.2);
  }
  doc.y = Math.max(doc.y, letterheadBottom) + 22;

  // Sender line and the customer's address.
  doc.x = left;
  const sender = [companyName, tenant.street, cityLine].filter(Boolean).join(' · ');
  doc.font('Helvetica').fontSize(7).fillColor('#777777').text(text(sender), left, doc.y, { width: w(0.55), underline: true });
  doc.moveDown(0.4);
  const customerLines = [
    input.customerName,
    customerContactPerson(customer),
    customer.street ?? '',
    [customer.zip, customer.city].filter(Boolean).join(' '),
    customer.country && customer.country !== 'DE' ? customer.country : '',
    customer.vatId ? `${t('invoiceDoc.buyerVatId')}: ${customer.vatId}` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(10.5).fillColor('#000000');
  customerLines.forEach((line, i) => doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').text(text(line), left, doc.y, { width: w(0.55) }));
  doc.moveDown(2);

  // Title and introduction.
  doc.font('Helvetica-Bold').fontSize(13).text(text(input.title), left, doc.y, { width });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).text(t('invoiceDoc.greeting'), left, doc.y, { width });
  doc.text(input.cancels ? t('invoiceDoc.cancellationIntro', { number: input.cancels.number, date: input.cancels.date }) : t('invoiceDoc.intro'), { width });
  doc.moveDown(0.8);

  // Positions.
  const columns: PdfColumn[] = [
    { title: t('invoiceDoc.pos'), width: w(0.07) },
    { title: t('invoiceDoc.description'), width: w(0.37) },
    { title: t('invoiceDoc.quantity'), width: w(0.1), align: 'right' },
    { title: t('invoiceDoc.unit'), width: w(0.08) },
    { title: t('invoiceDoc.unitPrice'), width: w(0.14), align: 'right' },
    { title: t('invoiceDoc.vatRate'), width: w(0.08), align: 'right' },
    { title: t('invoiceDoc.net'), width: w(0.16), align: 'right' },
  ];
  const rows = input.positions.map((p, i) => [
    String(i + 1),
    p.description,
    quantity.format(p.quantity),
    p.unit,
    euro(p.unitPriceCents),
    `${p.vatRate} %`,
    euro(p.netCents),
  ]);
  drawTable(doc, { left, width, bottom }, columns, rows);

  // Totals, right-aligned.
  const totalLine = (label: string, value: string, bold = false) => {
    ensureSpace(16);
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor('#000000');
    doc.text(text(label), left + w(0.35), y, { width: w(0.45), align: 'right' });
    doc.text(value, left + w(0.8), y, { width: w(0.2), align: 'right' });
    doc.y = y + (bold ? 17 : 15);
  };
  totalLine(t('invoiceDoc.netTotal'), euro(input.totals.netCents));
  if (input.vatTreatment === 'standard') {
    for (const v of input.totals.vatByRate) totalLine(t('invoiceDoc.vatLine', { rate: v.vatRate, net: euro(v.netCents) }), euro(v.vatCents));
  }
  doc.moveTo(left + w(0.55), doc.y).lineTo(left + width, doc.y).lineWidth(0.75).strokeColor('#000000').stroke();
  doc.y += 4;
  totalLine(t('invoiceDoc.grossTotal'), euro(input.totals.grossCents), true);
  doc.moveDown(1);

  // Notes: § 19, the labour share, payment terms.
  doc.x = left;
  doc.font('Helvetica').fontSize(9.5).fillColor('#000000');
  const paragraph = (value: string) => {
    ensureSpace(30);
    doc.text(text(value), left, doc.y, { width });
    doc.moveDown(0.5);
  };
  if (input.smallBusinessNote) paragraph(input.smallBusinessNote);
  if (input.reverseChargeNote) paragraph(input.reverseChargeNote);
  const share = input.privateCustomer ? labourShare(input.positions) : null;
  if (share) paragraph(t('invoiceDoc.labourShare', { net: euro(share.netCents), vat: euro(share.vatCents), gross: euro(share.grossCents) }));
  // A cancellation asks for no payment: its amount is set off against the cancelled invoice.
  paragraph(
    input.cancels
      ? t('invoiceDoc.creditNoteTerms', { number: input.cancels.number, date: input.cancels.date })
      : paymentTermsText(input.language, input.paymentTerms ?? DEFAULT_PAYMENT_TERMS),
  );

  // Footer on every page: tax and bank details (or what is missing), page numbers.
  const taxLine = [
    tenant.taxNumber ? `${t('invoiceDoc.taxNumber')}: ${tenant.taxNumber}` : '',
    tenant.vatId ? `${t('invoiceDoc.vatId')}: ${tenant.vatId}` : '',
    tenant.legalRegistrationId ? `${t('invoiceDoc.registrationId')}: ${tenant.legalRegistrationId}` : '',
  ].filter(Boolean).join(' · ');
  const bankLine = tenant.iban
    ? [`${t('invoiceDoc.bank')}: ${tenant.bankName ?? ''}`.replace(/: $/, ':'), `IBAN ${tenant.iban}`, tenant.bic ? `BIC ${tenant.bic}` : ''].filter(Boolean).join(' · ')
    : '';
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    let y = doc.page.height - MARGIN - FOOTER_SPACE + 14;
    doc.moveTo(left, y - 6).lineTo(left + width, y - 6).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
    doc.font('Helvetica').fontSize(8);
    for (const [value, field] of [
      [taxLine, 'invoiceDoc.fieldTaxId'],
      [bankLine, 'invoiceDoc.fieldBank'],
    ] as [string, MessageKey][]) {
      doc.fillColor(value ? '#555555' : MISSING_COLOR).text(text(value || missing(field)), left, y, { width, lineBreak: false });
      y += 11;
    }
    doc.fillColor('#555555').text(text(companyName), left, y, { width: w(0.7), lineBreak: false });
    doc.text(translate(input.language, 'pdf.page', { page: i + 1, pages: range.count }), left + w(0.7), y, { width: w(0.3), align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
