/**
 * The payments module's face: payment terms, payments of issued invoices, sending them by mail,
 * reminders and the DATEV export (decision 0032). Other modules use only what is exported here.
 */
export { PaymentsService } from './payments.service';
export { paymentsHandlers } from './payments.handlers';
