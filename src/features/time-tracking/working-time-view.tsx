/**
 * The member overview of personal working time: for one member the days (or weeks, months) of the
 * period with work, breaks, target, overtime and law warnings, each day opening to its shifts and
 * segments (correctable); for all members one summary row each. A table on wide screens, cards on
 * phones. Export of exactly what is shown as CSV or XLSX.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronRight,
  IconClockHour4,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLock,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { userTimeTracksGetListGroupedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { LawWarning, User, UserTimeTrack, UserTimeTrackGroup, UserTimeTrackSegment } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { showError } from '../../lib/notifications';
import { SegmentEditModal, useDeleteSegment } from './edit-modals';
import { download, toCsv, toXlsx } from './export';
import { formatDuration, formatOvertime, formatTime } from './format';
import { rangeToQuery, type DayRange } from '../../lib/periods';
import classes from './time-tracking.module.css';
import { useNow } from './use-time-tracking';
import { groupSpan, totalsOf, workingTimeTable, type MemberGroups } from './working-time-export';

export type Grouping = 'day' | 'week' | 'month';

const memberName = (m: Pick<User, 'firstName' | 'lastName' | 'email'>) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

function groupedQuery(ownerId: string | undefined, grouping: Grouping, range: DayRange) {
  return { ownerId, grouping, ...rangeToQuery(range), fillEmpty: true, page: 1, pageSize: 500 };
}

function Stat({ label, value, tone }: { label: ReactNode; value: string; tone?: 'positive' | 'negative' | 'warning' }) {
  const color = tone === 'positive' ? 'emerald' : tone === 'negative' ? 'red' : tone === 'warning' ? 'orange' : undefined;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={700} c={color} ff="monospace">
        {value}
      </Text>
    </Paper>
  );
}

function Totals({ groups }: { groups: UserTimeTrackGroup[] }) {
  const total = totalsOf(groups);
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" mb="md">
      <Stat label={<Trans>Work</Trans>} value={formatDuration(total.workSeconds)} />
      <Stat label={<Trans>Breaks</Trans>} value={formatDuration(total.breakSeconds)} />
      <Stat label={<Trans>Target</Trans>} value={formatDuration(total.targetSeconds)} />
      <Stat
        label={<Trans>Overtime</Trans>}
        value={formatOvertime(total.overtimeSeconds)}
        tone={overtimeColor(total.overtimeSeconds) === 'emerald' ? 'positive' : overtimeColor(total.overtimeSeconds) === 'red' ? 'negative' : undefined}
      />
      <Stat label={<Trans>Warnings</Trans>} value={String(total.warnings)} tone={total.warnings > 0 ? 'warning' : undefined} />
    </SimpleGrid>
  );
}

function Warnings({ warnings, compact }: { warnings: LawWarning[]; compact?: boolean }) {
  const { t } = useLingui();
  if (warnings.length === 0) return null;
  if (compact) {
    return (
      <Tooltip multiline w={320} label={warnings.map((w) => w.message).join('\n')} style={{ whiteSpace: 'pre-line' }}>
        <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />} aria-label={t`${warnings.length} warnings`}>
          {warnings.length}
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Stack gap={4}>
      {warnings.map((w, i) => (
        <Group key={`${w.code}-${w.date}-${i}`} gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" style={{ flex: '0 0 auto', marginTop: 2 }} />
          <Text fz="sm">{w.message}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function ExportButtons({ onCsv, onXlsx, disabled }: { onCsv: () => void; onXlsx: () => Promise<void>; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Group gap="xs">
      <Button variant="default" size="xs" leftSection={<IconFileTypeCsv size={16} />} disabled={disabled} onClick={onCsv}>
        <Trans>Export CSV</Trans>
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileSpreadsheet size={16} />}
        disabled={disabled}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onXlsx();
          } finally {
            setBusy(false);
          }
        }}
      >
        <Trans>Export XLSX</Trans>
      </Button>
    </Group>
  );
}

function useExport(members: () => MemberGroups[], baseName: string, includeEmpty: boolean) {
  const { t, i18n } = useLingui();
  const language = i18n.locale === 'en' ? 'en' : 'de';
  return {
    csv: () => download(toCsv(workingTimeTable(i18n, members(), { includeEmpty }), language), `${baseName}.csv`),
    xlsx: async () => {
      try {
        download(await toXlsx(workingTimeTable(i18n, members(), { includeEmpty }), t`Working time`), `${baseName}.xlsx`);
      } catch {
        showError(t`The export failed.`);
      }
    },
  };
}

const fileSafe = (text: string) => text.normalize('NFKD').replace(/[^\w.@-]+/g, '_').slice(0, 60);

interface SegmentActions {
  canEdit: (track: UserTimeTrack) => boolean;
  onEdit: (track: UserTimeTrack, segment: UserTimeTrackSegment) => void;
  onDelete: (track: UserTimeTrack, segment: UserTimeTrackSegment) => void;
}

function TrackDetails({ track, showDate, actions }: { track: UserTimeTrack; showDate: boolean; actions: SegmentActions }) {
  const { t, i18n } = useLingui();
  const editable = actions.canEdit(track);
  const now = useNow(30_000);
  const date = showDate ? new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-US' : 'de-DE', { weekday: 'short', day: '2-digit', month: '2-digit' }).format(new Date(track.startedAtUtc)) + ', ' : '';
  const span = `${date}${formatTime(track.startedAtUtc)} – ${track.endedAtUtc ? formatTime(track.endedAtUtc) : t`now`}`;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="shift">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Group gap={6}>
          <Text fw={600} fz="sm">
            {span}
          </Text>
          {track.active ? (
            <Badge size="xs" color="emerald" variant="light">
              <Trans>Clocked in</Trans>
            </Badge>
          ) : null}
          {track.processed ? (
            <Badge size="xs" color="gray" variant="light" leftSection={<IconLock size={10} />}>
              <Trans>Handed to payroll</Trans>
            </Badge>
          ) : null}
        </Group>
        <Text fz="xs" c="dimmed">
          <Trans>
            Work {formatDuration(track.workSeconds)} · Breaks {formatDuration(track.breakSeconds)}
          </Trans>
        </Text>
      </Group>
      {track.segments.map((segment) => {
        const kind = segment.kind === 'break' ? t`Break` : t`Work`;
        const seconds = ((segment.endedAtUtc ? Date.parse(segment.endedAtUtc) : now) - Date.parse(segment.startedAtUtc)) / 1000;
        const segmentSpan = `${formatTime(segment.startedAtUtc)} – ${segment.endedAtUtc ? formatTime(segment.endedAtUtc) : t`now`}`;
        return (
          <div key={segment.id} className={classes.segmentRow} data-testid="segment">
            <Badge size="sm" variant="light" color={segment.kind === 'break' ? 'yellow' : 'emerald'} tt="none">
              {kind}
            </Badge>
            <Text fz="sm">{segmentSpan}</Text>
            <Text fz="sm" ff="monospace" c="dimmed" className={classes.segmentDuration}>
              {formatDuration(seconds)}
            </Text>
            <Group gap={2} wrap="nowrap">
              {editable ? (
                <>
                  <ActionIcon variant="subtle" color="gray" aria-label={t`Correct ${kind} ${segmentSpan}`} onClick={() => actions.onEdit(track, segment)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Delete ${kind} ${segmentSpan}`}
                    disabled={track.segments.length === 1 || segment.endedAtUtc === null}
                    onClick={() => actions.onDelete(track, segment)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </>
              ) : null}
            </Group>
          </div>
        );
      })}
    </Paper>
  );
}

function GroupDetails({ group, grouping, actions }: { group: UserTimeTrackGroup; grouping: Grouping; actions: SegmentActions }) {
  return (
    <Stack gap="xs" py="xs">
      {group.warnings.length > 0 ? <Warnings warnings={group.warnings} /> : null}
      {group.tracks.map((track) => (
        <TrackDetails key={track.id} track={track} showDate={grouping !== 'day'} actions={actions} />
      ))}
      {group.tracks.length === 0 ? (
        <Text fz="sm" c="dimmed">
          <Trans>No working time recorded.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Green for overtime, red for undertime, by the whole minutes shown. */
function overtimeColor(seconds: number) {
  const minutes = Math.trunc(seconds / 60);
  return minutes > 0 ? 'emerald' : minutes < 0 ? 'red' : undefined;
}

/** One member's groups of the period. */
export function MemberWorkingTime({
  ownerId,
  memberLabel,
  grouping,
  range,
  showEmpty,
  canEditOthers,
  selfId,
}: {
  ownerId: string | undefined;
  memberLabel: string;
  grouping: Grouping;
  range: DayRange;
  showEmpty: boolean;
  canEditOthers: boolean;
  selfId: string | null;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const result = useQuery({ ...userTimeTracksGetListGroupedOptions({ query: groupedQuery(ownerId, grouping, range) }), placeholderData: keepPreviousData });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ track: UserTimeTrack; segment: UserTimeTrackSegment } | null>(null);
  const deleteSegment = useDeleteSegment();
  const groups = result.data?.data.items ?? [];
  const exporter = useExport(() => [{ memberName: memberLabel, groups }], fileSafe(`${t`working-time`}_${memberLabel}_${range.from}_${range.to}`), showEmpty);

  const actions: SegmentActions = {
    canEdit: (track) => !track.processed && (canEditOthers || track.ownerId === selfId),
    onEdit: (track, segment) => setEditing({ track, segment }),
    onDelete: deleteSegment,
  };
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  if (result.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t`Loading working time`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (result.isError && !result.data) {
    return (
      <EmptyState icon={IconClockHour4} title={<Trans>The working time could not be loaded</Trans>}>
        <Trans>Please check your connection and try again.</Trans>
      </EmptyState>
    );
  }

  const shown = groups.filter((g) => showEmpty || g.tracks.length > 0 || g.warnings.length > 0);
  const header = (
    <Group justify="space-between" mb="xs" gap="xs">
      <Text fw={600}>{memberLabel}</Text>
      <ExportButtons onCsv={exporter.csv} onXlsx={exporter.xlsx} disabled={groups.length === 0} />
    </Group>
  );

  let body: ReactNode;
  if (shown.length === 0) {
    body = (
      <EmptyState icon={IconClockHour4} title={<Trans>No working time in this period</Trans>}>
        <Trans>Clock in with the button at the top; the days, breaks and totals of the period appear here.</Trans>
      </EmptyState>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm" aria-label={t`Working time by period`}>
        {shown.map((g) => {
          const key = g.periodStart;
          const span = groupSpan(g);
          return (
            <Card key={key} withBorder radius="md" padding="sm" data-testid="work-day">
              <UnstyledButton onClick={() => toggle(key)} aria-expanded={open.has(key)} w="100%">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={700}>{g.label}</Text>
                    <Text fz="sm" c="dimmed">
                      {span.start ? `${formatTime(span.start)} – ${span.end ? formatTime(span.end) : t`now`}` : t`No work`}
                    </Text>
                  </div>
                  <Group gap={6} wrap="nowrap">
                    <Warnings warnings={g.warnings} compact />
                    {open.has(key) ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                  </Group>
                </Group>
                <SimpleGrid cols={3} mt="xs" spacing={4}>
                  <div>
                    <Text fz="xs" c="dimmed">
                      <Trans>Work</Trans>
                    </Text>
                    <Text fz="sm" fw={600} ff="monospace">
                      {formatDuration(g.workSeconds)}
                    </Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      <Trans>Breaks</Trans>
                    </Text>
                    <Text fz="sm" ff="monospace">
                      {formatDuration(g.breakSeconds)}
                    </Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      <Trans>Overtime</Trans>
                    </Text>
                    <Text fz="sm" ff="monospace" c={overtimeColor(g.overtimeSeconds)}>
                      {formatOvertime(g.overtimeSeconds)}
                    </Text>
                  </div>
                </SimpleGrid>
              </UnstyledButton>
              {open.has(key) ? <GroupDetails group={g} grouping={grouping} actions={actions} /> : null}
            </Card>
          );
        })}
      </Stack>
    );
  } else {
    body = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" highlightOnHover miw={820} aria-label={t`Working time by period`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36} />
                <Table.Th>{grouping === 'day' ? <Trans>Day</Trans> : grouping === 'week' ? <Trans>Week</Trans> : <Trans>Month</Trans>}</Table.Th>
                <Table.Th>
                  <Trans>From – to</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Work</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Breaks</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Target</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Overtime</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Warnings</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
              {shown.map((g) => {
                const key = g.periodStart;
                const span = groupSpan(g);
                const expanded = open.has(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr data-testid="work-day" onClick={() => toggle(key)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-expanded={expanded}
                          aria-label={expanded ? t`Hide details of ${g.label}` : t`Show details of ${g.label}`}
                        >
                          {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td fw={600}>{g.label}</Table.Td>
                      <Table.Td>{span.start ? `${formatTime(span.start)} – ${span.end ? formatTime(span.end) : t`now`}` : '–'}</Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatDuration(g.workSeconds)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatDuration(g.breakSeconds)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {formatDuration(g.targetSeconds)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace" c={overtimeColor(g.overtimeSeconds)}>
                        {formatOvertime(g.overtimeSeconds)}
                      </Table.Td>
                      <Table.Td>
                        <Warnings warnings={g.warnings} compact />
                      </Table.Td>
                    </Table.Tr>
                    {expanded ? (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={7}>
                          <GroupDetails group={g} grouping={grouping} actions={actions} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <>
      <Totals groups={groups} />
      {header}
      {body}
      <SegmentEditModal track={editing?.track ?? null} segment={editing?.segment ?? null} onClose={() => setEditing(null)} />
    </>
  );
}

/** One summary row per member; a click opens the member. */
export function AllMembersWorkingTime({
  members,
  grouping,
  range,
  showEmpty,
  onPick,
}: {
  members: User[];
  grouping: Grouping;
  range: DayRange;
  showEmpty: boolean;
  onPick: (memberId: string) => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const results = useQueries({
    queries: members.map((m) => ({
      ...userTimeTracksGetListGroupedOptions({ query: groupedQuery(m.id, grouping, range) }),
      placeholderData: keepPreviousData,
    })),
  });
  const rows = members.map((m, i) => ({ member: m, groups: results[i]?.data?.data.items ?? [], pending: results[i]?.isPending ?? true }));
  const loading = rows.some((r) => r.pending);
  const exporter = useExport(
    () => rows.map((r) => ({ memberName: memberName(r.member), groups: r.groups })),
    fileSafe(`${t`working-time`}_${t`all`}_${range.from}_${range.to}`),
    showEmpty,
  );
  const all = rows.flatMap((r) => r.groups);

  return (
    <>
      <Totals groups={all} />
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600}>
          <Trans>All members</Trans>
        </Text>
        <ExportButtons onCsv={exporter.csv} onXlsx={exporter.xlsx} disabled={loading || members.length === 0} />
      </Group>
      {phone ? (
        <Stack gap="sm">
          {rows.map(({ member, groups, pending }) => {
            const total = totalsOf(groups);
            return (
              <Card key={member.id} withBorder radius="md" padding="sm" component="button" onClick={() => onPick(member.id)} style={{ textAlign: 'left' }}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} truncate>
                    {memberName(member)}
                  </Text>
                  {total.warnings > 0 ? (
                    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                      {total.warnings}
                    </Badge>
                  ) : null}
                </Group>
                {pending ? (
                  <Skeleton height={16} mt="xs" />
                ) : (
                  <Text fz="sm" c="dimmed" mt={4}>
                    <Trans>
                      Work {formatDuration(total.workSeconds)} · Overtime {formatOvertime(total.overtimeSeconds)}
                    </Trans>
                  </Text>
                )}
              </Card>
            );
          })}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table verticalSpacing="xs" highlightOnHover miw={760} aria-label={t`Working time of all members`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Member</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Days worked</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Work</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Breaks</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Target</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Overtime</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Warnings</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ member, groups, pending }) => {
                  const total = totalsOf(groups);
                  return (
                    <Table.Tr key={member.id} onClick={() => onPick(member.id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <UnstyledButton fw={600} onClick={() => onPick(member.id)}>
                          {memberName(member)}
                        </UnstyledButton>
                      </Table.Td>
                      {pending ? (
                        <Table.Td colSpan={6}>
                          <Skeleton height={16} />
                        </Table.Td>
                      ) : (
                        <>
                          <Table.Td ta="right">{total.days}</Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {formatDuration(total.workSeconds)}
                          </Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {formatDuration(total.breakSeconds)}
                          </Table.Td>
                          <Table.Td ta="right" ff="monospace">
                            {formatDuration(total.targetSeconds)}
                          </Table.Td>
                          <Table.Td ta="right" ff="monospace" c={overtimeColor(total.overtimeSeconds)}>
                            {formatOvertime(total.overtimeSeconds)}
                          </Table.Td>
                          <Table.Td>
                            <Warnings warnings={groups.flatMap((g) => g.warnings)} compact />
                          </Table.Td>
                        </>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      )}
    </>
  );
}

export { memberName };
