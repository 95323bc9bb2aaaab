/**
 * Payment terms (decision 0032): days until the invoice is due, and optionally a cash discount
 * (Skonto) of some percent within fewer days. The firm sets its terms; a customer may have its own,
 * which then replace the firm's as a whole. The invoice PDF prints the text, the e-invoice carries
 * the due date (BT-9) and the text (BT-20) with the discount line XRechnung prescribes (BR-DE-18).
 */
import { translate, type Lang } from './i18n';

export interface PaymentTerms {
  /** 0: due at once. */
  days: number;
  discountPercent: number | null;
  discountDays: number | null;
}

export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { days: 14, discountPercent: null, discountDays: null };

/** The customer's own terms when it has any, else the firm's. */
export function termsFor(firm: PaymentTerms, customer: { paymentDays: number | null; discountPercent: number | null; discountDays: number | null }): PaymentTerms {
  if (customer.paymentDays === null) return firm;
  return { days: customer.paymentDays, discountPercent: customer.discountPercent, discountDays: customer.discountDays };
}

const hasDiscount = (terms: PaymentTerms) => !!terms.discountPercent && terms.discountDays !== null;

/** `YYYY-MM-DD` plus some days (calendar days, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function percentText(language: Lang, percent: number): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }).format(percent);
}

/** The sentence printed on the invoice. */
export function paymentTermsText(language: Lang, terms: PaymentTerms): string {
  const base = terms.days === 0
    ? translate(language, 'invoiceDoc.paymentTermsNow')
    : translate(language, 'invoiceDoc.paymentTermsDays', { days: terms.days });
  if (!hasDiscount(terms)) return base;
  return `${base} ${translate(language, 'invoiceDoc.paymentTermsDiscount', { days: terms.discountDays!, percent: percentText(language, terms.discountPercent!) })}`;
}

/** BT-20: the sentence, then XRechnung's discount line `#SKONTO#TAGE=n#PROZENT=n.nn#` ending in a line break. */
export function eInvoicePaymentTerms(language: Lang, terms: PaymentTerms): string {
  const sentence = paymentTermsText(language, terms);
  if (!hasDiscount(terms)) return sentence;
  return `${sentence}\n#SKONTO#TAGE=${terms.discountDays}#PROZENT=${terms.discountPercent!.toFixed(2)}#\n`;
}
