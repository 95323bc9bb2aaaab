/**
 * An issued invoice as `Invoice/Issue` answers it, for the invoice dialog's tests: a PDF-only
 * invoice unless `documents` says otherwise. Valid against the contract (contract-server.ts).
 */
import type { IssuedInvoice } from '../../generated/api/types.gen';

export const ISSUED_ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

export function issuedInvoice(customer: { id: string; displayName: string }, over: Partial<IssuedInvoice> = {}): IssuedInvoice {
  const party = (name: string) => ({ name, street: 'Hauptstr. 1', zip: '80331', city: 'München', country: 'DE', email: null, vatId: null });
  return {
    summary: {
      id: ISSUED_ID,
      source: 'fieldbook',
      number: 'RE-2026-0001',
      kind: 'invoice',
      cancelsId: null,
      customerId: customer.id,
      customerName: customer.displayName,
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-04',
      net: 142.25,
      gross: 169.28,
      status: 'open',
      format: 'pdf',
      externalUrl: null,
    },
    title: 'Rechnung Bäckerei Huber, 20.11.2026',
    language: 'de',
    serviceFrom: '2026-11-19T23:00:00Z',
    serviceTo: '2026-11-20T23:00:00Z',
    vatTreatment: 'standard',
    vat: 27.03,
    vatByRate: [{ vatCategory: 'S', vatRate: 19, net: 142.25, vat: 27.03 }],
    seller: party('Elektro Schneider'),
    buyer: party(customer.displayName),
    positions: [],
    documents: [{ document: 'pdf', fileName: 'Rechnung_RE-2026-0001.pdf', contentType: 'application/pdf', sha256: 'a'.repeat(64) }],
    cancellation: null,
    cancels: null,
    history: [{ action: 'issued', at: '2026-11-20T09:00:00Z', actorName: 'Anna Schneider', details: null }],
    ...over,
  };
}
