/** The Invoice module's public face: invoice previews, documents (PDF, CSV, XLSX, e-invoices), lexoffice. */
export { invoiceHandlers } from './invoice.handlers';
export { InvoiceService } from './invoice.service';
