/**
 * The firm's logo in the Company tab: shown as stored (re-encoded by the server), replaced by a
 * JPEG, PNG or WebP file, removed after a confirmation; invoices and work confirmations print it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  managementDeleteLogoMutation,
  managementGetTenantQueryKey,
  managementUploadLogoMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import { managementGetLogo } from '../../../generated/api/sdk.gen';
import type { Tenant } from '../../../generated/api/types.gen';
import { showSuccess } from '../../lib/notifications';
import { envelopeOf } from '../../lib/query-keys';
import { useObjectUrl } from '../../lib/use-object-url';

const MAX_BYTES = 5 * 1024 * 1024;

export function LogoCard({ tenant, editable }: { tenant: Tenant; editable: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const version = tenant.logoUpdatedAtUtc;
  // Keyed by the logo's date: a new logo is a new image, the old one is not shown from the cache.
  const logo = useQuery({
    queryKey: [{ _id: 'managementGetLogo', version }],
    queryFn: async ({ signal }) => (await managementGetLogo({ parseAs: 'blob', signal, throwOnError: true })).data as Blob,
    enabled: !!version,
    staleTime: Infinity,
    meta: { silent: true },
  });
  const url = useObjectUrl(version ? logo.data : undefined);
  const stored = (answer: { data: Tenant }) => queryClient.setQueryData(managementGetTenantQueryKey(), envelopeOf(answer.data));
  const upload = useMutation({
    ...managementUploadLogoMutation(),
    onSuccess: (answer) => {
      stored(answer);
      showSuccess(t`The logo was saved. Invoices and work confirmations show it from now on.`);
    },
  });
  const remove = useMutation({
    ...managementDeleteLogoMutation(),
    onSuccess: (answer) => {
      stored(answer);
      showSuccess(t`The logo was removed.`);
    },
  });
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      modals.open({ title: t`The file is too large`, children: <Text fz="sm">{t`The logo may be at most 5 MB.`}</Text> });
      return;
    }
    upload.mutate({ body: { file } });
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Text fw={650}>
            <Trans>Logo</Trans>
          </Text>
          <Text fz="sm" c="dimmed">
            <Trans>Printed at the top of invoices and work confirmations. JPEG, PNG or WebP, up to 5 MB.</Trans>
          </Text>
        </Stack>
        {url ? (
          <Image src={url} alt={t`Logo of ${tenant.companyName ?? tenant.name}`} h={56} w="auto" maw={200} fit="contain" />
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>No logo yet</Trans>
          </Text>
        )}
        {editable ? (
          <Group gap="xs">
            <FileButton onChange={choose} accept="image/jpeg,image/png,image/webp">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhotoUp size={18} />} loading={upload.isPending}>
                  {version ? <Trans>Replace logo</Trans> : <Trans>Upload logo</Trans>}
                </Button>
              )}
            </FileButton>
            {version ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                loading={remove.isPending}
                onClick={() =>
                  modals.openConfirmModal({
                    title: t`Remove the logo?`,
                    children: <Text fz="sm">{t`Invoices and work confirmations then show the company name only.`}</Text>,
                    labels: { confirm: t`Remove`, cancel: t`Cancel` },
                    confirmProps: { color: 'red' },
                    onConfirm: () => remove.mutate({}),
                  })
                }
              >
                <Trans>Remove</Trans>
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
