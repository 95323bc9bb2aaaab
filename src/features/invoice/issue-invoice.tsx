/**
 * "Issue invoice" in the invoice dialog (decision 0031): the document it is issued as (PDF,
 * ZUGFeRD, XRechnung), a confirmation that the number is final, then `Invoice/Issue`. The server
 * assigns the next number of the firm's sequence and stores the documents; the answer shows the
 * number, downloads of exactly the stored documents and the link to the invoice's page. A refusal
 * (e.g. what an e-invoice lacks) stays in the dialog in the server's words and binds no entry.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceDownloadIssued, invoiceIssue } from '../../../generated/api/sdk.gen';
import type { InvoiceIssueRequest, IssuedInvoice, IssuedInvoiceFormat } from '../../../generated/api/types.gen';
import { InvoiceLink } from '../../components/invoice-link';
import { toApiError } from '../../lib/api-error';
import { invoiceIssued } from '../../lib/data-events';
import { download } from '../../lib/download';
import { describeApiError } from '../../lib/error-messages';
import { formatMoney } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';

type IssueBody = Omit<InvoiceIssueRequest, 'format'>;

/** The issued invoice: its number, its stored documents and its page. */
export function IssuedInvoiceResult({ invoice }: { invoice: IssuedInvoice }) {
  const { t, i18n } = useLingui();
  const [loading, setLoading] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { id, number, gross } = invoice.summary;
  const fetchDocument = async (document: 'pdf' | 'xml', fileName: string) => {
    setLoading(document);
    setFailed(null);
    try {
      const answer = await invoiceDownloadIssued({ path: { id, document }, parseAs: 'blob', throwOnError: true });
      download(answer.data as Blob, fileName);
    } catch (error) {
      setFailed(describeApiError(i18n, toApiError(error)).join(' '));
    } finally {
      setLoading(null);
    }
  };
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} title={t`Invoice ${number} issued`} data-testid="invoice-issued">
      <Stack gap="sm">
        <Text fz="sm">
          <Trans>
            The invoice over {formatMoney(gross)} is stored as issued and can no longer be changed; its entries show as invoiced. A correction needs a
            cancellation on the invoice's page.
          </Trans>
        </Text>
        <Group gap="sm">
          {invoice.documents.map((d) => (
            <Button
              key={d.document}
              variant={d.document === 'pdf' ? 'filled' : 'default'}
              leftSection={<IconDownload size={16} />}
              loading={loading === d.document}
              disabled={loading !== null}
              onClick={() => void fetchDocument(d.document, d.fileName)}
            >
              {d.document === 'pdf' ? t`Download PDF` : t`Download e-invoice (XML)`}
            </Button>
          ))}
          <InvoiceLink id={id} fz="sm" fw={500}>
            <Trans>Open invoice {number}</Trans>
          </InvoiceLink>
        </Group>
        {failed ? (
          <Text c="red" fz="sm">
            {failed}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function IssueInvoice({
  body,
  disabled,
  onIssued,
}: {
  /** What is to be billed, with the texts as typed right now. */
  body: () => IssueBody;
  disabled: boolean;
  onIssued: (invoice: IssuedInvoice) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<IssuedInvoiceFormat>('pdf');
  const phone = useMediaQuery('(max-width: 36em)');
  const issue = useMutation({
    mutationFn: async (request: InvoiceIssueRequest) => (await invoiceIssue({ body: request, throwOnError: true })).data.data,
    // Why issuing failed stays in the dialog (it may list what the profile lacks), not in a toast.
    meta: { silent: true },
    onSuccess: async (invoice) => {
      onIssued(invoice);
      showSuccess(t`Invoice ${invoice.summary.number} issued.`);
      await invoiceIssued(queryClient);
    },
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: t`Issue invoice?`,
      children: (
        <Text fz="sm">
          <Trans>The invoice gets the next number and can no longer be changed afterwards.</Trans>
        </Text>
      ),
      labels: { confirm: t`Issue invoice`, cancel: t`Cancel` },
      onConfirm: () => issue.mutate({ ...body(), format }),
    });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="invoice-issue">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4} w={phone ? '100%' : undefined}>
            <Text fz="sm" fw={500} id="invoice-issue-format">
              <Trans>Issue as</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="invoice-issue-format"
              value={format}
              onChange={(value) => setFormat(value as IssuedInvoiceFormat)}
              disabled={disabled || issue.isPending}
              // Three long names do not fit side by side on a phone: one above the other there.
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
              data={[
                { value: 'pdf', label: 'PDF' },
                { value: 'zugferd', label: 'ZUGFeRD (PDF)' },
                { value: 'xrechnung', label: 'XRechnung (XML)' },
              ]}
            />
          </Stack>
          <Button leftSection={<IconFileInvoice size={16} />} loading={issue.isPending} disabled={disabled} onClick={confirm}>
            <Trans>Issue invoice</Trans>
          </Button>
        </Group>
        <Text fz="xs" c="dimmed">
          <Trans>
            The next number of your sequence is assigned when issuing. ZUGFeRD and XRechnung are e-invoices (EN 16931): XRechnung for public and
            business customers, ZUGFeRD as PDF with the data inside.
          </Trans>
        </Text>
        {issue.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="invoice-issue-error">
            {describeApiError(i18n, toApiError(issue.error)).join(' ')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
