/**
 * Customers from lexoffice: every contact with the customer role, read page by page, becomes an
 * import row matched by its contact id (`externalId`). A contact our rules refuse is reported as an
 * error row and the others are stored. A contact with a company is a business; its VAT id
 * (`vatRegistrationId`) comes along. lexoffice has no Leitweg-ID field: the row leaves it out, so
 * the one entered here stays.
 */
import type { components } from '../../../generated/server/openapi';
import type { LexofficeContact } from '../external-system';

type ImportRow = components['schemas']['CustomerImportRow'];

const first = (values: Record<string, string[] | undefined> | undefined) =>
  Object.values(values ?? {}).flatMap((list) => list ?? []).find((v) => v.trim()) ?? null;

export function contactToRow(contact: LexofficeContact, sourceLine: number): ImportRow {
  const address = contact.addresses?.billing?.[0] ?? contact.addresses?.shipping?.[0];
  const person = contact.company?.contactPersons?.[0];
  return {
    sourceLine,
    externalId: contact.id,
    companyName: contact.company?.name ?? null,
    firstName: contact.person?.firstName ?? person?.firstName ?? null,
    lastName: contact.person?.lastName ?? person?.lastName ?? null,
    street: address?.street ?? null,
    zip: address?.zip ?? null,
    city: address?.city ?? null,
    country: address?.countryCode ?? 'DE',
    phone: first(contact.phoneNumbers) ?? person?.phoneNumber ?? null,
    email: first(contact.emailAddresses) ?? person?.emailAddress ?? null,
    vatId: contact.company?.vatRegistrationId?.trim() || null,
    business: contact.company !== undefined,
  };
}
