/**
 * The public face of the invoice module: what other modules may use. Issued invoices and their
 * register (decision 0031): load one with its totals and snapshots, list the register, read the
 * stored documents, and the status computation (`statusSql`, with `paidCentsSql` as the hook for
 * payments). Other modules import only from here.
 */
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
export { assertNumberFormat, formatInvoiceNumber, type RegisterStatus } from './issued-invoices.rules';
export type { IssuedPosition, IssuedVatRate, SellerSnapshot, BuyerSnapshot } from '../../db/schema';
