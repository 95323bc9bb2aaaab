/**
 * The actions of an issued invoice's page, each in its own dialog: record a payment (date, amount,
 * method, note; checked before the call: a date not in the future, an amount above zero and not
 * above what is open), send the invoice to the customer's address with the stored e-invoice
 * attached, and send a payment reminder or dunning letter with an optional fee. The server words
 * what it refuses; field errors land on their fields.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, NumberInput, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { paymentsRecordMutation, paymentsRemindMutation, paymentsSendMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { IssuedInvoice, InvoiceReceivable, MailAttachment, PaymentMethod } from '../../../generated/api/types.gen';
import { FormModal } from '../../components/form-modal';
import { invoicePaymentsChanged } from '../../lib/data-events';
import { applyServerFieldErrors } from '../../lib/form-validation';
import { formatMoney } from '../../lib/format';
import { zonedDay } from '../../lib/time-zone';
import { getFirmTimeZone } from '../../lib/firm-time-zone';
import { showSuccess } from '../../lib/notifications';
import { usePaymentMethodLabel, useReminderName } from './invoice-status';

const paymentMethods: PaymentMethod[] = ['transfer', 'cash', 'card', 'directDebit', 'other'];

/** Today on the firm's calendar (the server checks payment dates against it). */
function firmToday(): string {
  const zone = getFirmTimeZone();
  return zone ? zonedDay(new Date(), zone) : dayjs().format('YYYY-MM-DD');
}

interface PaymentValues {
  paidOn: string;
  amount: number | string;
  method: PaymentMethod;
  note: string;
}

function PaymentForm({ receivable, onClose }: { receivable: InvoiceReceivable; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const decimalSeparator = i18n.locale === 'de' ? ',' : '.';
  const queryClient = useQueryClient();
  const methodLabel = usePaymentMethodLabel();
  const today = firmToday();
  const open = receivable.open;
  const form = useForm<PaymentValues>({
    initialValues: { paidOn: today, amount: open, method: 'transfer', note: '' },
    validate: {
      paidOn: (value) => (!/^\d{4}-\d{2}-\d{2}$/.test(value) ? t`Required.` : value > today ? t`The payment date cannot lie in the future.` : null),
      amount: (value) => {
        const amount = typeof value === 'number' ? value : Number.NaN;
        if (!Number.isFinite(amount)) return t`Enter a number.`;
        if (amount <= 0) return t`The amount must be more than zero.`;
        if (Math.round(amount * 100) > Math.round(open * 100)) return t`At most the open amount of ${formatMoney(open)}.`;
        return null;
      },
      note: (value) => (value.length > 500 ? t`At most ${500} characters.` : null),
    },
  });
  const record = useMutation({
    ...paymentsRecordMutation(),
    onSuccess: async () => {
      await invoicePaymentsChanged(queryClient);
      showSuccess(t`The payment was recorded.`);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        record.mutate({
          body: {
            invoiceId: receivable.invoiceId,
            paidOn: values.paidOn,
            amount: Number(values.amount),
            method: values.method,
            note: values.note.trim() || null,
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          <Trans>
            Open: {formatMoney(open)} of {formatMoney(receivable.gross)}
          </Trans>
        </Text>
        <TextInput type="date" label={t`Paid on`} required max={today} data-autofocus {...form.getInputProps('paidOn')} />
        <NumberInput
          label={t`Amount (€)`}
          required
          min={0.01}
          max={open}
          // Out of range is said, not silently changed to the limit.
          clampBehavior="none"
          decimalScale={2}
          decimalSeparator={decimalSeparator}
          thousandSeparator={false}
          {...form.getInputProps('amount')}
        />
        <Select
          label={t`Method`}
          required
          allowDeselect={false}
          data={paymentMethods.map((method) => ({ value: method, label: methodLabel(method) }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('method')}
        />
        <Textarea label={t`Note`} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={record.isPending}>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PaymentDialog({ opened, onClose, receivable }: { opened: boolean; onClose: () => void; receivable: InvoiceReceivable }) {
  const { t } = useLingui();
  return (
    <FormModal opened={opened} onClose={onClose} title={t`Record payment`}>
      <PaymentForm receivable={receivable} onClose={onClose} />
    </FormModal>
  );
}

/**
 * The attachments the invoice has stored: the ZUGFeRD PDF of a ZUGFeRD invoice, the XRechnung XML
 * (and its readable PDF) of an XRechnung invoice, the PDF of a plain PDF invoice.
 */
function mailAttachments(invoice: IssuedInvoice): MailAttachment[] {
  const stored = (document: string) => invoice.documents.some((d) => d.document === document);
  if (invoice.summary.format === 'zugferd') return ['zugferd'];
  const chosen: MailAttachment[] = [];
  if (invoice.summary.format === 'xrechnung' && stored('xml')) chosen.push('xrechnung');
  if (stored('pdf')) chosen.push('pdf');
  return chosen;
}

type MailLanguage = 'de' | 'en';

function SendForm({ invoice, onClose }: { invoice: IssuedInvoice; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const choices = mailAttachments(invoice);
  const form = useForm<{ attachment: MailAttachment | ''; language: MailLanguage }>({
    initialValues: { attachment: choices[0] ?? '', language: invoice.language === 'en' ? 'en' : 'de' },
  });
  const send = useMutation({
    ...paymentsSendMutation(),
    onSuccess: async () => {
      await invoicePaymentsChanged(queryClient);
      showSuccess(t`The invoice was sent to ${invoice.buyer.email ?? ''}.`);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const to = invoice.buyer.email;
  const attachmentLabel = (choice: MailAttachment) =>
    choice === 'zugferd' ? t`ZUGFeRD PDF (PDF with the e-invoice inside)` : choice === 'xrechnung' ? t`XRechnung XML` : t`PDF of the invoice`;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (values.attachment) send.mutate({ body: { invoiceId: invoice.summary.id, attachment: values.attachment, language: values.language } });
      })}
    >
      <Stack gap="sm">
        <TextInput label={t`To`} value={to ?? ''} readOnly variant="filled" error={to ? undefined : t`The customer has no email address.`} />
        <Select
          label={t`Language of the mail`}
          description={t`The text is the company's template in this language.`}
          required
          allowDeselect={false}
          data={[
            { value: 'de', label: t`German` },
            { value: 'en', label: t`English` },
          ]}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('language')}
        />
        {choices.length > 0 ? (
          <Radio.Group label={t`Attachment`} required {...form.getInputProps('attachment')}>
            <Stack gap={6} mt={6}>
              {choices.map((choice) => (
                <Radio key={choice} value={choice} label={attachmentLabel(choice)} data-autofocus={choice === choices[0] || undefined} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            <Trans>This invoice has no stored document to attach.</Trans>
          </Alert>
        )}
        <Text fz="xs" c="dimmed">
          <Trans>A copy goes to your company's email address. The sending is recorded on the invoice.</Trans>
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!to || choices.length === 0}>
            <Trans>Send</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SendDialog({ opened, onClose, invoice }: { opened: boolean; onClose: () => void; invoice: IssuedInvoice }) {
  const { t } = useLingui();
  return (
    <FormModal opened={opened} onClose={onClose} title={t`Send by email`}>
      <SendForm invoice={invoice} onClose={onClose} />
    </FormModal>
  );
}

function RemindForm({ invoice, level, onClose }: { invoice: IssuedInvoice; level: 0 | 1 | 2; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const decimalSeparator = i18n.locale === 'de' ? ',' : '.';
  const queryClient = useQueryClient();
  const letter = useReminderName()(level);
  const form = useForm<{ fee: number | string; payBy: string }>({
    initialValues: { fee: '', payBy: dayjs(firmToday()).add(7, 'day').format('YYYY-MM-DD') },
    validate: {
      fee: (value) => (value === '' ? null : typeof value !== 'number' || value < 0 || value > 1000 ? t`From 0 to 1000.` : null),
      payBy: (value) => (value && value <= firmToday() ? t`The new date must lie after today.` : null),
    },
  });
  const remind = useMutation({
    ...paymentsRemindMutation(),
    onSuccess: async () => {
      await invoicePaymentsChanged(queryClient);
      showSuccess(t`${letter} sent to ${invoice.buyer.email ?? ''}.`);
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        remind.mutate({
          body: {
            invoiceId: invoice.summary.id,
            level,
            fee: values.fee === '' ? undefined : Number(values.fee),
            payBy: values.payBy || undefined,
          },
        }),
      )}
    >
      <Stack gap="sm">
        <TextInput label={t`To`} value={invoice.buyer.email ?? ''} readOnly variant="filled" error={invoice.buyer.email ? undefined : t`The customer has no email address.`} />
        <NumberInput
          label={t`Fee (€)`}
          description={t`Left empty, the fee set on the company tab applies.`}
          min={0}
          max={1000}
          clampBehavior="none"
          decimalScale={2}
          decimalSeparator={decimalSeparator}
          data-autofocus
          {...form.getInputProps('fee')}
        />
        <TextInput type="date" label={t`Pay by`} {...form.getInputProps('payBy')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={remind.isPending} disabled={!invoice.buyer.email}>
            {t`Send ${letter}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RemindDialog({ opened, onClose, invoice, level }: { opened: boolean; onClose: () => void; invoice: IssuedInvoice; level: 0 | 1 | 2 }) {
  const name = useReminderName()(level);
  return (
    <FormModal opened={opened} onClose={onClose} title={name}>
      <RemindForm invoice={invoice} level={level} onClose={onClose} />
    </FormModal>
  );
}
