/**
 * The public face of the invoice module: what other modules may use. Invoice previews, documents
 * (PDF, CSV, XLSX, e-invoices), lexoffice; issued invoices and their register (decision 0031): load
 * one with its totals and snapshots, list the register, read the stored documents, and the status
 * computation (`statusSql`, with `paidCentsSql` as the hook for payments). Other modules import only
 * from here.
 */
export { invoiceHandlers } from './invoice.handlers';
export { InvoiceService } from './invoice.service';
export { issuedInvoicesHandlers } from './issued-invoices.handlers';
export { IssuedInvoicesService } from './issued-invoices.service';
export {
  findIssuedInvoice,
  findCancellationOf,
  issuedDocument,
  listRegister,
  statusOf,
  type IssuedInvoiceRow,
  type RegisterQuery,
  type RegisterRow,
} from './issued-invoices.repository';
export { statusSql, paidCentsSql } from './issued-invoices.status';
export type { RegisterStatus } from '../../platform/invoice-number';
export type { IssuedPosition, IssuedVatRate, SellerSnapshot, BuyerSnapshot } from '../../db/schema';
