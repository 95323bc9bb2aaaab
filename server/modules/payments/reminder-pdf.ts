/**
 * The PDF of a payment reminder or dunning letter: the firm, the customer's address as invoiced,
 * the invoice's number, date and amount, what is open, the fee, the total and the new date to pay by.
 */
import { newPdfDocument, printable } from '../../platform/pdf';
import { translate, type Lang } from '../../platform/i18n';
import type { BuyerSnapshot, SellerSnapshot } from '../invoice';
import { dayText, euroText } from './payments.rules';

export interface ReminderInput {
  language: Lang;
  level: 0 | 1 | 2;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  number: string;
  invoiceDate: string;
  dueDate: string;
  grossCents: number;
  openCents: number;
  feeCents: number;
  payBy: string;
  today: string;
  createdAt: Date;
}

/** The letter's paragraphs, shared by the PDF and the mail. */
export function reminderTexts(input: ReminderInput) {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(input.language, key, params);
  const title = t(`reminder.title${input.level}`);
  const values = {
    number: input.number,
    date: dayText(input.language, input.invoiceDate),
    dueDate: dayText(input.language, input.dueDate),
    amount: euroText(input.language, input.grossCents),
  };
  const lines = [
    t('reminder.open', { open: euroText(input.language, input.openCents) }),
    ...(input.feeCents > 0 ? [t('reminder.fee', { fee: euroText(input.language, input.feeCents) })] : []),
  ];
  return {
    title,
    subject: t('reminder.subject', { title, number: input.number }),
    greeting: t('reminder.greeting'),
    intro: t(`reminder.intro${input.level}`, values),
    lines,
    total: t('reminder.total', { total: euroText(input.language, input.openCents + input.feeCents), payBy: dayText(input.language, input.payBy) }),
    paidAlready: t('reminder.paidAlready'),
    closing: t('reminder.closing'),
  };
}

export async function renderReminderPdf(input: ReminderInput): Promise<Buffer> {
  const texts = reminderTexts(input);
  const doc = await newPdfDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    lang: input.language,
    info: { Title: printable(`${texts.title} ${input.number}`), Author: printable(input.seller.name), CreationDate: input.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const p = (value: string) => printable(value);
  const seller = input.seller;
  doc.font('Helvetica-Bold').fontSize(12).text(p(seller.name));
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(p([seller.street, [seller.zip, seller.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')));
  doc.moveDown(2).fillColor('#000000').fontSize(10);
  const buyer = input.buyer;
  for (const line of [buyer.name, buyer.street, [buyer.zip, buyer.city].filter(Boolean).join(' ')]) if (line) doc.text(p(line));
  doc.moveDown(2);
  doc.text(p(dayText(input.language, input.today)), { align: 'right' });
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(14).text(p(`${texts.title} – ${input.number}`));
  doc.moveDown(1).font('Helvetica').fontSize(10);
  doc.text(p(texts.greeting)).moveDown(0.5);
  doc.text(p(texts.intro)).moveDown(0.5);
  for (const line of texts.lines) doc.text(p(line));
  doc.moveDown(0.5).font('Helvetica-Bold').text(p(texts.total)).font('Helvetica');
  doc.moveDown(0.5).text(p(texts.paidAlready)).moveDown(1);
  doc.text(p(texts.closing)).text(p(seller.name));
  if (seller.iban) {
    doc.moveDown(2).fontSize(8).fillColor('#555555').text(p([seller.bankName, `IBAN ${seller.iban}`, seller.bic ? `BIC ${seller.bic}` : ''].filter(Boolean).join(' · ')));
  }
  doc.end();
  return done;
}
