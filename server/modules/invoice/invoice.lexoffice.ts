/**
 * The invoice preview's positions as a lexoffice invoice: a customer imported from lexoffice is
 * linked by its contact id, any other goes as a one-time address; labour and materials keep their
 * units and VAT rates; a small business (§ 19 UStG) sends the tax type `vatfree` at 0 %; a
 * reverse-charge invoice to an EU business (decision 0023) sends `externalService13b` ("Fremdleistungen
 * innerhalb der EU gem. § 13b UStG") at 0 % with the legal note, which lexoffice accepts only for
 * one of its contacts (the caller refuses other customers first).
 */
import type { components } from '../../../generated/server/openapi';
import type { LexofficeInvoice } from '../external-system';
import type { CustomerRow } from '../customers';

type Preview = components['schemas']['InvoicePreview'];

/**
 * A line item's name holds one line of at most 255 characters; a longer or multi-line position text
 * (one the firm wrote) goes whole into the item's description as well.
 */
function lineItemText(text: string): { name: string; description?: string } {
  const name = (text.split(/\r?\n/, 1)[0].trim() || text.trim()).slice(0, 255);
  return name === text ? { name } : { name, description: text };
}

export function toLexofficeInvoice(preview: Preview, customer: CustomerRow, issuedAt: Date): LexofficeInvoice {
  const lastDay = new Date(new Date(preview.toDate).getTime() - 1);
  return {
    voucherDate: issuedAt.toISOString(),
    address: customer.externalId
      ? { contactId: customer.externalId }
      : {
          name: preview.customerName.slice(0, 255),
          ...(customer.street ? { street: customer.street } : {}),
          ...(customer.zip ? { zip: customer.zip } : {}),
          ...(customer.city ? { city: customer.city } : {}),
          countryCode: customer.country ?? 'DE',
        },
    lineItems: preview.positions.map((position) => ({
      type: 'custom' as const,
      ...lineItemText(position.description),
      quantity: position.quantity,
      unitName: position.unit,
      unitPrice: { currency: 'EUR' as const, netAmount: position.unitPrice, taxRatePercentage: position.vatRate },
    })),
    totalPrice: { currency: 'EUR' },
    taxConditions: taxConditionsOf(preview),
    shippingConditions: { shippingType: 'serviceperiod', shippingDate: preview.fromDate, shippingEndDate: lastDay.toISOString() },
    introduction: preview.title,
    ...(preview.smallBusinessNote ? { remark: preview.smallBusinessNote } : {}),
  };
}

function taxConditionsOf(preview: Preview): LexofficeInvoice['taxConditions'] {
  if (preview.vatTreatment === 'reverseCharge') return { taxType: 'externalService13b', taxTypeNote: preview.reverseChargeNote ?? undefined };
  return { taxType: preview.smallBusiness ? 'vatfree' : 'net' };
}
