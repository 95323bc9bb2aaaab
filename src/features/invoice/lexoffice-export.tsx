/**
 * "Send to lexoffice" in the invoice dialog, when lexoffice is connected: the positions the dialog
 * shows become an invoice there, a draft unless "finalize" is chosen; the entries then become
 * processed (and archived if chosen). The answer shows the invoice number and a link into lexoffice;
 * a refusal says why and marks nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconCloudUpload, IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceExportToLexOfficeMutation, managementGetTenantOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { InvoiceLexofficeExportRequest } from '../../../generated/api/types.gen';
import { toApiError } from '../../lib/api-error';
import { describeApiError } from '../../lib/error-messages';

export function LexofficeExport({
  selection,
  disabled,
  onExported,
}: {
  selection: Omit<InvoiceLexofficeExportRequest, 'finalize' | 'archive'>;
  disabled: boolean;
  onExported: () => void;
}) {
  const { t, i18n } = useLingui();
  const tenant = useQuery({ ...managementGetTenantOptions(), staleTime: 60_000, meta: { silent: true } });
  const [finalize, setFinalize] = useState(false);
  const [archive, setArchive] = useState(false);
  const send = useMutation({
    ...invoiceExportToLexOfficeMutation(),
    meta: { silent: true },
    onSuccess: () => onExported(),
  });
  if (!tenant.data?.data?.accountingConnection?.connected) return null;
  const result = send.data?.data;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="lexoffice-export">
      <Stack gap="xs">
        <Text fw={650} fz="sm">
          <Trans>Send to lexoffice</Trans>
        </Text>
        {result ? (
          <Alert color="green" icon={<IconCheck size={18} />} variant="light">
            {result.voucherNumber ? (
              <Trans>Invoice {result.voucherNumber} was created in lexoffice.</Trans>
            ) : (
              <Trans>An invoice draft was created in lexoffice.</Trans>
            )}{' '}
            {result.documentUrl ? (
              <Anchor href={result.documentUrl} target="_blank" rel="noreferrer">
                <Trans>Open in lexoffice</Trans> <IconExternalLink size={12} />
              </Anchor>
            ) : null}
          </Alert>
        ) : (
          <>
            <Checkbox
              label={t`Finalize at once (lexoffice gives it its number)`}
              description={t`Otherwise a draft you can still change in lexoffice.`}
              checked={finalize}
              onChange={(event) => setFinalize(event.currentTarget.checked)}
              disabled={disabled || send.isPending}
            />
            <Checkbox
              label={t`Archive the entries`}
              checked={archive}
              onChange={(event) => setArchive(event.currentTarget.checked)}
              disabled={disabled || send.isPending}
            />
            {send.isError ? (
              <Alert color="red" variant="light">
                {describeApiError(i18n, toApiError(send.error)).join(' ')}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                leftSection={<IconCloudUpload size={16} />}
                loading={send.isPending}
                disabled={disabled}
                onClick={() => send.mutate({ body: { ...selection, finalize, archive } })}
              >
                <Trans>Send to lexoffice</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
