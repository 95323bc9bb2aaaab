/**
 * The Accounting tab of /profile: connecting lexoffice (Lexware Office) as a stepper (what is sent,
 * where the API key is made, the key, the tested connection) for Owner and Admin; once connected the
 * organisation and date, a broken connection when lexoffice refused the key, replacing the key and
 * disconnecting.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Group, List, Loader, Paper, PasswordInput, Stack, Stepper, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconExternalLink, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  externalSystemConnectExternalSystemMutation,
  externalSystemDisconnectMutation,
  managementGetTenantOptions,
  managementGetTenantQueryKey,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { ExternalSystemConnection } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { toApiError } from '../../lib/api-error';
import { describeApiError } from '../../lib/error-messages';
import { formatDateTime } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';

/** Where a lexoffice user makes a key for the public API. */
const PORTAL_URL = 'https://app.lexware.de/addons/public-api';

function ConnectStepper({ onConnected, startAt = 0 }: { onConnected: () => void; startAt?: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(startAt);
  const [apiKey, setApiKey] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [connection, setConnection] = useState<ExternalSystemConnection | null>(null);
  const connect = useMutation({
    ...externalSystemConnectExternalSystemMutation(),
    meta: { silent: true },
    // The profile is reloaded on "Done": until then the stepper shows its last step.
    onSuccess: (answer) => {
      setConnection(answer.data);
      setStep(3);
    },
    onError: (error) => setFieldError(describeApiError(i18n, toApiError(error)).join(' ')),
  });
  const test = () => {
    if (!apiKey.trim()) {
      setFieldError(t`Please enter an API key.`);
      return;
    }
    setFieldError(null);
    connect.mutate({ body: { system: 'lexoffice', apiKey: apiKey.trim() } });
  };
  return (
    <Stack gap="lg">
      <Stepper active={step} onStepClick={(s) => (s < 3 && !connection ? setStep(s) : undefined)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t`What is sent`}>
          <Stack gap="sm" mt="md">
            <Text fz="sm">
              <Trans>Fieldbook connects to lexoffice (Lexware Office) with an API key of your lexoffice account. With it Fieldbook</Trans>
            </Text>
            <List fz="sm" spacing={4}>
              <List.Item>
                <Trans>reads your contacts with the customer role, to import them as customers;</Trans>
              </List.Item>
              <List.Item>
                <Trans>creates invoices from the positions you prepare, as drafts or finalized.</Trans>
              </List.Item>
            </List>
            <Text fz="sm" c="dimmed">
              <Trans>Working times per member, notes, photos and signatures are not sent. The key is stored encrypted and never shown again.</Trans>
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => setStep(1)}>
                <Trans>Next</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`Create a key`}>
          <Stack gap="sm" mt="md">
            <List type="ordered" fz="sm" spacing={4}>
              <List.Item>
                <Trans>Sign in to lexoffice and open the public API page:</Trans>{' '}
                <Anchor href={PORTAL_URL} target="_blank" rel="noreferrer">
                  {PORTAL_URL} <IconExternalLink size={12} />
                </Anchor>
              </List.Item>
              <List.Item>
                <Trans>Choose "Create new API key", accept the terms and copy the key.</Trans>
              </List.Item>
              <List.Item>
                <Trans>Come back here and paste it in the next step.</Trans>
              </List.Item>
            </List>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                <Trans>Back</Trans>
              </Button>
              <Button onClick={() => setStep(2)}>
                <Trans>Next</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`Test the connection`}>
          <Stack gap="sm" mt="md">
            <PasswordInput
              label={t`API key`}
              description={t`It is checked with lexoffice before it is stored.`}
              value={apiKey}
              onChange={(event) => setApiKey(event.currentTarget.value)}
              error={fieldError}
              autoComplete="off"
              maxLength={200}
              data-autofocus
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(1)}>
                <Trans>Back</Trans>
              </Button>
              <Button leftSection={<IconPlugConnected size={18} />} loading={connect.isPending} onClick={test}>
                <Trans>Test and connect</Trans>
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Alert color="green" icon={<IconCheck size={18} />} title={t`Connected`} mt="md">
            {connection?.organizationName ? (
              <Trans>Fieldbook is connected with the lexoffice account of {connection.organizationName}.</Trans>
            ) : (
              <Trans>Fieldbook is connected with lexoffice.</Trans>
            )}{' '}
            <Trans>Import customers in the customer list; send invoices from the invoice dialog.</Trans>
          </Alert>
          <Group justify="flex-end" mt="md">
            <Button
              onClick={() => {
                void queryClient.invalidateQueries({ queryKey: managementGetTenantQueryKey() });
                onConnected();
              }}
            >
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

export function AccountingTab() {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const lead = hasRoles(['Owner', 'Admin'], 'any', session);
  const tenant = useQuery(managementGetTenantOptions());
  const [replacing, setReplacing] = useState(false);
  const disconnect = useMutation({
    ...externalSystemDisconnectMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: managementGetTenantQueryKey() });
      showSuccess(t`lexoffice was disconnected.`);
    },
  });
  if (tenant.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label={t`Loading`} />
      </Group>
    );
  }
  const connection = tenant.data?.data?.accountingConnection ?? null;
  if (!lead) {
    return (
      <EmptyState bare icon={IconPlugConnected} title={connection ? <Trans>lexoffice is connected</Trans> : <Trans>No accounting software connected</Trans>}>
        <Trans>The owner and admins connect the accounting software here.</Trans>
      </EmptyState>
    );
  }
  if (!connection || replacing) {
    return (
      <Stack gap="md">
        <Title order={3} fz="h5">
          {replacing ? <Trans>Replace the lexoffice key</Trans> : <Trans>Connect lexoffice</Trans>}
        </Title>
        <ConnectStepper startAt={replacing ? 2 : 0} onConnected={() => setReplacing(false)} />
      </Stack>
    );
  }
  const since = formatDateTime(connection.connectedAtUtc);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} fz="h5">
                lexoffice
              </Title>
              {connection.connected ? (
                <Badge color="green" variant="light">
                  <Trans>Connected</Trans>
                </Badge>
              ) : (
                <Badge color="red" variant="light">
                  <Trans>Key refused</Trans>
                </Badge>
              )}
            </Group>
            <Text fz="sm">
              {connection.organizationName ? <Trans>Account: {connection.organizationName}</Trans> : null}
            </Text>
            <Text fz="sm" c="dimmed">
              <Trans>Connected since {since}</Trans>
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => setReplacing(true)}>
              <Trans>Replace key</Trans>
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconPlugConnectedX size={18} />}
              loading={disconnect.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: t`Disconnect lexoffice?`,
                  children: <Text fz="sm">{t`The key is deleted. Customers and invoices already in lexoffice stay there.`}</Text>,
                  labels: { confirm: t`Disconnect`, cancel: t`Cancel` },
                  confirmProps: { color: 'red' },
                  onConfirm: () => disconnect.mutate({}),
                })
              }
            >
              <Trans>Disconnect</Trans>
            </Button>
          </Group>
        </Group>
      </Paper>
      {!connection.connected ? (
        <Alert color="red" variant="light" title={t`lexoffice refused the stored key`}>
          <Trans>The key may have been revoked in lexoffice. Create a new key there and replace it here.</Trans>
        </Alert>
      ) : null}
    </Stack>
  );
}
