/**
 * The firm as the values of the Company form, and the body of UpdateTenant from them. Apart from
 * the form (which loads zod, @mantine/form and the number inputs with its data), so the onboarding
 * dialog can save with them too.
 */
import type { Tenant, TenantHolidayRegion as HolidayRegion, TenantInvoiceIssuer, TenantUpdateRequest } from '../../../generated/api/types.gen';

export interface CompanyValues {
  name: string;
  companyName: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  website: string;
  vatId: string;
  taxNumber: string;
  /** Handelsregister or Handwerksrolle number: identifies a firm without VAT id on e-invoices. */
  legalRegistrationId: string;
  iban: string;
  bic: string;
  bankName: string;
  defaultHourlyRate: number | '';
  smallBusiness: boolean;
  invoiceLanguage: 'de' | 'en';
  timeZone: string;
  dailyTargetHours: number | '';
  /** ISO weekdays as strings, for the chip group. */
  workingDays: string[];
  holidayRegion: HolidayRegion;
  /** How many days back an Employee may add working time afterwards. */
  lateEntryDays: number | '';
  /** How issued invoices are numbered, e.g. `RE-{YYYY}-{NNNN}` (decision 0031). */
  invoiceNumberFormat: string;
  invoiceNumberYearly: boolean;
  /** Where the firm issues its invoices: here (numbers of its own) or in lexoffice. */
  invoiceIssuer: TenantInvoiceIssuer;
}

export function tenantToValues(tenant: Tenant): CompanyValues {
  return {
    name: tenant.name,
    companyName: tenant.companyName ?? '',
    street: tenant.street ?? '',
    zip: tenant.zip ?? '',
    city: tenant.city ?? '',
    country: tenant.country ?? 'DE',
    phone: tenant.phone ?? '',
    email: tenant.email ?? '',
    website: tenant.website ?? '',
    vatId: tenant.vatId ?? '',
    taxNumber: tenant.taxNumber ?? '',
    legalRegistrationId: tenant.legalRegistrationId ?? '',
    iban: tenant.iban ?? '',
    bic: tenant.bic ?? '',
    bankName: tenant.bankName ?? '',
    defaultHourlyRate: tenant.defaultHourlyRate,
    smallBusiness: tenant.smallBusiness,
    invoiceLanguage: tenant.invoiceLanguage,
    timeZone: tenant.timeZone,
    dailyTargetHours: tenant.dailyTargetMinutes / 60,
    workingDays: tenant.workingDays.map(String),
    holidayRegion: tenant.holidayRegion,
    lateEntryDays: tenant.lateEntryDays,
    invoiceNumberFormat: tenant.invoiceNumberFormat,
    invoiceNumberYearly: tenant.invoiceNumberYearly,
    invoiceIssuer: tenant.invoiceIssuer,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
/** IBAN, BIC and VAT id as the contract wants them: no spaces, upper case. */
const compact = (value: string) => text(value.replace(/\s+/g, '').toUpperCase());

export function valuesToBody(values: CompanyValues): TenantUpdateRequest {
  return {
    name: values.name.trim(),
    companyName: text(values.companyName),
    street: text(values.street),
    zip: text(values.zip),
    city: text(values.city),
    country: values.country || null,
    phone: text(values.phone),
    email: text(values.email),
    website: text(values.website),
    vatId: compact(values.vatId),
    taxNumber: text(values.taxNumber),
    legalRegistrationId: text(values.legalRegistrationId),
    iban: compact(values.iban),
    bic: compact(values.bic),
    bankName: text(values.bankName),
    defaultHourlyRate: values.defaultHourlyRate === '' ? 0 : Math.round(values.defaultHourlyRate * 100) / 100,
    smallBusiness: values.smallBusiness,
    invoiceLanguage: values.invoiceLanguage,
    timeZone: values.timeZone,
    dailyTargetMinutes: values.dailyTargetHours === '' ? 0 : Math.round(values.dailyTargetHours * 60),
    workingDays: values.workingDays.map(Number).sort(),
    holidayRegion: values.holidayRegion,
    lateEntryDays: values.lateEntryDays === '' ? 0 : Math.round(values.lateEntryDays),
    invoiceNumberFormat: values.invoiceNumberFormat.trim(),
    invoiceNumberYearly: values.invoiceNumberYearly,
    invoiceIssuer: values.invoiceIssuer,
  };
}
