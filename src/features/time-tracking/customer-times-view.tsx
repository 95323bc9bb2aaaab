/**
 * Customer times (billable `TimeTracks`) of the period: the caller's totals of today, this week and
 * this month, the list (the back office sees every member's or one member's, an Employee their
 * own) with correction, deletion and recording by hand. Locked (confirmed by the customer) and
 * archived entries are read-only.
 */
import { TABULAR } from '../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Card, Group, Menu, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconBriefcase, IconDots, IconLock, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { timeTracksGetMyOptions, timeTracksGetMyTotalsOptions, timeTracksGetOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { TimeTrack } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { useMountedOnce } from '../../lib/use-lazy-dialog';
import { useDeleteTimeTrack } from './time-deletes';

/** Recording and correcting a time by hand: the form loads at its first opening. */
const TimeTrackFormModal = lazy(() => import('./edit-modals').then((module) => ({ default: module.TimeTrackFormModal })));
import { formatClock, formatDate, formatDuration, formatTime } from './format';
import { bodyOf, useWaitingList, WaitingChanges } from '../../components/waiting-changes';
import { rangeToQuery, type DayRange } from '../../lib/periods';

function Status({ track }: { track: TimeTrack }) {
  if (track.status === 'running')
    return (
      <Badge color="emerald" variant="light" size="sm">
        <Trans>Running</Trans>
      </Badge>
    );
  if (track.locked)
    return (
      <Badge color="gray" variant="light" size="sm" leftSection={<IconLock size={10} />}>
        <Trans>Confirmed</Trans>
      </Badge>
    );
  if (track.archived)
    return (
      <Badge color="gray" variant="light" size="sm">
        <Trans>Archived</Trans>
      </Badge>
    );
  if (track.processed)
    return (
      <Badge color="blue" variant="light" size="sm">
        <Trans>Invoiced</Trans>
      </Badge>
    );
  return null;
}

function MyTotals() {
  const offset = -new Date().getTimezoneOffset();
  const totals = useQuery({ ...timeTracksGetMyTotalsOptions({ query: { callerUTCOffsetMinutes: offset } }), refetchInterval: 60_000 });
  const data = totals.data?.data;
  const cell = (label: React.ReactNode, seconds: number | undefined) => (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {seconds === undefined ? <Skeleton height={24} mt={4} /> : <Text fz="lg" fw={700} style={TABULAR}>{formatDuration(seconds)}</Text>}
    </Paper>
  );
  return (
    <SimpleGrid cols={3} spacing="sm" mb="md">
      {cell(<Trans>My customer time today</Trans>, data?.todaySeconds)}
      {cell(<Trans>This week</Trans>, data?.weekSeconds)}
      {cell(<Trans>This month</Trans>, data?.monthSeconds)}
    </SimpleGrid>
  );
}

export function CustomerTimesView({
  ownerId,
  backOffice,
  selfId,
  range,
  page,
  pageSize,
  filter,
  onSearch,
}: {
  /** One member (back office), or undefined for everyone / the caller. */
  ownerId: string | undefined;
  backOffice: boolean;
  selfId: string | null;
  range: DayRange;
  page: number;
  pageSize: number;
  filter: string;
  onSearch: (patch: { page?: number; pageSize?: number; filter?: string }) => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState<TimeTrack | 'new' | null>(null);
  // Mounted from the first opening on (its code loads then), so it can animate its closing.
  const editMounted = useMountedOnce(editing !== null);
  const remove = useDeleteTimeTrack();
  const [text, setText] = useState(filter);
  const applyFilter = useDebouncedCallback((value: string) => onSearch({ filter: value || undefined, page: 1 }), 300);
  const base = {
    ...rangeToQuery(range),
    includeRunning: true,
    includeStopped: true,
    includeProcessed: true,
    includeUnprocessed: true,
    filter: filter || undefined,
    page,
    pageSize,
    isDescending: true,
  };
  const ownList = !backOffice || ownerId === selfId;
  // The member's own timers and recorded times that wait for the connection (decision 0042).
  const waiting = useWaitingList(
    (change) => ownList && page === 1 && (change.name === 'timerStart' || change.name === 'timerStop' || (change.name === 'entryCreate' && bodyOf(change).subType === 'time')),
  );
  const list = useQuery({
    ...(backOffice && !ownList ? timeTracksGetOptions({ query: { ...base, ownerId } }) : timeTracksGetMyOptions({ query: base })),
    placeholderData: keepPreviousData,
  });
  const result = list.data?.data;
  const editable = (track: TimeTrack) => !track.locked && !track.archived && (backOffice || track.ownerId === selfId);
  const showOwner = backOffice && !ownerId;

  const actions = (track: TimeTrack) =>
    editable(track) ? (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for the time of ${track.customerName}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(track)}>
            <Trans>Correct</Trans>
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => remove(track)} disabled={track.status === 'running'}>
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ) : null;

  const span = (track: TimeTrack) => `${formatTime(track.startedAtUtc)} – ${track.endedAtUtc ? formatTime(track.endedAtUtc) : t`now`}`;
  const duration = (track: TimeTrack) => (track.status === 'running' ? formatClock(track.durationSeconds) : formatDuration(track.durationSeconds));

  let body;
  if (list.isPending) {
    body = <Skeleton height={160} radius="md" />;
  } else if (!result || result.totalCount === 0) {
    body = (
      <EmptyState icon={IconBriefcase} title={<Trans>No customer time in this period</Trans>}>
        <Trans>Start a timer for a customer in the bar at the top, or record a time by hand.</Trans>
      </EmptyState>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm" role="group" aria-label={t`Customer times`}>
        {result.items.map((track) => (
          <Card key={track.id} withBorder radius="md" padding="sm" data-testid="customer-time">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={700} truncate>
                  {track.customerName}
                </Text>
                <Text fz="sm" c="dimmed">
                  {formatDate(track.startedAtUtc)}, {span(track)} · {duration(track)}
                </Text>
                {showOwner ? <Text fz="sm">{track.ownerName}</Text> : null}
                {track.description ? <Text fz="sm">{track.description}</Text> : null}
                <Status track={track} />
              </Stack>
              {actions(track)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" striped highlightOnHover miw={760} aria-label={t`Customer times`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Date</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Customer</Trans>
                </Table.Th>
                {showOwner ? (
                  <Table.Th>
                    <Trans>Member</Trans>
                  </Table.Th>
                ) : null}
                <Table.Th>
                  <Trans>From – to</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Duration</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Description</Trans>
                </Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {result.items.map((track) => (
                <Table.Tr key={track.id} data-testid="customer-time">
                  <Table.Td>{formatDate(track.startedAtUtc)}</Table.Td>
                  <Table.Td fw={600}>
                    <Group gap={6} wrap="nowrap">
                      {track.customerName}
                      <Status track={track} />
                    </Group>
                  </Table.Td>
                  {showOwner ? <Table.Td>{track.ownerName}</Table.Td> : null}
                  <Table.Td>{span(track)}</Table.Td>
                  <Table.Td ta="right" style={TABULAR}>
                    {duration(track)}
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" lineClamp={2}>
                      {track.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>{actions(track)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <>
      <MyTotals />
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t`Filter`}
          placeholder={t`Customer, member or description`}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            applyFilter(e.currentTarget.value.trim());
          }}
          style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          <Trans>Record time</Trans>
        </Button>
      </Group>
      {waiting.length > 0 ? (
        <div style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
          <WaitingChanges changes={waiting} />
        </div>
      ) : null}
      {body}
      {result && result.totalCount > 0 ? (
        <ListFooter
          page={page}
          pageSize={pageSize}
          totalCount={result.totalCount}
          onPage={(next) => onSearch({ page: next })}
          onPageSize={(size) => onSearch({ pageSize: size, page: 1 })}
        />
      ) : null}
      {editMounted ? (
        <Suspense fallback={null}>
          <TimeTrackFormModal opened={editing !== null} track={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
