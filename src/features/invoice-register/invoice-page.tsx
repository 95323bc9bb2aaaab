/**
 * One issued invoice (/invoice/{id}, Owner, Admin and Manager): the header with number, customer,
 * dates, totals and status; its stored documents to download again (byte for byte as issued);
 * its positions with the entries they bill (in the customer's activity); payments with "record
 * payment" and removal after a confirmation; mails sent, with "send by email" and the next
 * reminder or dunning letter once it is overdue; the history from the audit trail; and
 * "cancel" (a credit note), after which the page links to the credit note and back. Actions show
 * only where the server would take them (a cancellation or a cancelled invoice takes no payment).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Button, Group, Menu, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconBellRinging,
  IconCash,
  IconDots,
  IconDownload,
  IconFileInvoice,
  IconFileOff,
  IconMail,
  IconReceiptRefund,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { invoiceCancelIssuedMutation, invoiceGetIssuedOptions, paymentsDeleteMutation, paymentsGetForInvoiceOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { invoiceDownloadIssued } from '../../../generated/api/sdk.gen';
import type { InvoiceReceivable, IssuedInvoice, IssuedInvoiceDocument, Payment } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ApiError } from '../../lib/api-error';
import { invoiceCancelled, invoicePaymentsChanged } from '../../lib/data-events';
import { download } from '../../lib/download';
import { TABULAR, formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { useLazyDialog } from '../../lib/use-lazy-dialog';
import { KindBadge, StatusBadge, formatDay, usePaymentMethodLabel, useReminderName } from './invoice-status';
import { Fact } from '../../components/fact';

// The dialogs (forms, their checks) load when first opened, or once the page is idle.
const loadDialogs = () => import('./invoice-dialogs');
const PaymentDialog = lazy(() => import('./invoice-dialogs').then((module) => ({ default: module.PaymentDialog })));
const SendDialog = lazy(() => import('./invoice-dialogs').then((module) => ({ default: module.SendDialog })));
const RemindDialog = lazy(() => import('./invoice-dialogs').then((module) => ({ default: module.RemindDialog })));

/** The service period ends before its end instant: its last day is the one before. */
const lastInstant = (end: string) => new Date(Date.parse(end) - 1).toISOString();

function Section({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} fz="h5">
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Paper>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm">
      {children}
    </Text>
  );
}

async function downloadDocument(invoiceId: string, document: IssuedInvoiceDocument) {
  const answer = await invoiceDownloadIssued({ path: { id: invoiceId, document: document.document }, parseAs: 'blob', throwOnError: true });
  download(answer.data as Blob, document.fileName, document.contentType);
}

function Documents({ invoice }: { invoice: IssuedInvoice }) {
  const { t } = useLingui();
  const fetchDocument = useMutation({ mutationFn: (document: IssuedInvoiceDocument) => downloadDocument(invoice.summary.id, document) });
  if (invoice.documents.length === 0) return <Quiet>{t`No documents are stored for this invoice.`}</Quiet>;
  return (
    <Stack gap="xs">
      {invoice.documents.map((document) => (
        <Group key={document.document} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={500} truncate>
              {document.fileName}
            </Text>
            <Text fz="xs" c="dimmed">
              {document.document === 'pdf'
                ? invoice.summary.format === 'zugferd'
                  ? t`ZUGFeRD PDF (with the e-invoice inside)`
                  : t`PDF`
                : t`XRechnung XML (e-invoice)`}
            </Text>
          </Stack>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={fetchDocument.isPending && fetchDocument.variables?.document === document.document}
            onClick={() => fetchDocument.mutate(document)}
            style={{ flexShrink: 0 }}
            aria-label={t`Download ${document.fileName}`}
          >
            <Trans>Download</Trans>
          </Button>
        </Group>
      ))}
      <Text fz="xs" c="dimmed">
        <Trans>Exactly as issued: the stored files, unchanged.</Trans>
      </Text>
    </Stack>
  );
}

function Positions({ invoice }: { invoice: IssuedInvoice }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const summary = invoice.summary;
  const totals = (
    <Stack gap={2} align="flex-end" mt="sm" style={TABULAR}>
      <Text fz="sm">{t`Net ${formatMoney(summary.net)}`}</Text>
      {invoice.vatByRate.map((v) => (
        <Text fz="sm" key={`${v.vatCategory}-${v.vatRate}`}>
          {t`VAT ${v.vatRate} %: ${formatMoney(v.vat)}`}
        </Text>
      ))}
      <Text fz="md" fw={700}>
        {t`Gross ${formatMoney(summary.gross)}`}
      </Text>
    </Stack>
  );
  const entryCount = invoice.positions.reduce((n, p) => n + p.informationIds.length + p.timeTrackIds.length, 0);
  const activityLink =
    entryCount > 0 && summary.kind === 'invoice' ? (
      <AnchorLink to="/activity/$id" params={{ id: summary.customerId }} search={{ state: summary.status === 'cancelled' ? 'open' : 'processed' }} fz="sm">
        {entryCount === 1 ? t`The billed entry in the customer's activity` : t`The ${entryCount} billed entries in the customer's activity`}
      </AnchorLink>
    ) : null;
  const body = phone ? (
    <Stack gap="xs">
      {invoice.positions.map((position) => (
        <Group key={position.key} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz="sm">{position.description}</Text>
            <Text fz="xs" c="dimmed" style={TABULAR}>
              {formatNumber(position.quantity)} {position.unit ?? ''} × {formatMoney(position.unitPrice)}
            </Text>
          </Stack>
          <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap', ...TABULAR }}>
            {formatMoney(position.net)}
          </Text>
        </Group>
      ))}
    </Stack>
  ) : (
    <ScrollArea type="auto">
      <Table verticalSpacing="xs" miw={560} aria-label={t`Positions`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Description`}</Table.Th>
            <Table.Th ta="right">{t`Quantity`}</Table.Th>
            <Table.Th ta="right">{t`Unit price`}</Table.Th>
            <Table.Th ta="right">{t`VAT`}</Table.Th>
            <Table.Th ta="right">{t`Net`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={TABULAR}>
          {invoice.positions.map((position) => (
            <Table.Tr key={position.key}>
              <Table.Td>{position.description}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNumber(position.quantity)} {position.unit ?? ''}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(position.unitPrice)}</Table.Td>
              <Table.Td ta="right">{position.vatRate} %</Table.Td>
              <Table.Td ta="right">{formatMoney(position.net)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
  return (
    <>
      {body}
      {totals}
      {activityLink ? <Group mt="xs">{activityLink}</Group> : null}
    </>
  );
}

function Payments({
  receivable,
  payable,
  canRecord,
  onRecord,
}: {
  receivable: InvoiceReceivable;
  /** An invoice that is not cancelled: its payments may be recorded and removed. */
  payable: boolean;
  canRecord: boolean;
  onRecord: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const methodLabel = usePaymentMethodLabel();
  const remove = useMutation({
    ...paymentsDeleteMutation(),
    onSuccess: async () => {
      await invoicePaymentsChanged(queryClient);
      showSuccess(t`The payment was removed.`);
    },
  });
  const confirmRemove = (payment: Payment) =>
    modals.openConfirmModal({
      title: t`Remove payment?`,
      children: (
        <Text fz="sm">
          {t`The payment of ${formatMoney(payment.amount)} on ${formatDay(payment.paidOn)} is removed from the invoice; the removal is kept in the audit trail.`}
        </Text>
      ),
      labels: { confirm: t`Remove`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ path: { id: payment.id } }),
    });
  return (
    <Stack gap="xs">
      <Group gap="lg" style={TABULAR}>
        <Text fz="sm">{t`Paid ${formatMoney(receivable.paid)}`}</Text>
        <Text fz="sm" fw={600}>
          {t`Open ${formatMoney(receivable.open)}`}
        </Text>
      </Group>
      {receivable.payments.length === 0 ? (
        <Quiet>{t`No payment recorded yet.`}</Quiet>
      ) : (
        <Stack gap={6} role="list" aria-label={t`Payments`}>
          {receivable.payments.map((payment) => (
            <Group key={payment.id} justify="space-between" wrap="nowrap" gap="sm" role="listitem">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={500} style={TABULAR}>
                  {formatDay(payment.paidOn)} · {formatMoney(payment.amount)} · {methodLabel(payment.method)}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {[payment.note, payment.createdByName ? t`recorded by ${payment.createdByName}` : null].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              {payable ? (
                <Tooltip label={t`Remove payment`}>
                  <ActionIcon variant="subtle" color="red" aria-label={t`Remove payment of ${formatDay(payment.paidOn)}`} onClick={() => confirmRemove(payment)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {payable ? null : <Quiet>{t`A cancelled invoice or a credit note takes no payments.`}</Quiet>}
      {canRecord ? (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconCash size={14} />} onClick={onRecord}>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function Mails({ receivable }: { receivable: InvoiceReceivable }) {
  const { t } = useLingui();
  const reminderName = useReminderName();
  if (receivable.mails.length === 0) return <Quiet>{t`Not sent by email yet.`}</Quiet>;
  const kindName = (kind: string) => (kind === 'invoice' ? t`Invoice` : reminderName(kind === 'reminder' ? 0 : kind === 'dunning1' ? 1 : 2));
  return (
    <Stack gap={6} role="list" aria-label={t`Mails sent`}>
      {receivable.mails.map((mail) => (
        <Stack key={mail.id} gap={0} role="listitem">
          <Text fz="sm" fw={500}>
            {kindName(mail.kind)} · {formatDateTime(mail.sentAtUtc)}
          </Text>
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {[
              t`to ${mail.to}`,
              mail.attachmentName,
              mail.fee > 0 ? t`fee ${formatMoney(mail.fee)}` : null,
              mail.payBy ? t`pay by ${formatDay(mail.payBy)}` : null,
              mail.sentByName,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

function History({ invoice }: { invoice: IssuedInvoice }) {
  const { t } = useLingui();
  const actionName = (action: string) =>
    ({
      issued: t`Issued`,
      cancelled: t`Cancelled`,
      downloaded: t`Downloaded`,
      paymentRecorded: t`Payment recorded`,
      paymentDeleted: t`Payment removed`,
      sent: t`Sent by email`,
      reminded: t`Reminder sent`,
    })[action] ?? action;
  if (invoice.history.length === 0) return <Quiet>{t`No history yet.`}</Quiet>;
  return (
    <Stack gap={6} role="list" aria-label={t`History`}>
      {invoice.history.map((event, i) => (
        <Stack key={i} gap={0} role="listitem">
          <Text fz="sm" fw={500}>
            {actionName(event.action)}
            {event.details ? ` · ${event.details}` : ''}
          </Text>
          <Text fz="xs" c="dimmed">
            {[formatDateTime(event.at), event.actorName].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

function useCancelInvoice(invoice: IssuedInvoice) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cancel = useMutation({
    ...invoiceCancelIssuedMutation(),
    onSuccess: async (answer) => {
      await invoiceCancelled(queryClient);
      const credit = answer.data?.summary;
      showSuccess(credit?.number ? t`Cancelled with credit note ${credit.number}.` : t`The invoice was cancelled.`);
      if (credit) void navigate({ to: '/invoice/$id', params: { id: credit.id } });
    },
  });
  const number = invoice.summary.number ?? '';
  return () =>
    modals.openConfirmModal({
      title: t`Cancel invoice ${number}?`,
      children: (
        <Text fz="sm">
          {t`A credit note with its own number cancels this invoice; the invoice itself stays unchanged. Its entries become open again and can be billed anew. This cannot be undone.`}
        </Text>
      ),
      labels: { confirm: t`Cancel invoice`, cancel: t`Keep invoice` },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate({ path: { id: invoice.summary.id } }),
    });
}

function InvoiceView({ invoice, receivable }: { invoice: IssuedInvoice; receivable: InvoiceReceivable | undefined }) {
  const { t } = useLingui();
  const summary = invoice.summary;
  const paymentDialog = useLazyDialog(loadDialogs);
  const sendDialog = useLazyDialog();
  const remindDialog = useLazyDialog();
  const confirmCancel = useCancelInvoice(invoice);
  const isInvoice = summary.kind === 'invoice';
  const cancelled = !!invoice.cancellation || summary.status === 'cancelled';
  const canRecord = !!receivable && isInvoice && !cancelled && receivable.open > 0;
  const reminderLevel = isInvoice && !cancelled ? (receivable?.nextReminderLevel ?? null) : null;
  const reminderName = useReminderName();
  const back = (
    <ButtonLink to="/invoicelist" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      <Trans>All invoices</Trans>
    </ButtonLink>
  );
  const actions = (
    <>
      {back}
      {canRecord ? (
        <Button leftSection={<IconCash size={16} />} onClick={paymentDialog.open}>
          <Trans>Record payment</Trans>
        </Button>
      ) : null}
      {!cancelled || !isInvoice ? (
        <Button variant="default" leftSection={<IconMail size={16} />} onClick={sendDialog.open}>
          <Trans>Send by email</Trans>
        </Button>
      ) : null}
      {reminderLevel !== null ? (
        <Button variant="default" color="orange" leftSection={<IconBellRinging size={16} />} onClick={remindDialog.open}>
          {reminderName(reminderLevel)}
        </Button>
      ) : null}
      {isInvoice && !cancelled ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t`More actions for ${summary.number ?? ''}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" leftSection={<IconReceiptRefund size={16} />} onClick={confirmCancel}>
              <Trans>Cancel invoice</Trans>
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </>
  );
  const buyerPlace = [invoice.buyer.zip, invoice.buyer.city].filter(Boolean).join(' ');
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span" wrap="wrap">
            <span>{isInvoice ? t`Invoice ${summary.number ?? ''}` : t`Credit note ${summary.number ?? ''}`}</span>
            <KindBadge kind={summary.kind} />
            <StatusBadge status={summary.status} />
          </Group>
        }
        description={invoice.title}
        actions={actions}
      />
      <Stack gap="md">
        {invoice.cancellation ? (
          <Alert color="gray" icon={<IconReceiptRefund size={18} />} title={t`Cancelled`}>
            <Trans>
              Cancelled on {formatDay(invoice.cancellation.invoiceDate)} by credit note{' '}
              <AnchorLink to="/invoice/$id" params={{ id: invoice.cancellation.id }} fw={600}>
                {invoice.cancellation.number}
              </AnchorLink>
              .
            </Trans>
          </Alert>
        ) : null}
        {invoice.cancels ? (
          <Alert color="grape" icon={<IconArrowBackUp size={18} />} title={t`Credit note`}>
            <Trans>
              Cancels invoice{' '}
              <AnchorLink to="/invoice/$id" params={{ id: invoice.cancels.id }} fw={600}>
                {invoice.cancels.number}
              </AnchorLink>{' '}
              of {formatDay(invoice.cancels.invoiceDate)}.
            </Trans>
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
            <Fact tabular label={<Trans>Customer</Trans>}>
              <AnchorLink to="/customer/$id" params={{ id: summary.customerId }} fw={500}>
                {summary.customerName}
              </AnchorLink>
              {buyerPlace ? (
                <Text fz="xs" c="dimmed">
                  {buyerPlace}
                </Text>
              ) : null}
            </Fact>
            <Fact tabular label={<Trans>Invoice date</Trans>}>{formatDay(summary.invoiceDate)}</Fact>
            <Fact tabular label={<Trans>Due</Trans>}>{formatDay(summary.dueDate)}</Fact>
            <Fact tabular label={<Trans>Service period</Trans>}>
              {formatDate(invoice.serviceFrom)} – {formatDate(lastInstant(invoice.serviceTo))}
            </Fact>
            <Fact tabular label={<Trans>Net</Trans>}>{formatMoney(summary.net)}</Fact>
            <Fact tabular label={<Trans>VAT</Trans>}>{formatMoney(invoice.vat)}</Fact>
            <Fact tabular label={<Trans>Gross</Trans>}>
              <Text fw={700} component="span">
                {formatMoney(summary.gross)}
              </Text>
            </Fact>
            <Fact tabular label={<Trans>Open</Trans>}>{receivable ? formatMoney(receivable.open) : '–'}</Fact>
          </SimpleGrid>
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title={<Trans>Documents</Trans>}>
            <Documents invoice={invoice} />
          </Section>
          <Section title={<Trans>Payments</Trans>}>
            {receivable ? <Payments receivable={receivable} payable={isInvoice && !cancelled} canRecord={canRecord} onRecord={paymentDialog.open} /> : <Skeleton h={48} />}
          </Section>
        </SimpleGrid>
        <Section title={<Trans>Positions</Trans>}>
          <Positions invoice={invoice} />
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section title={<Trans>Mails sent</Trans>}>{receivable ? <Mails receivable={receivable} /> : <Skeleton h={48} />}</Section>
          <Section title={<Trans>History</Trans>}>
            <History invoice={invoice} />
          </Section>
        </SimpleGrid>
      </Stack>
      <Suspense fallback={null}>
        {receivable && paymentDialog.mounted ? <PaymentDialog opened={paymentDialog.opened} onClose={paymentDialog.close} receivable={receivable} /> : null}
        {sendDialog.mounted ? <SendDialog opened={sendDialog.opened} onClose={sendDialog.close} invoice={invoice} /> : null}
        {reminderLevel !== null && remindDialog.mounted ? (
          <RemindDialog opened={remindDialog.opened} onClose={remindDialog.close} invoice={invoice} level={reminderLevel as 0 | 1 | 2} />
        ) : null}
      </Suspense>
    </>
  );
}

export function InvoicePageScreen({ id }: { id: string }) {
  const { t } = useLingui();
  const invoice = useQuery({ ...invoiceGetIssuedOptions({ path: { id } }), meta: { silent: true }, retry: false });
  const receivable = useQuery({ ...paymentsGetForInvoiceOptions({ path: { invoiceId: id } }), enabled: invoice.isSuccess });
  if (invoice.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading invoice`}>
        <Skeleton height={36} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && (invoice.error.status === 404 || invoice.error.status === 400);
    return (
      <>
        <PageHeader
          title={<Trans>Invoice</Trans>}
          actions={
            <ButtonLink to="/invoicelist" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
              <Trans>All invoices</Trans>
            </ButtonLink>
          }
        />
        <EmptyState
          icon={missing ? IconFileOff : IconFileInvoice}
          title={missing ? <Trans>Invoice not found</Trans> : <Trans>The invoice could not be loaded</Trans>}
          action={
            missing ? undefined : (
              <Button variant="default" onClick={() => void invoice.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        >
          {missing ? (
            <Trans>This invoice does not exist or belongs to another company.</Trans>
          ) : (
            <Trans>Please check your connection and try again.</Trans>
          )}
        </EmptyState>
      </>
    );
  }
  return <InvoiceView invoice={invoice.data.data} receivable={receivable.data?.data} />;
}
