/**
 * The form of the Company tab (/profile): the firm's name, address, contact, tax and bank details
 * and its invoicing and working-time defaults. It loads beside the firm's data (company-tab.tsx),
 * so the page's first paint does not wait for zod and the number inputs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Chip, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { managementGetTenantQueryKey, managementUpdateTenantMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { Tenant, TenantHolidayRegion as HolidayRegion } from '../../../generated/api/types.gen';
import { countryOptions } from '../../lib/countries';
import { applyServerFieldErrors, zodFormValidator } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { envelopeOf } from '../../lib/query-keys';
import { tenantToValues, valuesToBody, type CompanyValues } from './company-values';
import { LogoCard } from './logo-card';

/** What the browser can check before sending: required name, formats and ranges. */
const companySchema = z.object({
  name: z.string().trim().min(1).max(100),
  companyName: z.string().max(200),
  street: z.string().max(200),
  zip: z.string().max(20),
  city: z.string().max(100),
  email: z.union([z.literal(''), z.email().max(254)]),
  website: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(200)]),
  iban: z.union([z.literal(''), z.string().transform((v) => v.replace(/\s+/g, '')).pipe(z.string().regex(/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/))]),
  bic: z.union([z.literal(''), z.string().transform((v) => v.replace(/\s+/g, '')).pipe(z.string().regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/))]),
  defaultHourlyRate: z.number().min(0).max(10000),
  dailyTargetHours: z.number().min(0).max(24),
  lateEntryDays: z.number().int().min(0).max(365),
  workingDays: z.array(z.string()).min(1),
  // As the contract says: exactly one running number {N}…{NNNNNNNNN}, optionally {YYYY} or {YY},
  // otherwise letters, digits and - _ / . # (the server also checks that a yearly sequence names the year).
  invoiceNumberFormat: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^(?:[A-Za-z0-9\-_/.#]|\{N{1,9}\}|\{YYYY\}|\{YY\})*\{N{1,9}\}(?:[A-Za-z0-9\-_/.#]|\{YYYY\}|\{YY\})*$/),
});

// Placeholders of the invoice number, passed into the texts as values (braces in a message are Lingui's own).
const NUMBER_PLACEHOLDER = '{NNNN}';
const YEAR_PLACEHOLDER = '{YYYY}';
const NUMBER_EXAMPLE = 'RE-{YYYY}-{NNNN}';

/** Section titles of the form read as headings. */
const sectionStyles = { legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' } };

function timeZoneOptions(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich'];
  }
}

export function CompanyForm({ tenant, editable }: { tenant: Tenant; editable: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<CompanyValues>({ initialValues: tenantToValues(tenant), validate: zodFormValidator(companySchema) as never });
  const zones = useMemo(() => timeZoneOptions(), []);
  // Monday first; the names in the UI's language (1 January 2024 was a Monday).
  const weekdays = useMemo(() => {
    const name = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'de-DE', { weekday: 'short' });
    return [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: name.format(new Date(2024, 0, d)) }));
  }, [i18n.locale]);
  const holidayRegionOptions: { value: HolidayRegion; label: string }[] = [
    { value: 'DE', label: t`Nationwide holidays only` },
    { value: 'DE-BW', label: t`Baden-Württemberg` },
    { value: 'DE-BY', label: t`Bavaria` },
    { value: 'DE-BE', label: t`Berlin` },
    { value: 'DE-BB', label: t`Brandenburg` },
    { value: 'DE-HB', label: t`Bremen` },
    { value: 'DE-HH', label: t`Hamburg` },
    { value: 'DE-HE', label: t`Hesse` },
    { value: 'DE-MV', label: t`Mecklenburg-Western Pomerania` },
    { value: 'DE-NI', label: t`Lower Saxony` },
    { value: 'DE-NW', label: t`North Rhine-Westphalia` },
    { value: 'DE-RP', label: t`Rhineland-Palatinate` },
    { value: 'DE-SL', label: t`Saarland` },
    { value: 'DE-SN', label: t`Saxony` },
    { value: 'DE-ST', label: t`Saxony-Anhalt` },
    { value: 'DE-SH', label: t`Schleswig-Holstein` },
    { value: 'DE-TH', label: t`Thuringia` },
  ];
  const save = useMutation({
    ...managementUpdateTenantMutation(),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(managementGetTenantQueryKey(), envelopeOf(answer.data));
      form.setValues(tenantToValues(answer.data));
      form.resetDirty(tenantToValues(answer.data));
      showSuccess(t`Company details saved.`);
    },
    // Field errors go onto the fields; only a failure no field explains gets the toast.
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    },
  });
  const submit = form.onSubmit((values) => save.mutate({ body: valuesToBody(values) }));
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <LogoCard tenant={tenant} editable={editable} />
        <Fieldset legend={t`Company and address`} disabled={!editable} variant="unstyled" styles={sectionStyles}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t`Short name`} description={t`Shown in the app`} required maxLength={100} {...form.getInputProps('name')} />
              <TextInput label={t`Company name`} description={t`As on invoices, with legal form`} autoComplete="organization" maxLength={200} {...form.getInputProps('companyName')} />
            </SimpleGrid>
            <TextInput label={t`Street and number`} autoComplete="street-address" maxLength={200} {...form.getInputProps('street')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label={t`ZIP code`} autoComplete="postal-code" maxLength={20} {...form.getInputProps('zip')} />
              <TextInput label={t`City`} autoComplete="address-level2" maxLength={100} {...form.getInputProps('city')} />
              <Select label={t`Country`} searchable allowDeselect={false} data={countryOptions(i18n.locale)} {...form.getInputProps('country')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Contact`} disabled={!editable} variant="unstyled" styles={sectionStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t`Phone`} type="tel" autoComplete="tel" maxLength={50} {...form.getInputProps('phone')} />
            <TextInput label={t`Email`} type="email" autoComplete="email" maxLength={254} {...form.getInputProps('email')} />
            <TextInput label={t`Website`} type="url" placeholder="https://" maxLength={200} {...form.getInputProps('website')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t`Tax and bank`} disabled={!editable} variant="unstyled" styles={sectionStyles}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t`VAT ID`} placeholder="DE123456789" maxLength={24} {...form.getInputProps('vatId')} />
              <TextInput label={t`Tax number`} placeholder="143/456/78901" maxLength={30} {...form.getInputProps('taxNumber')} />
            </SimpleGrid>
            <TextInput
              label={t`Registration number`}
              description={t`Commercial register (e.g. HRB 123456, Amtsgericht München) or register of crafts. E-invoices of a firm without VAT ID need it.`}
              placeholder="HRB 123456, Amtsgericht München"
              maxLength={100}
              {...form.getInputProps('legalRegistrationId')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label={t`IBAN`} placeholder="DE89 3704 0044 0532 0130 00" maxLength={42} {...form.getInputProps('iban')} />
              <TextInput label={t`BIC`} placeholder="COBADEFFXXX" maxLength={14} {...form.getInputProps('bic')} />
              <TextInput label={t`Bank`} maxLength={100} {...form.getInputProps('bankName')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t`Invoicing and working time`} disabled={!editable} variant="unstyled" styles={sectionStyles}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label={t`Default hourly rate (net)`}
                description={t`For customers without their own rate`}
                suffix=" €"
                min={0}
                max={10000}
                decimalScale={2}
                decimalSeparator={i18n.locale === 'en' ? '.' : ','}
                thousandSeparator={i18n.locale === 'en' ? ',' : '.'}
                {...form.getInputProps('defaultHourlyRate')}
              />
              <Select
                label={t`Invoice language`}
                allowDeselect={false}
                data={[
                  { value: 'de', label: t`German` },
                  { value: 'en', label: t`English` },
                ]}
                {...form.getInputProps('invoiceLanguage')}
              />
              <Select label={t`Time zone`} description={t`Days, weeks and months are counted in it`} searchable allowDeselect={false} data={zones} limit={50} {...form.getInputProps('timeZone')} />
              <NumberInput
                label={t`Daily target (hours)`}
                description={t`Working time per day for each member`}
                min={0}
                max={24}
                step={0.25}
                decimalScale={2}
                decimalSeparator={i18n.locale === 'en' ? '.' : ','}
                {...form.getInputProps('dailyTargetHours')}
              />
              <Select
                label={t`Public holidays`}
                description={t`Holidays of this state are days off: no target is due`}
                allowDeselect={false}
                data={holidayRegionOptions}
                {...form.getInputProps('holidayRegion')}
              />
              <NumberInput
                label={t`Add working time afterwards (days back)`}
                description={t`How far back employees may add a forgotten day or break; managers can always`}
                min={0}
                max={365}
                step={1}
                allowDecimal={false}
                {...form.getInputProps('lateEntryDays')}
              />
            </SimpleGrid>
            <Chip.Group multiple value={form.values.workingDays} onChange={(value) => form.setFieldValue('workingDays', value)}>
              <Stack gap={6}>
                <Text fz="sm" fw={500} id="working-days-label">
                  <Trans>Working days</Trans>
                </Text>
                <Group gap={6} role="group" aria-labelledby="working-days-label">
                  {weekdays.map((day) => (
                    <Chip key={day.value} value={day.value} size="sm">
                      {day.label}
                    </Chip>
                  ))}
                </Group>
                <Text fz="xs" c={form.errors.workingDays ? 'red' : 'dimmed'}>
                  {form.errors.workingDays ? t`Choose at least one working day.` : t`The daily target is due on these days.`}
                </Text>
              </Stack>
            </Chip.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t`Invoices are issued`}
                description={t`In lexoffice, the register lists the vouchers sent there and no number is assigned here.`}
                allowDeselect={false}
                data={[
                  { value: 'fieldbook', label: t`Here, with our own numbers` },
                  { value: 'lexoffice', label: t`In lexoffice` },
                ]}
                {...form.getInputProps('invoiceIssuer')}
              />
              <TextInput
                label={t`Invoice numbers`}
                description={t`${NUMBER_PLACEHOLDER} is the running number with four digits, ${YEAR_PLACEHOLDER} the year; e.g. ${NUMBER_EXAMPLE}`}
                placeholder={NUMBER_EXAMPLE}
                maxLength={40}
                disabled={form.values.invoiceIssuer === 'lexoffice'}
                {...form.getInputProps('invoiceNumberFormat')}
              />
            </SimpleGrid>
            <Checkbox
              label={t`Start the numbers at 1 each year`}
              disabled={form.values.invoiceIssuer === 'lexoffice'}
              {...form.getInputProps('invoiceNumberYearly', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`Small business (§ 19 UStG)`}
              description={t`Invoices show no VAT and the legal note instead.`}
              {...form.getInputProps('smallBusiness', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        {editable ? (
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} disabled={!form.isDirty()}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
