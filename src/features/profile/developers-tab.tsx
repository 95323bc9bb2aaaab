/**
 * The Developers tab of /profile (decision 0039): the API reference and the raw contract, and the
 * firm's API keys for Owner and Admin: list with scope, areas and last use, a dialog that makes a
 * key and shows it once with a copy button, revoking with a confirmation; below, the webhooks
 * (`webhooks-section.tsx`, decision 0044).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconBook, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  apiKeysCreateMutation,
  apiKeysGetAllOptions,
  apiKeysGetAllQueryKey,
  apiKeysRevokeMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { ApiKey, ApiKeyArea, ApiKeyScope } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { toApiError } from '../../lib/api-error';
import { describeApiError } from '../../lib/error-messages';
import { formatDateTime } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { WebhooksSection } from './webhooks-section';

const AREAS: ApiKeyArea[] = ['customers', 'products', 'time', 'activities', 'invoices'];

function useAreaLabels(): Record<ApiKeyArea, string> {
  const { t } = useLingui();
  return {
    customers: t`Customers`,
    products: t`Materials`,
    time: t`Times`,
    activities: t`Activities (entries, photos, confirmations)`,
    invoices: t`Invoices and payments`,
  };
}

function ReferenceCard() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <IconBook size={18} />
          <Title order={3} fz="h5">
            <Trans>API reference</Trans>
          </Title>
        </Group>
        <Text fz="sm">
          <Trans>
            Every call of Fieldbook, with examples, error codes and how to sign in with an API key. Integrators also get the
            contract as a file and a typed TypeScript client.
          </Trans>
        </Text>
        <Group gap="md" wrap="wrap">
          <Anchor href="/api/docs" target="_blank" rel="noreferrer" fz="sm">
            <Trans>Open the API reference</Trans>
          </Anchor>
          <Anchor href="/api/openapi.json" target="_blank" rel="noreferrer" fz="sm">
            openapi.json
          </Anchor>
          <Anchor href="/api/openapi.yaml" target="_blank" rel="noreferrer" fz="sm">
            openapi.yaml
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The new key, shown this once. */
function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t`Copy the key now`}>
        <Trans>It is shown only this once. Fieldbook stores only a fingerprint of it; a lost key cannot be shown again, only replaced.</Trans>
      </Alert>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="api-key-secret">
        {secret}
      </Code>
      <Group justify="space-between" wrap="wrap">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy key</Trans>}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const labels = useAreaLabels();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [areas, setAreas] = useState<ApiKeyArea[]>([]);
  const [errors, setErrors] = useState<{ name?: string; areas?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    ...apiKeysCreateMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      setSecret(answer.data.secret);
      await queryClient.invalidateQueries({ queryKey: apiKeysGetAllQueryKey() });
    },
    onError: (error) => setErrors({ form: describeApiError(i18n, toApiError(error)).join(' ') }),
  });
  const close = () => {
    setName('');
    setScope('read');
    setAreas([]);
    setErrors({});
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    const found: typeof errors = {};
    if (!name.trim()) found.name = t`Please give the key a name.`;
    if (areas.length === 0) found.areas = t`Please choose at least one area.`;
    setErrors(found);
    if (found.name || found.areas) return;
    create.mutate({ body: { name: name.trim(), scope, areas } });
  };
  return (
    <Modal opened={opened} onClose={close} title={secret ? t`Your new API key` : t`New API key`} size="lg">
      {secret ? (
        <SecretPanel secret={secret} onDone={close} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t`Name`}
              description={t`What the key is for, e.g. the tool that uses it.`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
              maxLength={100}
              withAsterisk
              data-autofocus
            />
            <Radio.Group label={t`Access`} value={scope} onChange={(value) => setScope(value as ApiKeyScope)}>
              <Stack gap="xs" mt="xs">
                <Radio value="read" label={t`Read only`} description={t`The key can read, never change anything.`} />
                <Radio value="write" label={t`Read and write`} description={t`The key can also create, change and delete in its areas.`} />
              </Stack>
            </Radio.Group>
            <Checkbox.Group label={t`Areas`} value={areas} onChange={(value) => setAreas(value as ApiKeyArea[])} error={errors.areas} withAsterisk>
              <Stack gap="xs" mt="xs">
                {AREAS.map((area) => (
                  <Checkbox key={area} value={area} label={labels[area]} />
                ))}
              </Stack>
            </Checkbox.Group>
            {errors.form && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />}>
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end" wrap="wrap">
              <Button variant="default" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} />}>
                <Trans>Create key</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function KeyCard({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const labels = useAreaLabels();
  const revoke = useMutation({
    ...apiKeysRevokeMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiKeysGetAllQueryKey() });
      showSuccess(t`The key was revoked.`);
    },
  });
  const keyName = apiKey.name;
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: t`Revoke the key "${keyName}"?`,
      children: (
        <Text fz="sm">
          <Trans>Every integration that uses this key stops working at once. This cannot be undone.</Trans>
        </Text>
      ),
      labels: { confirm: t`Revoke`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate({ path: { id: apiKey.id } }),
    });
  const createdAt = formatDateTime(apiKey.createdAt);
  const createdBy = apiKey.createdByName;
  const lastUsed = apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : null;
  const revokedAt = apiKey.revokedAt ? formatDateTime(apiKey.revokedAt) : null;
  const hint = apiKey.keyHint;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={apiKey.name} style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {apiKey.name}
            </Text>
            <Badge variant="light" color={apiKey.scope === 'write' ? 'orange' : 'blue'}>
              {apiKey.scope === 'write' ? <Trans>Read and write</Trans> : <Trans>Read only</Trans>}
            </Badge>
            {revokedAt && (
              <Badge variant="light" color="gray">
                <Trans>Revoked</Trans>
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="wrap">
            {apiKey.areas.map((area) => (
              <Badge key={area} variant="outline" color="gray" tt="none">
                {labels[area]}
              </Badge>
            ))}
          </Group>
          <Text fz="sm" c="dimmed">
            <Trans>
              Ends in …{hint} · created {createdAt} by {createdBy}
            </Trans>
          </Text>
          <Text fz="sm" c="dimmed">
            {revokedAt ? <Trans>Revoked {revokedAt}</Trans> : lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Not used yet</Trans>}
          </Text>
        </Stack>
        {!revokedAt && (
          <Button variant="light" color="red" onClick={confirmRevoke} loading={revoke.isPending}>
            <Trans>Revoke</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}

function KeyList() {
  const { t } = useLingui();
  const keys = useQuery(apiKeysGetAllOptions());
  const [creating, setCreating] = useState(false);
  const items = keys.data?.data.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="h5">
            <Trans>API keys</Trans>
          </Title>
          <Text fz="sm" c="dimmed">
            <Trans>Keys let other software (payroll, calendar, automations) use your company's data, limited to the areas you choose.</Trans>
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          <Trans>New API key</Trans>
        </Button>
      </Group>
      {keys.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Group>
      ) : keys.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The keys could not be loaded.`}>
          <Button variant="light" color="red" mt="xs" onClick={() => void keys.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState bare icon={IconKey} title={<Trans>No API keys yet</Trans>}>
          <Trans>Create a key for each tool that connects to Fieldbook, so you can revoke one without touching the others.</Trans>
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0}>
          {items.map((apiKey) => (
            <KeyCard key={apiKey.id} apiKey={apiKey} />
          ))}
        </Stack>
      )}
      <CreateKeyDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

export function DevelopersTab() {
  const session = useSession();
  const lead = hasRoles(['Owner', 'Admin'], 'any', session);
  return (
    <Stack gap="lg">
      <ReferenceCard />
      {lead ? (
        <>
          <KeyList />
          <WebhooksSection />
        </>
      ) : (
        <EmptyState bare icon={IconKey} title={<Trans>API keys</Trans>}>
          <Trans>The owner and admins make and revoke the company's API keys and webhooks here.</Trans>
        </EmptyState>
      )}
    </Stack>
  );
}
