/**
 * The firm's webhooks on the Developers tab (decision 0044), for Owner and Admin: the list with
 * address, events and whether paused; a dialog that registers one and shows its signing secret
 * once; per webhook its latest deliveries with state and answer code, re-send, pause and resume,
 * delete with a confirmation.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconCopy, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  webhooksCreateMutation,
  webhooksDeleteMutation,
  webhooksGetAllOptions,
  webhooksGetAllQueryKey,
  webhooksGetDeliveriesOptions,
  webhooksGetDeliveriesQueryKey,
  webhooksResendMutation,
  webhooksUpdateMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { Webhook, WebhookDelivery, WebhookEvent } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { toApiError } from '../../lib/api-error';
import { describeApiError } from '../../lib/error-messages';
import { formatDateTime } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';

const EVENTS: WebhookEvent[] = [
  'customer.created',
  'customer.updated',
  'time_entry.created',
  'work_confirmation.signed',
  'invoice.issued',
  'invoice.paid',
  'invoice.cancelled',
  'member.joined',
];

function useEventLabels(): Record<WebhookEvent, string> {
  const { t } = useLingui();
  return {
    'customer.created': t`Customer created`,
    'customer.updated': t`Customer changed`,
    'time_entry.created': t`Time recorded`,
    'work_confirmation.signed': t`Work confirmation signed`,
    'invoice.issued': t`Invoice issued`,
    'invoice.paid': t`Invoice paid`,
    'invoice.cancelled': t`Invoice cancelled`,
    'member.joined': t`Member joined`,
  };
}

function CreateWebhookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const labels = useEventLabels();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    ...webhooksCreateMutation(),
    meta: { silent: true },
    onSuccess: async (answer) => {
      setSecret(answer.data.secret);
      await queryClient.invalidateQueries({ queryKey: webhooksGetAllQueryKey() });
    },
    onError: (error) => setErrors({ form: describeApiError(i18n, toApiError(error)).join(' ') }),
  });
  const close = () => {
    setUrl('');
    setEvents([]);
    setErrors({});
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    const found: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = t`Please enter the receiver's address, starting with https://.`;
    if (events.length === 0) found.events = t`Please choose at least one event.`;
    setErrors(found);
    if (found.url || found.events) return;
    create.mutate({ body: { url: url.trim(), events } });
  };
  return (
    <Modal opened={opened} onClose={close} title={secret ? t`Your webhook's signing secret` : t`New webhook`} size="lg">
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t`Copy the secret now`}>
            <Trans>It is shown only this once. The receiver uses it to check that a delivery comes from Fieldbook (see the API reference, "Webhooks").</Trans>
          </Alert>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
            {secret}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? <Trans>Copied</Trans> : <Trans>Copy secret</Trans>}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t`Address`}
              description={t`Where Fieldbook sends the events, e.g. the webhook address of your automation.`}
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={errors.url}
              maxLength={2000}
              withAsterisk
              data-autofocus
            />
            <Checkbox.Group label={t`Events`} value={events} onChange={(value) => setEvents(value as WebhookEvent[])} error={errors.events} withAsterisk>
              <Stack gap="xs" mt="xs">
                {EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={labels[event]} />
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
              <Button type="submit" loading={create.isPending} leftSection={<IconWebhook size={16} />}>
                <Trans>Add webhook</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function DeliveryLine({ delivery, webhookId, paused }: { delivery: WebhookDelivery; webhookId: string; paused: boolean }) {
  const { t } = useLingui();
  const labels = useEventLabels();
  const queryClient = useQueryClient();
  const resend = useMutation({
    ...webhooksResendMutation(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webhooksGetDeliveriesQueryKey({ path: { id: webhookId } }) });
      showSuccess(t`The delivery is being sent again.`);
    },
  });
  const at = formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt);
  const status = delivery.lastStatus;
  const attempts = delivery.attempts;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py={6} style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={500}>
            {labels[delivery.event]}
          </Text>
          <Badge variant="light" color={delivery.state === 'delivered' ? 'green' : delivery.state === 'failed' ? 'red' : 'yellow'}>
            {delivery.state === 'delivered' ? <Trans>Delivered</Trans> : delivery.state === 'failed' ? <Trans>Failed</Trans> : <Trans>Pending</Trans>}
          </Badge>
          {status !== null && (
            <Badge variant="outline" color="gray">
              HTTP {status}
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Trans>
            {at} · attempts: {attempts}
          </Trans>
          {delivery.lastError && delivery.state !== 'delivered' ? ` · ${delivery.lastError}` : ''}
        </Text>
      </Stack>
      {delivery.state !== 'pending' && !paused && (
        <Button size="xs" variant="light" onClick={() => resend.mutate({ path: { id: delivery.id } })} loading={resend.isPending}>
          <Trans>Send again</Trans>
        </Button>
      )}
    </Group>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useLingui();
  const deliveries = useQuery(webhooksGetDeliveriesOptions({ path: { id: webhook.id } }));
  if (deliveries.isPending) return <Loader size="sm" role="status" aria-label={t`Loading`} />;
  if (deliveries.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The deliveries could not be loaded.`}>
        <Button variant="light" color="red" mt="xs" onClick={() => void deliveries.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  const items = deliveries.data.data.items;
  if (items.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        <Trans>No deliveries yet.</Trans>
      </Text>
    );
  return (
    <Stack gap={0} component="ul" p={0} m={0} aria-label={t`Deliveries`}>
      {items.map((delivery) => (
        <DeliveryLine key={delivery.id} delivery={delivery} webhookId={webhook.id} paused={webhook.pausedAt !== null} />
      ))}
    </Stack>
  );
}

function WebhookCard({ webhook }: { webhook: Webhook }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const labels = useEventLabels();
  const [open, setOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksGetAllQueryKey() });
  const update = useMutation({ ...webhooksUpdateMutation(), onSuccess: refresh });
  const remove = useMutation({
    ...webhooksDeleteMutation(),
    onSuccess: async () => {
      await refresh();
      showSuccess(t`The webhook was deleted.`);
    },
  });
  const address = webhook.url;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t`Delete the webhook to ${address}?`,
      children: (
        <Text fz="sm">
          <Trans>Fieldbook stops sending events to this address; its deliveries are deleted too. This cannot be undone.</Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ path: { id: webhook.id } }),
    });
  const paused = webhook.pausedAt !== null;
  const createdAt = formatDateTime(webhook.createdAt);
  const createdBy = webhook.createdByName;
  const hint = webhook.secretHint;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={webhook.url} style={{ listStyle: 'none' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {webhook.url}
              </Text>
              {paused && (
                <Badge variant="light" color={webhook.pausedBecause === 'failing' ? 'red' : 'gray'}>
                  {webhook.pausedBecause === 'failing' ? <Trans>Paused: failing for a day</Trans> : <Trans>Paused</Trans>}
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="wrap">
              {webhook.events.map((event) => (
                <Badge key={event} variant="outline" color="gray" tt="none">
                  {labels[event]}
                </Badge>
              ))}
            </Group>
            <Text fz="sm" c="dimmed">
              <Trans>
                Secret ends in …{hint} · created {createdAt} by {createdBy}
              </Trans>
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
              {open ? <Trans>Hide deliveries</Trans> : <Trans>Deliveries</Trans>}
            </Button>
            <Button variant="light" loading={update.isPending} onClick={() => update.mutate({ path: { id: webhook.id }, body: { paused: !paused } })}>
              {paused ? <Trans>Resume</Trans> : <Trans>Pause</Trans>}
            </Button>
            <Button variant="light" color="red" onClick={confirmDelete} loading={remove.isPending}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Group>
        {open && <Deliveries webhook={webhook} />}
      </Stack>
    </Paper>
  );
}

export function WebhooksSection() {
  const { t } = useLingui();
  const webhooks = useQuery(webhooksGetAllOptions());
  const [creating, setCreating] = useState(false);
  const items = webhooks.data?.data.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="h5">
            <Trans>Webhooks</Trans>
          </Title>
          <Text fz="sm" c="dimmed">
            <Trans>Fieldbook tells other software at once when something happens, e.g. an invoice was paid. Each delivery is signed.</Trans>
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          <Trans>New webhook</Trans>
        </Button>
      </Group>
      {webhooks.isPending ? (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={t`Loading`} />
        </Group>
      ) : webhooks.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`The webhooks could not be loaded.`}>
          <Button variant="light" color="red" mt="xs" onClick={() => void webhooks.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState bare icon={IconWebhook} title={<Trans>No webhooks yet</Trans>}>
          <Trans>Add the address of your automation (n8n, Make, Zapier) and choose the events it should get.</Trans>
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0}>
          {items.map((webhook) => (
            <WebhookCard key={webhook.id} webhook={webhook} />
          ))}
        </Stack>
      )}
      <CreateWebhookDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
