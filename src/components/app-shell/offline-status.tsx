/**
 * The connection in the top bar (decisions 0036, 0038): nothing while online with nothing waiting
 * or refused; "Offline" without a connection; "n wartet auf Verbindung" while changes wait. A change
 * made offline waits as a paused mutation, kept on the device across a reload
 * (`lib/offline-queue.ts`), and is sent by itself when the connection returns. A tap opens the
 * queue: "send now", and the "Nicht gesendet" list of changes the server refused after they
 * waited, each with the server's message, to send again or discard (after asking).
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Divider, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/format';
import {
  discardRefused,
  getRefused,
  restoreOfflineData,
  retryRefused,
  subscribeRefused,
  type RefusedChange,
} from '../../lib/offline-queue';
import { useSession } from '../../lib/session';
import { carriedCustomerName, nameInCache, useAllWaiting } from '../waiting-changes';
import { useIsDesktop } from './use-desktop';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** The refused changes (kept across a reload), for the badge and the user menu's warning. */
export function useRefusedChanges(): RefusedChange[] {
  return useSyncExternalStore(subscribeRefused, getRefused, getRefused);
}

/** How many changes wait for the connection. */
export function useWaitingChanges(): number {
  return useAllWaiting().length;
}

/** A running timer as the timers bar loaded it. */
interface TimerRow {
  id?: unknown;
  customerName?: unknown;
}

/**
 * Whose change it is: the customer's name from what the screens loaded (a timer's stop carries its
 * customer's name; one queued before it did is found among the timers loaded), so two refused
 * timers or notes can be told apart.
 */
function customerOf(queryClient: QueryClient, change: RefusedChange): string | null {
  const body = (change.variables as { body?: { customerId?: string; id?: string } } | undefined)?.body;
  if (body?.customerId) return nameInCache(queryClient, body.customerId);
  if (change.name !== 'timerStop' || !body?.id) return null;
  const carried = carriedCustomerName(change.variables);
  if (carried) return carried;
  for (const [, data] of queryClient.getQueriesData<{ data?: { items?: TimerRow[] } }>({ queryKey: [{ _id: 'timeTracksGetMy' }] })) {
    const name = data?.data?.items?.find((track) => track.id === body.id)?.customerName;
    if (typeof name === 'string') return name;
  }
  return null;
}

function RefusedItem({ change, onAsk }: { change: RefusedChange; onAsk: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const subType = (change.variables as { body?: { subType?: string } } | undefined)?.body?.subType;
  const customer = customerOf(queryClient, change);
  const what: Record<RefusedChange['name'], string> = {
    timerStart: t`Timer started`,
    timerStop: t`Timer stopped`,
    clockIn: t`Clocked in`,
    workingSegment: t`Break started or ended`,
    clockOut: t`Clocked out`,
    entryCreate: subType === 'material' ? t`Material` : subType === 'time' ? t`Time entry` : t`Note`,
    confirmationCreate: t`Work confirmation`,
    photoUpload: t`Photo`,
  };
  const discard = () => {
    // The question stands alone: the open list would cover its dialog.
    onAsk();
    modals.openConfirmModal({
      title: t`Discard this change?`,
      children: <Text size="sm">{t`It is removed from this device and not sent. This cannot be undone.`}</Text>,
      labels: { confirm: t`Discard`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => discardRefused(change.id),
    });
  };
  return (
    <Stack gap={4} role="listitem" aria-label={customer ? `${what[change.name]} · ${customer}` : what[change.name]}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {what[change.name]}
          </Text>
          {customer ? (
            <Text size="sm" truncate="end">
              {customer}
            </Text>
          ) : null}
        </Stack>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatDateTime(change.refusedAt)}
        </Text>
      </Group>
      {change.messages.map((message) => (
        <Text key={message} size="sm" c="red">
          {message}
        </Text>
      ))}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => retryRefused(queryClient, change.id)}>
          {t`Send again`}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={discard}>
          {t`Discard`}
        </Button>
      </Group>
    </Stack>
  );
}

/** Whether the top bar shows the connection's badge: offline, or changes waiting or refused. */
export function useConnectionShown(): boolean {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const waiting = useWaitingChanges();
  const refused = useRefusedChanges();
  return !online || waiting > 0 || refused.length > 0;
}

export function OfflineStatus() {
  const { t } = useLingui();
  const desktop = useIsDesktop();
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const waiting = useWaitingChanges();
  const refused = useRefusedChanges();
  const [open, setOpen] = useState(false);

  // The signed-in member's kept queue and screens (another member signed in on this device has their own).
  useEffect(() => {
    void restoreOfflineData(queryClient, userId);
  }, [queryClient, userId]);
  // The firm's products for the material capture offline (decision 0042).
  // Its code loads after the first paint (the routes' budget).
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../lib/offline-catalogue').then(({ keepCatalogue }) => {
      if (!gone) stop = keepCatalogue(userId);
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [userId]);

  if (online && waiting === 0 && refused.length === 0) return null;
  const label =
    refused.length > 0
      ? plural(refused.length, { one: '# change not sent', other: '# changes not sent' })
      : waiting > 0
        ? plural(waiting, { one: '# change waits for a connection', other: '# changes wait for a connection' })
        : t`Offline`;
  const count = refused.length > 0 ? refused.length : waiting;
  const icon = refused.length > 0 ? <IconAlertTriangle size={16} /> : online ? <IconCloudUpload size={16} /> : <IconCloudOff size={16} />;
  return (
    <div role="status" style={{ flexShrink: 0 }}>
      <Popover position="bottom-end" width={320} shadow="md" withinPortal opened={open} onChange={setOpen}>
        <Popover.Target>
          <UnstyledButton aria-label={t`Changes on this device`} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {/* On a phone the top bar has no room for the words: the icon and the count, the words for screen readers. */}
            <Badge
              component="span"
              variant="light"
              color={refused.length > 0 ? 'red' : online ? 'blue' : 'gray'}
              size="lg"
              title={label}
              leftSection={icon}
              style={{ textTransform: 'none', cursor: 'pointer' }}
            >
              {desktop ? label : <>{count > 0 ? <span aria-hidden>{count}</span> : null}<VisuallyHidden>{label}</VisuallyHidden></>}
            </Badge>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label={t`Changes on this device`}>
          <Stack gap="sm">
            <Text size="sm">
              {waiting > 0
                ? plural(waiting, { one: '# change waits for a connection.', other: '# changes wait for a connection.' })
                : t`No change waits for a connection.`}{' '}
              {online ? null : <Trans>They are kept on this device and sent when the connection returns.</Trans>}
            </Text>
            {online && waiting > 0 ? (
              <Button size="xs" variant="light" onClick={() => void queryClient.resumePausedMutations()}>
                {t`Send now`}
              </Button>
            ) : null}
            {refused.length > 0 ? (
              <>
                <Divider />
                <Text fw={700} size="sm">
                  <Trans>Not sent</Trans>
                </Text>
                <Text size="xs" c="dimmed">
                  <Trans>The server refused these changes. Send them again once the cause is fixed, or discard them.</Trans>
                </Text>
                <Stack gap="md" role="list" aria-label={t`Not sent`}>
                  {refused.map((change) => (
                    <RefusedItem key={change.id} change={change} onAsk={() => setOpen(false)} />
                  ))}
                </Stack>
              </>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
