/**
 * The columns of a customer CSV import: which field each feeds, how its cells are read and which
 * header names (German and English, as `normalizeHeader` writes them) suggest it. Lengths are the
 * contract's (CustomerImportRow).
 */
import type { ImportFieldSpec } from '../../lib/csv/mapping';

export type CustomerImportField =
  | 'externalId'
  | 'companyName'
  | 'firstName'
  | 'lastName'
  | 'street'
  | 'zip'
  | 'city'
  | 'country'
  | 'phone'
  | 'email'
  | 'hourlyRate';

export const customerImportFields: readonly ImportFieldSpec<CustomerImportField>[] = [
  {
    key: 'externalId',
    kind: 'text',
    maxLength: 100,
    synonyms: ['kundennummer', 'kundennr', 'kdnr', 'debitor', 'debitorennummer', 'customerno', 'customernumber', 'customerid', 'externalid', 'externeid', 'externekennung', 'nummer', 'nr', 'id'],
  },
  {
    key: 'companyName',
    kind: 'text',
    maxLength: 200,
    synonyms: ['firma', 'firmenname', 'unternehmen', 'company', 'companyname', 'organisation', 'organization', 'name1', 'name'],
  },
  { key: 'firstName', kind: 'text', maxLength: 100, synonyms: ['vorname', 'firstname', 'givenname', 'first'] },
  { key: 'lastName', kind: 'text', maxLength: 100, synonyms: ['nachname', 'familienname', 'lastname', 'surname', 'familyname', 'last', 'name2'] },
  { key: 'street', kind: 'text', maxLength: 200, synonyms: ['strasse', 'strassehausnummer', 'strasseundhausnummer', 'str', 'anschrift', 'adresse', 'street', 'address', 'streetaddress'] },
  { key: 'zip', kind: 'text', maxLength: 10, synonyms: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postalcode', 'postcode'] },
  { key: 'city', kind: 'text', maxLength: 100, synonyms: ['ort', 'stadt', 'wohnort', 'city', 'town'] },
  { key: 'country', kind: 'country', synonyms: ['land', 'laenderkennzeichen', 'laendercode', 'country', 'countrycode'] },
  { key: 'phone', kind: 'text', maxLength: 40, synonyms: ['telefon', 'telefonnummer', 'tel', 'mobil', 'handy', 'phone', 'phonenumber', 'mobile', 'telephone'] },
  { key: 'email', kind: 'text', maxLength: 254, synonyms: ['email', 'emailadresse', 'mail', 'emailaddress'] },
  { key: 'hourlyRate', kind: 'decimal', synonyms: ['stundensatz', 'stundenlohn', 'stundenverrechnungssatz', 'hourlyrate', 'rate'] },
];
