/**
 * Payment terms, the invoice mail's texts, reminder fees and the DATEV settings on the Company tab
 * (`Payments/GetSettings`, `UpdateSettings`; Owner and Admin). Empty mail texts are the built-in
 * ones, shown as placeholders. The DATEV export of a period starts here too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Fieldset, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsGetSettingsOptions, paymentsGetSettingsQueryKey, paymentsUpdateSettingsMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { PaymentSettings, PaymentSettingsUpdate } from '../../../generated/api/types.gen';
import { applyServerFieldErrors } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { envelopeOf } from '../../lib/query-keys';
import { DatevExportButton } from './datev-export';

const sectionStyles = { legend: { fontWeight: 650, fontSize: 'var(--mantine-font-size-md)', marginBottom: 'var(--mantine-spacing-xs)' } };

interface Values {
  days: number;
  discountPercent: number | '';
  discountDays: number | '';
  subjectDe: string;
  bodyDe: string;
  subjectEn: string;
  bodyEn: string;
  reminder: number;
  dunning1: number;
  dunning2: number;
  consultantNumber: number | '';
  clientNumber: number | '';
  fiscalYearStartMonth: string;
  accountLength: string;
  chart: 'SKR03' | 'SKR04';
}

const toValues = (s: PaymentSettings): Values => ({
  days: s.terms.days,
  discountPercent: s.terms.discountPercent ?? '',
  discountDays: s.terms.discountDays ?? '',
  subjectDe: s.mailTexts.subjectDe ?? '',
  bodyDe: s.mailTexts.bodyDe ?? '',
  subjectEn: s.mailTexts.subjectEn ?? '',
  bodyEn: s.mailTexts.bodyEn ?? '',
  reminder: s.reminderFees.reminder,
  dunning1: s.reminderFees.dunning1,
  dunning2: s.reminderFees.dunning2,
  consultantNumber: s.datev.consultantNumber ?? '',
  clientNumber: s.datev.clientNumber ?? '',
  fiscalYearStartMonth: String(s.datev.fiscalYearStartMonth),
  accountLength: String(s.datev.accountLength),
  chart: s.datev.chart,
});

const orNull = <T,>(value: T | '') => (value === '' ? null : value);
const textOrNull = (value: string) => (value.trim() ? value : null);

const toBody = (v: Values): PaymentSettingsUpdate => ({
  terms: { days: v.days, discountPercent: orNull(v.discountPercent), discountDays: orNull(v.discountDays) },
  mailTexts: { subjectDe: textOrNull(v.subjectDe), bodyDe: textOrNull(v.bodyDe), subjectEn: textOrNull(v.subjectEn), bodyEn: textOrNull(v.bodyEn) },
  reminderFees: { reminder: v.reminder, dunning1: v.dunning1, dunning2: v.dunning2 },
  datev: {
    consultantNumber: orNull(v.consultantNumber),
    clientNumber: orNull(v.clientNumber),
    fiscalYearStartMonth: Number(v.fiscalYearStartMonth),
    accountLength: Number(v.accountLength),
    chart: v.chart,
  },
});

/**
 * The template's placeholders, passed as one value: written inside the message, Lingui read each
 * `{name}` as a variable of its own and showed nothing for it.
 */
const MAIL_PLACEHOLDERS = '{number}, {customer}, {amount}, {dueDate}, {firm}';

export function PaymentSettingsCard() {
  const { t } = useLingui();
  const query = useQuery(paymentsGetSettingsOptions());
  const settings = query.data?.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg">
            <Trans>Payments, mails and DATEV</Trans>
          </Title>
          <DatevExportButton />
        </Group>
        {query.isPending ? (
          <Group justify="center" py="md">
            <Loader role="status" aria-label={t`Loading`} />
          </Group>
        ) : settings ? (
          <SettingsForm settings={settings} />
        ) : (
          <Text c="dimmed">
            <Trans>The payment settings could not be loaded. Please try again in a moment.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function SettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ initialValues: toValues(settings) });
  const decimal = { decimalSeparator: i18n.locale === 'en' ? '.' : ',' };
  const save = useMutation({
    ...paymentsUpdateSettingsMutation(),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentsGetSettingsQueryKey(), envelopeOf(answer.data));
      form.setValues(toValues(answer.data));
      form.resetDirty(toValues(answer.data));
      showSuccess(t`Payment settings saved.`);
    },
    onError: (error) => {
      if (!applyServerFieldErrors(form, error)) notifyError(error);
    },
  });
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : 'de-DE', { month: 'long' }).format(new Date(2024, i, 1)),
  }));
  const defaults = settings.defaultMailTexts;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate({ body: toBody(values) }))}>
      <Stack gap="lg">
        <Fieldset legend={t`Payment terms`} variant="unstyled" styles={sectionStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput label={t`Payable within (days)`} min={0} max={365} allowDecimal={false} {...form.getInputProps('days')} />
            <NumberInput label={t`Cash discount (%)`} description={t`Leave empty for none`} min={0} max={99.99} decimalScale={2} {...decimal} {...form.getInputProps('discountPercent')} />
            <NumberInput label={t`Cash discount within (days)`} min={0} max={365} allowDecimal={false} {...form.getInputProps('discountDays')} />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={6}>
            <Trans>Printed on every invoice and written into the e-invoice.</Trans>
          </Text>
        </Fieldset>
        <Fieldset legend={t`Invoice mail`} variant="unstyled" styles={sectionStyles}>
          <Text fz="xs" c="dimmed" mb="xs">
            <Trans>Placeholders: {MAIL_PLACEHOLDERS}. Empty fields use the built-in text.</Trans>
          </Text>
          <Tabs defaultValue="de" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="de">{t`German`}</Tabs.Tab>
              <Tabs.Tab value="en">{t`English`}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="de" pt="sm">
              <Stack gap="sm">
                <TextInput label={t`Subject`} placeholder={defaults.subjectDe} maxLength={200} {...form.getInputProps('subjectDe')} />
                <Textarea label={t`Text`} placeholder={defaults.bodyDe} autosize minRows={4} maxLength={5000} {...form.getInputProps('bodyDe')} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="en" pt="sm">
              <Stack gap="sm">
                <TextInput label={t`Subject`} placeholder={defaults.subjectEn} maxLength={200} {...form.getInputProps('subjectEn')} />
                <Textarea label={t`Text`} placeholder={defaults.bodyEn} autosize minRows={4} maxLength={5000} {...form.getInputProps('bodyEn')} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Fieldset>
        <Fieldset legend={t`Reminder fees`} variant="unstyled" styles={sectionStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput label={t`Payment reminder`} suffix=" €" min={0} max={1000} decimalScale={2} {...decimal} {...form.getInputProps('reminder')} />
            <NumberInput label={t`1st dunning letter`} suffix=" €" min={0} max={1000} decimalScale={2} {...decimal} {...form.getInputProps('dunning1')} />
            <NumberInput label={t`2nd dunning letter`} suffix=" €" min={0} max={1000} decimalScale={2} {...decimal} {...form.getInputProps('dunning2')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t`DATEV (from your tax advisor)`} variant="unstyled" styles={sectionStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput label={t`Consultant number`} min={1001} max={9999999} allowDecimal={false} thousandSeparator="" {...form.getInputProps('consultantNumber')} />
            <NumberInput label={t`Client number`} min={1} max={99999} allowDecimal={false} thousandSeparator="" {...form.getInputProps('clientNumber')} />
            <Select label={t`Chart of accounts`} allowDeselect={false} data={['SKR03', 'SKR04']} {...form.getInputProps('chart')} />
            <Select label={t`Fiscal year starts in`} allowDeselect={false} data={months} {...form.getInputProps('fiscalYearStartMonth')} />
            <Select label={t`Account length`} allowDeselect={false} data={['4', '5', '6', '7', '8']} {...form.getInputProps('accountLength')} />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={save.isPending} disabled={!form.isDirty()}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
