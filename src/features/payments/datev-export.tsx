/**
 * "DATEV-Export" (Owner and Admin): a period, by default last month, as DATEV's EXTF
 * Buchungsstapel for the tax advisor, optionally with the payments received in it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentsDatevExport } from '../../../generated/api/sdk.gen';
import { download } from '../../lib/download';
import { showSuccess } from '../../lib/notifications';

/** The base64 file of the answer as a Blob. */
function blobOf(file: { contentBase64: string; contentType: string }): Blob {
  const binary = atob(file.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.contentType });
}

const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function lastMonth(): { from: string; to: string } {
  const now = new Date();
  return { from: iso(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: iso(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

export function DatevExportButton() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [period, setPeriod] = useState(lastMonth);
  const [withPayments, setWithPayments] = useState(false);
  const exportFile = useMutation({
    mutationFn: async () => (await paymentsDatevExport({ query: { from: period.from, to: period.to, withPayments }, throwOnError: true })).data,
    onSuccess: (answer) => {
      const file = answer.data!;
      download(blobOf(file), file.fileName, file.contentType);
      showSuccess(file.bookingCount === 1 ? t`DATEV file with 1 booking saved.` : t`DATEV file with ${file.bookingCount} bookings saved.`);
      setOpened(false);
    },
  });
  const valid = !!period.from && !!period.to && period.from <= period.to;
  return (
    <>
      <Button variant="light" leftSection={<IconFileExport size={18} />} onClick={() => setOpened(true)}>
        <Trans>DATEV export</Trans>
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`DATEV export`}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) exportFile.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm" c="dimmed">
              <Trans>Issued invoices and cancellations of the period as a DATEV booking batch (EXTF) for your tax advisor.</Trans>
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput type="date" label={t`From`} required value={period.from} onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })} />
              <TextInput
                type="date"
                label={t`To`}
                required
                value={period.to}
                error={period.from && period.to && period.from > period.to ? t`The end lies before the start.` : undefined}
                onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })}
              />
            </SimpleGrid>
            <Checkbox label={t`Include payments received`} checked={withPayments} onChange={(e) => setWithPayments(e.currentTarget.checked)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={exportFile.isPending} disabled={!valid}>
                <Trans>Export</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
