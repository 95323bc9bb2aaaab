/**
 * The DATEV-Format "Buchungsstapel" (EXTF, header version 700, format category 21, format version
 * 13) for the firm's tax advisor, free of I/O (decision 0032):
 *
 * - Line 1 is the header (31 fields), line 2 the 125 column titles, then one booking per line.
 *   Fields are separated by semicolons, text fields quoted (inner quotes doubled, no line breaks),
 *   every line ends with CR LF, amounts carry a decimal comma and no thousands separator, and the
 *   file is Windows-1252.
 * - A booking is always positive; the Soll/Haben mark says the direction, from the point of view of
 *   `Konto` (the debtor): an invoice debits the debtor (S), a cancellation credits it (H), and so
 *   does a payment received (H against the bank account). Belegdatum is DDMM: the year is the
 *   batch's, so a batch never spans two fiscal years.
 * - Revenue accounts are DATEV's automatic accounts (VAT computed by DATEV from the account), so
 *   no BU-Schlüssel is written; reverse charge carries the buyer's VAT id in column 40.
 */

export type Chart = 'SKR03' | 'SKR04';

/** What the advisor told the firm: written into the header. */
export interface DatevHeaderSettings {
  consultantNumber: number;
  clientNumber: number;
  /** The first day of the fiscal year the batch belongs to, `YYYY-MM-DD`. */
  fiscalYearStart: string;
  /** Length of general-ledger account numbers (4 to 8); debtor accounts are one digit longer. */
  accountLength: number;
  chart: Chart;
}

export interface DatevBatch {
  settings: DatevHeaderSettings;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  to: string;
  /** When the file was made (the header's "Erzeugt am"). */
  createdAt: Date;
  /** Up to 30 characters. */
  label: string;
  bookings: DatevBooking[];
}

export interface DatevBooking {
  /** Positive cents. */
  amountCents: number;
  debitCredit: 'S' | 'H';
  account: number;
  contraAccount: number;
  /** `YYYY-MM-DD`. */
  documentDate: string;
  /** Belegfeld 1: the invoice number (up to 36 characters). */
  documentNumber: string;
  /** Buchungstext, up to 60 characters. */
  text: string;
  /** Column 40 on reverse-charge bookings: the buyer's VAT id, country prefix included. */
  buyerVatId?: string | null;
  /** Column 117 (Fälligkeit), `YYYY-MM-DD`. */
  dueDate?: string | null;
}

/** Which revenue a booking is: the VAT treatment and rate of one group of an invoice. */
export type RevenueKind = 'vat19' | 'vat7' | 'vat0' | 'reverseCharge' | 'smallBusiness';

/**
 * Revenue accounts (automatic accounts of the standard charts):
 * 19 % SKR03 8400 / SKR04 4400; 7 % 8300 / 4300; 0 % (no VAT) 8200 / 4200;
 * EU reverse charge, other services (§ 13b, Art. 196) 8336 / 4336; small business (§ 19) 8195 / 4185.
 */
const REVENUE_ACCOUNTS: Record<Chart, Record<RevenueKind, number>> = {
  SKR03: { vat19: 8400, vat7: 8300, vat0: 8200, reverseCharge: 8336, smallBusiness: 8195 },
  SKR04: { vat19: 4400, vat7: 4300, vat0: 4200, reverseCharge: 4336, smallBusiness: 4185 },
};

/** The bank account payments are received on: SKR03 1200, SKR04 1800. */
const BANK_ACCOUNTS: Record<Chart, number> = { SKR03: 1200, SKR04: 1800 };

/** The revenue account of a kind of revenue, widened to the firm's account length (8400 → 84000000 at 8). */
export function revenueAccount(chart: Chart, kind: RevenueKind, accountLength: number): number {
  return widen(REVENUE_ACCOUNTS[chart][kind], accountLength);
}

export function bankAccount(chart: Chart, accountLength: number): number {
  return widen(BANK_ACCOUNTS[chart], accountLength);
}

/** Debtor accounts are one digit longer than the ledger's accounts: 10000 upwards at length 4. */
export function firstDebtorAccount(accountLength: number): number {
  return 10 ** accountLength;
}

function widen(account: number, accountLength: number): number {
  return account * 10 ** (accountLength - 4);
}

export function revenueKindOf(treatment: 'standard' | 'smallBusiness' | 'reverseCharge', vatRate: number): RevenueKind {
  if (treatment === 'smallBusiness') return 'smallBusiness';
  if (treatment === 'reverseCharge') return 'reverseCharge';
  return vatRate === 19 ? 'vat19' : vatRate === 7 ? 'vat7' : 'vat0';
}

/** The 125 column titles of format version 13, in order. */
export const COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  // DATEV's own spelling: no blank before the dash of "Inhalt".
  ...Array.from({ length: 20 }, (_, i) => [`Zusatzinformation - Art ${i + 1}`, `Zusatzinformation- Inhalt ${i + 1}`]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

const COLUMN = (title: string) => COLUMNS.indexOf(title);

/** A quoted text field: inner quotes doubled, control characters (line breaks) become blanks. */
export function text(value: string, maxLength?: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  const cut = maxLength === undefined ? flat : flat.slice(0, maxLength);
  return `"${cut.replace(/"/g, '""')}"`;
}

/** Cents as DATEV's amount: decimal comma, two decimals, no thousands separator, no sign. */
export function amount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const digits = (iso: string) => iso.replace(/-/g, '');
/** `YYYY-MM-DD` → DDMM (Belegdatum). */
export const ddmm = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}`;
/** `YYYY-MM-DD` → DDMMYYYY (Fälligkeit, Leistungsdatum). */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

/** "Erzeugt am": YYYYMMDDHHMMSSmmm in UTC. */
function stamp(at: Date): string {
  return at.toISOString().replace(/[-:TZ.]/g, '');
}

/** Belegfeld 1 admits letters, digits and `$ & % * + - / .`; anything else becomes a dash. */
export function documentField(value: string): string {
  return value.replace(/[^A-Za-z0-9$&%*+\-/.]/g, '-').slice(0, 36);
}

/** The 31 fields of the header line. */
export function headerFields(batch: DatevBatch): string[] {
  const s = batch.settings;
  return [
    text('EXTF'), // 1 Kennzeichen: made by a program outside DATEV
    '700', // 2 Versionsnummer of the header
    '21', // 3 Formatkategorie: Buchungsstapel
    text('Buchungsstapel'), // 4 Formatname
    '13', // 5 Formatversion
    stamp(batch.createdAt), // 6 Erzeugt am
    '', // 7 Importiert (DATEV's)
    text('RE'), // 8 Herkunft
    text(''), // 9 Exportiert von
    text(''), // 10 Importiert von
    String(s.consultantNumber), // 11 Beraternummer
    String(s.clientNumber), // 12 Mandantennummer
    digits(s.fiscalYearStart), // 13 WJ-Beginn
    String(s.accountLength), // 14 Sachkontenlänge
    digits(batch.from), // 15 Datum vom
    digits(batch.to), // 16 Datum bis
    text(batch.label, 30), // 17 Bezeichnung
    text(''), // 18 Diktatkürzel
    '1', // 19 Buchungstyp: Finanzbuchführung
    '0', // 20 Rechnungslegungszweck: independent of it
    '0', // 21 Festschreibung: no, the advisor checks first
    text('EUR'), // 22 WKZ
    '', // 23 reserved
    text(''), // 24 Derivatskennzeichen
    '', // 25 reserved
    '', // 26 reserved
    text(s.chart === 'SKR03' ? '03' : '04'), // 27 Sachkontenrahmen
    '', // 28 ID der Branchenlösung
    '', // 29 reserved
    text(''), // 30 reserved
    text(''), // 31 Anwendungsinformation
  ];
}

/** The 125 fields of one booking. */
export function bookingFields(booking: DatevBooking): string[] {
  const fields = COLUMNS.map(() => '');
  const set = (title: string, value: string) => {
    fields[COLUMN(title)] = value;
  };
  set('Umsatz (ohne Soll/Haben-Kz)', amount(booking.amountCents));
  set('Soll/Haben-Kennzeichen', text(booking.debitCredit));
  set('WKZ Umsatz', text('EUR'));
  set('Konto', String(booking.account));
  set('Gegenkonto (ohne BU-Schlüssel)', String(booking.contraAccount));
  set('Belegdatum', ddmm(booking.documentDate));
  set('Belegfeld 1', text(documentField(booking.documentNumber)));
  set('Buchungstext', text(booking.text, 60));
  if (booking.buyerVatId) set('EU-Land u. UStID (Bestimmung)', text(booking.buyerVatId.replace(/\s+/g, '').toUpperCase(), 15));
  if (booking.dueDate) set('Fälligkeit', ddmmyyyy(booking.dueDate));
  return fields;
}

/** The whole file as text (before encoding): header, titles, bookings, each line ending CR LF. */
export function extfText(batch: DatevBatch): string {
  const lines = [headerFields(batch), COLUMNS.map((c) => c), ...batch.bookings.map(bookingFields)];
  return lines.map((fields) => `${fields.join(';')}\r\n`).join('');
}

/** The file's bytes: Windows-1252. */
export function extfFile(batch: DatevBatch): Buffer {
  return windows1252(extfText(batch));
}

/** The characters Windows-1252 puts at 0x80 to 0x9f (the rest of 0x00–0xff is Latin-1). */
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Text as Windows-1252 bytes; a character it cannot hold becomes `?`. */
export function windows1252(value: string): Buffer {
  const bytes: number[] = [];
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(CP1252_HIGH[char] ?? 0x3f);
  }
  return Buffer.from(bytes);
}

/** The file name DATEV's import expects: `EXTF_` prefix. */
export function extfFileName(from: string, to: string): string {
  return `EXTF_Buchungsstapel_${digits(from)}_${digits(to)}.csv`;
}

/** An issued invoice or cancellation as the export sees it. */
export interface ExportInvoice {
  number: string;
  /** `YYYY-MM-DD`. */
  date: string;
  dueDate: string | null;
  cancellation: boolean;
  customerName: string;
  debtorAccount: number;
  treatment: 'standard' | 'smallBusiness' | 'reverseCharge';
  buyerVatId: string | null;
  /** Per VAT rate; a cancellation's amounts are negative. */
  vatGroups: { vatRate: number; netCents: number; vatCents: number }[];
}

export interface ExportPayment {
  invoiceNumber: string;
  /** `YYYY-MM-DD`. */
  date: string;
  amountCents: number;
  customerName: string;
  debtorAccount: number;
}

/**
 * One booking per invoice and VAT rate (gross of the group against its revenue account), one per
 * cancellation group in the other direction, and optionally one per payment (bank against debtor).
 */
export function datevBookings(chart: Chart, accountLength: number, invoices: ExportInvoice[], payments: ExportPayment[] = []): DatevBooking[] {
  const bookings: DatevBooking[] = [];
  for (const invoice of invoices) {
    for (const group of invoice.vatGroups) {
      const gross = group.netCents + group.vatCents;
      if (gross === 0) continue;
      const kind = revenueKindOf(invoice.treatment, group.vatRate);
      bookings.push({
        amountCents: Math.abs(gross),
        debitCredit: gross > 0 ? 'S' : 'H',
        account: invoice.debtorAccount,
        contraAccount: revenueAccount(chart, kind, accountLength),
        documentDate: invoice.date,
        documentNumber: invoice.number,
        text: `${invoice.cancellation ? 'Storno ' : ''}${invoice.number} ${invoice.customerName}`,
        buyerVatId: kind === 'reverseCharge' ? invoice.buyerVatId : null,
        dueDate: invoice.cancellation ? null : invoice.dueDate,
      });
    }
  }
  for (const payment of payments) {
    if (payment.amountCents === 0) continue;
    bookings.push({
      amountCents: Math.abs(payment.amountCents),
      debitCredit: payment.amountCents > 0 ? 'S' : 'H',
      account: bankAccount(chart, accountLength),
      contraAccount: payment.debtorAccount,
      documentDate: payment.date,
      documentNumber: payment.invoiceNumber,
      text: `Zahlung ${payment.invoiceNumber} ${payment.customerName}`,
    });
  }
  return bookings;
}
