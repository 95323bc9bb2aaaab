/**
 * A customer as the values of its form, and the body of Create/Update from them. Apart from the
 * form (which loads zod and the contract's schemas when first opened), so the list can archive and
 * restore with them.
 */
import type { Customer, CustomerCreate } from '../../../generated/api/types.gen';

export interface CustomerFormValues {
  companyName: string;
  firstName: string;
  lastName: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  hourlyRate: number | '';
  externalId: string;
  leitwegId: string;
  vatId: string;
  /** A business, not a private person; for a new customer it follows the company name until set. */
  business: boolean;
}

export const emptyCustomerValues: CustomerFormValues = {
  companyName: '',
  firstName: '',
  lastName: '',
  street: '',
  zip: '',
  city: '',
  country: 'DE',
  phone: '',
  email: '',
  hourlyRate: '',
  externalId: '',
  leitwegId: '',
  vatId: '',
  business: false,
};

export function customerToValues(customer: Customer): CustomerFormValues {
  return {
    companyName: customer.companyName ?? '',
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    street: customer.street ?? '',
    zip: customer.zip ?? '',
    city: customer.city ?? '',
    country: customer.country,
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    hourlyRate: customer.hourlyRate ?? '',
    externalId: customer.externalId ?? '',
    leitwegId: customer.leitwegId ?? '',
    vatId: customer.vatId ?? '',
    business: customer.business,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The body of Create (and, with id, of Update): empty fields become null. */
export function valuesToBody(values: CustomerFormValues): CustomerCreate {
  return {
    companyName: text(values.companyName),
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    street: text(values.street),
    zip: text(values.zip),
    city: text(values.city),
    country: values.country,
    phone: text(values.phone),
    email: text(values.email),
    hourlyRate: values.hourlyRate === '' ? null : values.hourlyRate,
    externalId: text(values.externalId),
    leitwegId: text(values.leitwegId),
    vatId: text(values.vatId.replace(/\s+/g, '').toUpperCase()),
    business: values.business,
  };
}
