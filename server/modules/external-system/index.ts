/**
 * The external-system module's public face: the firm's accounting connection (lexoffice).
 * Customers and invoices talk to lexoffice through `ExternalSystemService`; the firm's profile
 * shows the connection (`findConnection`, `connectionDto`).
 */
export { externalSystemHandlers } from './external-system.handlers';
export { ExternalSystemService, connectionDto, connectionFailed } from './external-system.service';
export { findConnection } from './external-system.repository';
export { LexofficeError, type LexofficeContact, type LexofficeInvoice } from './lexoffice-client';
