/**
 * "Import from lexoffice" in the customer list, when lexoffice is connected: reads every contact
 * with the customer role (this can take a while: the service allows two requests a second), then
 * shows what was created, updated and skipped, and which contacts could not be imported and why.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { customersImportLexOfficeMutation, managementGetTenantOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { ImportResult } from '../../../generated/api/types.gen';
import { toApiError } from '../../lib/api-error';
import { describeApiError } from '../../lib/error-messages';
import { customersImported } from './api/cache';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="center">
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Summary({ result }: { result: ImportResult }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <SimpleGrid cols={4}>
        <Figure label={t`created`} value={result.created} />
        <Figure label={t`updated`} value={result.updated} />
        <Figure label={t`unchanged`} value={result.skipped} />
        <Figure label={t`errors`} value={result.errorCount} />
      </SimpleGrid>
      {result.errors.length > 0 ? (
        <Alert color="yellow" variant="light" title={t`Not imported`}>
          <List fz="sm" spacing={2}>
            {result.errors.slice(0, 50).map((error, index) => (
              <List.Item key={index}>
                <Trans>Contact {error.row}</Trans>: {error.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

export function LexofficeImportButton() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const tenant = useQuery({ ...managementGetTenantOptions(), staleTime: 60_000, meta: { silent: true } });
  const [open, setOpen] = useState(false);
  const run = useMutation({
    ...customersImportLexOfficeMutation(),
    meta: { silent: true },
    onSuccess: () => void customersImported(queryClient),
  });
  if (!tenant.data?.data?.accountingConnection?.connected) return null;
  const start = () => {
    setOpen(true);
    run.mutate({});
  };
  return (
    <>
      <Button variant="default" leftSection={<IconCloudDownload size={16} />} onClick={start} loading={run.isPending}>
        <Trans>Import from lexoffice</Trans>
      </Button>
      <Modal opened={open} onClose={() => (run.isPending ? undefined : setOpen(false))} title={t`Import from lexoffice`} size="lg">
        {run.isPending ? (
          <Group gap="sm" py="md">
            <Loader size="sm" />
            <Text fz="sm">
              <Trans>Reading the customers from lexoffice… Large customer lists take a minute.</Trans>
            </Text>
          </Group>
        ) : run.isError ? (
          <Alert color="red" variant="light" title={t`The import failed`}>
            {describeApiError(i18n, toApiError(run.error)).join(' ')}
          </Alert>
        ) : run.data ? (
          <Summary result={run.data.data} />
        ) : null}
        {!run.isPending ? (
          <Group justify="flex-end" mt="md">
            <Button onClick={() => setOpen(false)}>
              <Trans>Close</Trans>
            </Button>
          </Group>
        ) : null}
      </Modal>
    </>
  );
}
