/**
 * The Customers module's public face: customer records, their import and the lexoffice sync.
 * Other modules look a customer up (`findCustomer`, inside their tenant transaction) and check
 * that a new entry may still be booked on one (`customerForNewEntry`: not archived).
 */
export { customersHandlers, customersRouteOptions } from './customers.handlers';
export { CustomersService, customerForNewEntry } from './customers.service';
export { findCustomer, type CustomerRow } from './customers.repository';
