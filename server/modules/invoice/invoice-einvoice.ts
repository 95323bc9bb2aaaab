/**
 * The invoice as EN 16931 e-invoice, made with `@e-invoice-eu/core` from the same positions and
 * totals as the PDF:
 *
 * - `xrechnung`: XRechnung 3.0 as UN/CEFACT CII XML (what German public and, from 2025 on, business
 *   customers must be able to receive).
 * - `zugferd`: the invoice PDF made PDF/A-3 with the same invoice embedded as Factur-X/ZUGFeRD
 *   (profile EN 16931), readable by people and by accounting software.
 *
 * An e-invoice is an issued invoice: it needs the firm's invoice number, and the details the
 * standard makes mandatory. What is missing is named in one answer, before anything is made.
 * Amounts are the preview's cents; VAT per category and rate is the rules' total
 * (`invoiceTotals().vatByRate`).
 *
 * Parties (decision 0023): the seller is identified by its VAT id or its legal registration id
 * (BR-CO-26), its tax number goes along as FC; the buyer's reference (BT-10) is its Leitweg-ID,
 * else its number in the outside system, else its id here; its VAT id is BT-48. A reverse-charge
 * invoice (category AE) carries both VAT ids, the exemption reason and code (VATEX-EU-AE) and the
 * legal note. All notes are one note text (one `ram:Content`, as the Factur-X schema allows).
 *
 * Payment terms (decision 0032): the due date (BT-9) and the terms text (BT-20), with XRechnung's
 * cash discount line `#SKONTO#TAGE=n#PROZENT=n.nn#` when the terms give a discount (BR-DE-18).
 *
 * A cancellation (`input.cancels`) goes out as a credit note (decision 0037): type code 381, the
 * cancelled invoice's number and date as preceding invoice reference (BG-3: BT-25, BT-26), and its
 * amounts and quantities positive, as the type already says that they are credited; the cancellation
 * itself keeps them negated everywhere else. No due date; the terms say the amount is set off
 * against the invoice (payment means 97, clearing between partners) rather than asking for payment.
 */
import { translate, type MessageKey } from '../../platform/i18n';
import { loadEInvoice } from '../../platform/heavy-modules';
import { AppError } from '../../platform/errors';
import { addDays, DEFAULT_PAYMENT_TERMS, eInvoicePaymentTerms } from '../../platform/payment-terms';
import { customerContactPerson } from '../../platform/display-names';
import { isoDateOfEpochDay, localEpochDay } from '../../platform/time-zone';
import type { InvoiceDocumentInput } from './invoice-documents';
import type { VatCategory } from './invoice.rules';
import { withEmbeddedFile } from './invoice-pdfa';

export type EInvoiceFormat = 'xrechnung' | 'zugferd';


/** UN/ECE Recommendation 20 codes for the units people type; anything else counts as "one" (C62). */
const UNIT_CODES: Record<string, string> = {
  h: 'HUR', std: 'HUR', 'std.': 'HUR', stunde: 'HUR', stunden: 'HUR', hour: 'HUR', hours: 'HUR', hrs: 'HUR',
  stk: 'H87', 'stk.': 'H87', stück: 'H87', st: 'H87', 'st.': 'H87', pcs: 'H87', pc: 'H87', piece: 'H87', pieces: 'H87',
  m: 'MTR', 'lfm': 'MTR', km: 'KMT', cm: 'CMT', mm: 'MMT',
  'm²': 'MTK', m2: 'MTK', qm: 'MTK', 'm³': 'MTQ', m3: 'MTQ', cbm: 'MTQ',
  kg: 'KGM', g: 'GRM', t: 'TNE',
  l: 'LTR', liter: 'LTR', litre: 'LTR', ml: 'MLT',
  tag: 'DAY', tage: 'DAY', day: 'DAY', days: 'DAY',
  pauschal: 'LS', psch: 'LS', 'psch.': 'LS', pauschale: 'LS', 'lump sum': 'LS',
};

export function unitCodeOf(unit: string): string {
  return UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';
}

const amount = (cents: number) => (cents / 100).toFixed(2);

/** `2026-11-20` on the tenant's clock. */
const isoDay = (instant: Date, timeZone: string) => isoDateOfEpochDay(localEpochDay(instant.getTime(), timeZone));

/** What the firm profile or the customer lacks for an e-invoice of this format; empty when complete. */
export function eInvoiceGaps(input: InvoiceDocumentInput, format: EInvoiceFormat): MessageKey[] {
  const { tenant, customer } = input;
  const gaps: MessageKey[] = [];
  if (!tenant.street || !tenant.zip || !tenant.city) gaps.push('eInvoice.sellerAddress');
  if (!tenant.vatId && !tenant.taxNumber) gaps.push('eInvoice.sellerTaxId');
  // BR-CO-26: a seller without VAT id is identified by its legal registration id (BT-30).
  if (!tenant.vatId && !tenant.legalRegistrationId) gaps.push('eInvoice.sellerRegistration');
  if (input.vatTreatment === 'reverseCharge' && !tenant.vatId) gaps.push('eInvoice.sellerVatIdReverseCharge');
  if (!tenant.iban) gaps.push('eInvoice.sellerBank');
  if (format === 'xrechnung') {
    if (!tenant.phone) gaps.push('eInvoice.sellerPhone');
    if (!tenant.email) gaps.push('eInvoice.sellerEmail');
  }
  if (!customer.street || !customer.zip || !customer.city) gaps.push('eInvoice.buyerAddress');
  if (format === 'xrechnung' && !customer.email) gaps.push('eInvoice.buyerEmail');
  return gaps;
}

const taxScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

/** The invoice in the library's internal format (UBL-shaped JSON); it writes CII from it. */
export function eInvoiceData(input: InvoiceDocumentInput, invoiceNumber: string) {
  const { tenant, customer, language, timeZone } = input;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
  const companyName = tenant.companyName ?? tenant.name;
  const issueDate = isoDay(input.issuedAt, timeZone);
  const terms = input.paymentTerms ?? DEFAULT_PAYMENT_TERMS;
  const dueDate = addDays(issueDate, terms.days);
  const credited = input.cancels;
  // A credit note states the cancellation's negated amounts and quantities positive (decision 0037).
  const sign = credited ? -1 : 1;
  const money = (cents: number) => amount(sign * cents);
  // The reason a category carries no VAT (BR-E-10, BR-AE-10).
  const exemptionOf = (category: VatCategory) => {
    if (category === 'E') return { 'cbc:TaxExemptionReason': input.smallBusinessNote ?? t('invoiceDoc.smallBusinessNote') };
    if (category === 'AE') return { 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE', 'cbc:TaxExemptionReason': t('invoiceDoc.reverseChargeReason') };
    return {};
  };

  const sellerTax = [
    ...(tenant.vatId ? [{ 'cbc:CompanyID': tenant.vatId, ...taxScheme }] : []),
    ...(tenant.taxNumber ? [{ 'cbc:CompanyID': tenant.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const contactPerson = customerContactPerson(customer);
  const notes = [
    credited ? `${t('invoiceDoc.cancels')} ${credited.number} (${credited.date})` : null,
    input.smallBusinessNote,
    input.reverseChargeNote,
    labourNote(input, sign),
  ].filter((n): n is string => !!n);
  // The Leitweg-ID of a public customer, else the customer's number elsewhere, else its id here
  // (BR-DE-15 requires BT-10; the invoice number is no reference of the buyer's).
  const buyerReference = customer.leitwegId ?? customer.externalId ?? customer.id;

  return {
    'ubl:Invoice': {
      'cbc:ID': invoiceNumber,
      'cbc:IssueDate': issueDate,
      ...(credited ? {} : { 'cbc:DueDate': dueDate }),
      'cbc:InvoiceTypeCode': credited ? '381' : '380',
      // The library's format takes a list; one item keeps all notes one note text (decision 0023).
      ...(notes.length > 0 ? { 'cbc:Note': [notes.join('\n')] } : {}),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': buyerReference,
      'cac:InvoicePeriod': {
        'cbc:StartDate': isoDay(input.fromDate, timeZone),
        'cbc:EndDate': isoDay(new Date(input.toDate.getTime() - 1), timeZone),
      },
      ...(credited ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': credited.number, 'cbc:IssueDate': credited.issueDate } }] } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...(tenant.email ? { 'cbc:EndpointID': tenant.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PartyName': { 'cbc:Name': companyName },
          'cac:PostalAddress': {
            'cbc:StreetName': tenant.street!,
            'cbc:CityName': tenant.city!,
            'cbc:PostalZone': tenant.zip!,
            'cac:Country': { 'cbc:IdentificationCode': tenant.country ?? 'DE' },
          },
          'cac:PartyTaxScheme': sellerTax,
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': companyName,
            ...(tenant.legalRegistrationId ? { 'cbc:CompanyID': tenant.legalRegistrationId } : {}),
          },
          ...(tenant.phone || tenant.email
            ? {
                'cac:Contact': {
                  'cbc:Name': companyName,
                  ...(tenant.phone ? { 'cbc:Telephone': tenant.phone } : {}),
                  ...(tenant.email ? { 'cbc:ElectronicMail': tenant.email } : {}),
                },
              }
            : {}),
        },
      },
      // The day the work was done to: the end of the service period (the period itself follows).
      'cac:Delivery': { 'cbc:ActualDeliveryDate': isoDay(new Date(input.toDate.getTime() - 1), timeZone) },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(customer.email ? { 'cbc:EndpointID': customer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          // One identification (the library's format takes an object, not a list).
          ...(customer.externalId ? { 'cac:PartyIdentification': { 'cbc:ID': customer.externalId } } : {}),
          'cac:PartyName': { 'cbc:Name': input.customerName },
          'cac:PostalAddress': {
            'cbc:StreetName': customer.street!,
            'cbc:CityName': customer.city!,
            'cbc:PostalZone': customer.zip!,
            'cac:Country': { 'cbc:IdentificationCode': customer.country || 'DE' },
          },
          ...(customer.vatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': customer.vatId, ...taxScheme } } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': input.customerName },
          ...(contactPerson ? { 'cac:Contact': { 'cbc:Name': contactPerson } } : {}),
        },
      },
      // 58: SEPA credit transfer to the firm; a credit note's 97: set off between the parties.
      'cac:PaymentMeans': [
        credited
          ? { 'cbc:PaymentMeansCode': '97' }
          : {
              'cbc:PaymentMeansCode': '58',
              'cbc:PaymentID': invoiceNumber,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': tenant.iban!,
                'cbc:Name': companyName,
                ...(tenant.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': tenant.bic } } : {}),
              },
            },
      ],
      'cac:PaymentTerms': {
        'cbc:Note': credited ? t('invoiceDoc.creditNoteTerms', { number: credited.number, date: credited.date }) : eInvoicePaymentTerms(language, terms),
      },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(input.totals.vatCents),
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': input.totals.vatByRate.map((c) => ({
            'cbc:TaxableAmount': money(c.netCents),
            'cbc:TaxableAmount@currencyID': 'EUR',
            'cbc:TaxAmount': money(c.vatCents),
            'cbc:TaxAmount@currencyID': 'EUR',
            'cac:TaxCategory': { 'cbc:ID': c.vatCategory, 'cbc:Percent': String(c.vatRate), ...exemptionOf(c.vatCategory), ...taxScheme },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(input.totals.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': money(input.totals.netCents),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': money(input.totals.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        'cbc:PayableAmount': money(input.totals.grossCents),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': input.positions.map((p, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(sign * p.quantity),
        'cbc:InvoicedQuantity@unitCode': p.kind === 'labour' ? 'HUR' : unitCodeOf(p.unit),
        'cbc:LineExtensionAmount': money(p.netCents),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': p.description.slice(0, 200) || t('invoiceDoc.kindMaterial'),
          'cac:ClassifiedTaxCategory': { 'cbc:ID': p.vatCategory, 'cbc:Percent': String(p.vatRate), ...taxScheme },
        },
        'cac:Price': { 'cbc:PriceAmount': amount(p.unitPriceCents), 'cbc:PriceAmount@currencyID': 'EUR' },
      })),
      // The library fills CustomizationID for the chosen profile; ProfileID is the business process.
      'cbc:ProfileID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    },
  };
}

/** The § 35a EStG labour share: a deduction for private households only. */
function labourNote(input: InvoiceDocumentInput, sign: number): string | null {
  const labour = input.positions.find((p) => p.kind === 'labour');
  if (!labour || !input.privateCustomer) return null;
  const money = new Intl.NumberFormat(input.language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' });
  const euro = (cents: number) => money.format(cents / 100);
  return translate(input.language, 'invoiceDoc.labourShare', { net: euro(sign * labour.netCents), vat: euro(sign * labour.vatCents), gross: euro(sign * labour.grossCents) });
}

/** Refuses an e-invoice that cannot be complete, naming everything that is missing at once. */
export function assertEInvoicePossible(input: InvoiceDocumentInput, format: EInvoiceFormat, invoiceNumber: string | undefined): asserts invoiceNumber is string {
  if (!invoiceNumber) {
    throw new AppError('VALIDATION_ERROR', 'invoice.numberRequired', { fieldErrors: { invoiceNumber: ['invoice.numberRequired'] } });
  }
  const gaps = eInvoiceGaps(input, format);
  if (gaps.length > 0) {
    throw new AppError('BAD_REQUEST', 'invoice.eInvoiceIncomplete', { listParams: { missing: gaps } });
  }
}

/** The XRechnung XML, or the Factur-X/ZUGFeRD PDF made from the given invoice PDF. */
export async function renderEInvoice(format: EInvoiceFormat, input: InvoiceDocumentInput, invoiceNumber: string, pdf: Buffer | undefined): Promise<Buffer> {
  const { InvoiceService } = await loadEInvoice();
  // The library reports what it does through this logger; its messages are not for the person.
  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const service = new InvoiceService(quiet);
  const data = eInvoiceData(input, invoiceNumber);
  let rendered: string | Uint8Array;
  try {
    rendered = await service.generate(data as never, {
      format: format === 'xrechnung' ? 'XRECHNUNG-CII' : 'Factur-X-EN16931',
      lang: input.language === 'de' ? 'de-de' : 'en-gb',
      ...(pdf ? { pdf: { buffer: pdf, filename: 'invoice.pdf', mimetype: 'application/pdf' } } : {}),
    });
  } catch (error) {
    // The library's own words name its internals; the person reads what to check, the log the cause.
    throw Object.assign(new AppError('BAD_REQUEST', 'invoice.eInvoiceFailed'), { cause: error });
  }
  const cancels = input.cancels;
  if (!cancels) return typeof rendered === 'string' ? Buffer.from(rendered, 'utf8') : Buffer.from(rendered);
  const referenced = (xml: string) => withPrecedingInvoice(xml, cancels);
  if (typeof rendered === 'string') return Buffer.from(referenced(rendered), 'utf8');
  return Buffer.from(await withEmbeddedFile(rendered, 'factur-x.xml', referenced));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';

/**
 * The preceding invoice reference (BG-3: BT-25 and BT-26) in the CII XML of a credit note.
 * `@e-invoice-eu/core` 2.3.4 accepts `cac:BillingReference` but writes nothing of it to CII (its
 * mapping looks for the number one level too high), so it is added here, after the monetary
 * summation, where the CII schema places it. Left as it is when the library wrote one.
 */
function withPrecedingInvoice(xml: string, invoice: { number: string; issueDate: string }): string {
  if (xml.includes('<ram:InvoiceReferencedDocument>')) return xml;
  const anchor = '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>';
  if (!xml.includes(anchor)) throw new Error('The CII XML has no monetary summation');
  const qdt = xml.includes(`xmlns:qdt="${QDT}"`) ? '' : ` xmlns:qdt="${QDT}"`;
  const reference =
    `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${escapeXml(invoice.number)}</ram:IssuerAssignedID>` +
    `<ram:FormattedIssueDateTime><qdt:DateTimeString${qdt} format="102">${invoice.issueDate.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime>` +
    '</ram:InvoiceReferencedDocument>';
  return xml.replace(anchor, () => `${anchor}\n\t\t\t${reference}`);
}
