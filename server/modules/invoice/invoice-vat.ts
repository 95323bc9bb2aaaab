/**
 * Who owes the VAT of an invoice (decision 0023), from the firm and the customer:
 *
 * - A small business (§ 19 UStG) charges none: `smallBusiness`, whatever the customer.
 * - A business customer in another EU member state with a VAT id of that state's format gets an
 *   intra-community reverse-charge invoice (§ 3a Abs. 2 and § 13b UStG, Art. 196 of the VAT
 *   directive): `reverseCharge`, category AE at 0 %, both VAT ids and the legal note on it.
 * - A business customer outside the EU is refused: the service is then usually not taxable in
 *   Germany (category O), which this product does not issue yet; charging German VAT would be wrong.
 * - Everyone else (private customers anywhere, businesses in Germany, EU businesses without VAT id)
 *   pays German VAT: `standard`.
 */
import { AppError } from '../../platform/errors';
import { translate, type Lang } from '../../platform/i18n';
import { EU_COUNTRIES, countryOfVatPrefix, isEuVatId } from '../../platform/tax-ids';
import type { CustomerRow } from '../customers';
import type { VatTreatment } from './invoice.rules';

type Seller = { smallBusiness: boolean; country: string | null };
type Buyer = Pick<CustomerRow, 'business' | 'country' | 'vatId'>;

export function vatTreatmentOf(seller: Seller, buyer: Buyer): VatTreatment {
  if (seller.smallBusiness) return 'smallBusiness';
  const home = seller.country ?? 'DE';
  if (!buyer.business || buyer.country === home) return 'standard';
  if (!EU_COUNTRIES.has(buyer.country)) {
    throw new AppError('BAD_REQUEST', 'invoice.outsideEuBusiness', { fieldErrors: { customerId: ['invoice.outsideEuBusiness'] } });
  }
  const vatId = buyer.vatId;
  if (vatId && isEuVatId(vatId) && countryOfVatPrefix(vatId.slice(0, 2)) !== home) return 'reverseCharge';
  return 'standard';
}

/** The legal note of a reverse-charge invoice (with the buyer's VAT id), or null. */
export function reverseChargeNote(language: Lang, treatment: VatTreatment, buyerVatId: string | null): string | null {
  return treatment === 'reverseCharge' ? translate(language, 'invoiceDoc.reverseChargeNote', { buyerVatId: buyerVatId ?? '' }) : null;
}
