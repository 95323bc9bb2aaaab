/**
 * One member's working time in a period: the days (or weeks, months) with work, breaks, target,
 * overtime and law warnings, each opening to its shifts and segments (correctable). A table on
 * wide screens, cards on phones.
 */
import { TABULAR } from '../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Card, Group, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarPlus, IconChevronDown, IconChevronRight, IconClockHour4 } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { userTimeTracksGetListGroupedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { UserTimeTrack, UserTimeTrackGroup, UserTimeTrackSegment } from '../../../generated/api/types.gen';
import { EmptyState } from '../../components/empty-state';
import { rangeDays, type DayRange } from '../../lib/periods';
import { useMountedOnce } from '../../lib/use-lazy-dialog';
import { useDeleteSegment } from './time-deletes';

/** Correcting a segment: the form loads at its first opening. */
const SegmentEditModal = lazy(() => import('./edit-modals').then((module) => ({ default: module.SegmentEditModal })));
/** Working time added afterwards: the forms load at their first opening. */
const AddDayModal = lazy(() => import('./late-entry-modals').then((module) => ({ default: module.AddDayModal })));
const AddBreakModal = lazy(() => import('./late-entry-modals').then((module) => ({ default: module.AddBreakModal })));
import { formatDuration, formatOvertime, formatTime } from './format';
import { GroupDetails, type SegmentActions } from './working-time-details';
import { fileSafe, TableExportButtons } from '../../components/table-export-buttons';
import { workingTimeTable } from './working-time-export';
import { coveredDays, formatDays, groupSpan } from './working-time-export';
import { useWaitingList, WaitingChanges } from '../../components/waiting-changes';
import type { WaitingChange } from '../../lib/offline-queue';
import { FigureCells, FigureHeaders, Totals, Warnings, groupShiftsQuery, groupedQuery, overtimeColor, type Grouping } from './working-time-summary';

const CLOCKING = new Set<WaitingChange['name']>(['clockIn', 'workingSegment', 'clockOut']);

/** The longest period of days whose shifts come with the list (a month). */
const DAYS_WITH_SHIFTS = 31;

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
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  // A week or month, or the days of more than a month, come without their shifts; a row's shifts
  // load when it is opened (a year is 255 shifts nobody reads at once). Up to a month of days the
  // shifts come with the list, so opening a day to correct it does not wait.
  const withShifts = grouping === 'day' && rangeDays(range) <= DAYS_WITH_SHIFTS;
  const result = useQuery({ ...userTimeTracksGetListGroupedOptions({ query: groupedQuery(ownerId, grouping, range, withShifts) }), placeholderData: keepPreviousData });
  const shiftsOf = (g: UserTimeTrackGroup) => (withShifts ? undefined : groupShiftsQuery(ownerId, grouping, range, g));
  // A week or month row names the days it covers (and its target counts), not a time of day.
  const daysOf = (g: { periodStart: string; periodEnd: string }) => {
    const days = coveredDays(g, range);
    return days ? formatDays(days, i18n.locale === 'en' ? 'en-GB' : 'de-DE') : '–';
  };
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<{ track: UserTimeTrack; segment: UserTimeTrackSegment } | null>(null);
  // Mounted from the first opening on (its code loads then), so it can animate its closing.
  const editMounted = useMountedOnce(editing !== null);
  const [addingDay, setAddingDay] = useState(false);
  const addDayMounted = useMountedOnce(addingDay);
  const [addingBreak, setAddingBreak] = useState<UserTimeTrack | null>(null);
  const addBreakMounted = useMountedOnce(addingBreak !== null);
  const mayAdd = canEditOthers || ownerId === undefined || ownerId === selfId;
  const deleteSegment = useDeleteSegment();
  const groups = result.data?.data.items ?? [];
  // The member's own clocking that waits for the connection (decision 0042).
  const own = ownerId === undefined || ownerId === selfId;
  const waiting = useWaitingList((change) => own && CLOCKING.has(change.name));

  const actions: SegmentActions = {
    canEdit: (track) => !track.processed && (canEditOthers || track.ownerId === selfId),
    onEdit: (track, segment) => setEditing({ track, segment }),
    onDelete: deleteSegment,
    onAddBreak: (track) => setAddingBreak(track),
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
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading working time`}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (result.isError && !result.data) {
    return (
      <>
        <WaitingChanges changes={waiting} />
        <EmptyState icon={IconClockHour4} title={<Trans>The working time could not be loaded</Trans>}>
          <Trans>Please check your connection and try again.</Trans>
          <Group justify="center" mt="md">
            <Button variant="default" loading={result.isFetching} onClick={() => void result.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </EmptyState>
      </>
    );
  }

  const shown = groups.filter((g) => showEmpty || g.trackCount > 0 || g.warnings.length > 0);
  const header = (
    <Group justify="space-between" mb="xs" gap="xs">
      <Text fw={600}>{memberLabel}</Text>
      <Group gap="xs">
        {mayAdd ? (
          <Button variant="light" size="compact-sm" leftSection={<IconCalendarPlus size={16} />} onClick={() => setAddingDay(true)}>
            <Trans>Add a forgotten day</Trans>
          </Button>
        ) : null}
        <TableExportButtons
          table={() => workingTimeTable(i18n, [{ memberName: memberLabel, groups }], { includeEmpty: showEmpty })}
          fileName={fileSafe(`${t`working-time`}_${memberLabel}_${range.from}_${range.to}`)}
          sheetName={t`Working time`}
          disabled={groups.length === 0}
        />
      </Group>
    </Group>
  );

  let body: ReactNode;
  if (shown.length === 0) {
    body = (
      <EmptyState icon={IconClockHour4} title={<Trans>No working time in this period</Trans>}>
        <Trans>Clock in with the button at the top, or add a day you forgot; the days, breaks and totals of the period appear here.</Trans>
      </EmptyState>
    );
  } else if (phone) {
    body = (
      <Stack gap="sm" role="group" aria-label={t`Working time by period`}>
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
                      {grouping === 'day' ? (span.start ? `${formatTime(span.start)} – ${span.end ? formatTime(span.end) : t`now`}` : t`No work`) : daysOf(g)}
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
                    <Text fz="sm" fw={600} style={TABULAR}>
                      {formatDuration(g.workSeconds)}
                    </Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      <Trans>Breaks</Trans>
                    </Text>
                    <Text fz="sm" style={TABULAR}>
                      {formatDuration(g.breakSeconds)}
                    </Text>
                  </div>
                  <div>
                    <Text fz="xs" c="dimmed">
                      <Trans>Overtime</Trans>
                    </Text>
                    <Text fz="sm" style={TABULAR} c={overtimeColor(g.overtimeSeconds)}>
                      {formatOvertime(g.overtimeSeconds)}
                    </Text>
                  </div>
                </SimpleGrid>
              </UnstyledButton>
              {open.has(key) ? <GroupDetails group={g} grouping={grouping} actions={actions} shifts={shiftsOf(g)} /> : null}
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
                <Table.Th w={36}>
                  <VisuallyHidden>{t`Details`}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{grouping === 'day' ? <Trans>Day</Trans> : grouping === 'week' ? <Trans>Week</Trans> : <Trans>Month</Trans>}</Table.Th>
                <Table.Th>{grouping === 'day' ? <Trans>From – to</Trans> : <Trans>Days</Trans>}</Table.Th>
                <FigureHeaders />
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
                      <Table.Td>{grouping === 'day' ? (span.start ? `${formatTime(span.start)} – ${span.end ? formatTime(span.end) : t`now`}` : '–') : daysOf(g)}</Table.Td>
                      <FigureCells figures={g} warnings={g.warnings} />
                    </Table.Tr>
                    {expanded ? (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={7}>
                          <GroupDetails group={g} grouping={grouping} actions={actions} shifts={shiftsOf(g)} />
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
      {waiting.length > 0 ? (
        <div style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
          <WaitingChanges changes={waiting} />
        </div>
      ) : null}
      {body}
      {editMounted ? (
        <Suspense fallback={null}>
          <SegmentEditModal track={editing?.track ?? null} segment={editing?.segment ?? null} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {addDayMounted ? (
        <Suspense fallback={null}>
          <AddDayModal opened={addingDay} ownerId={ownerId} memberLabel={memberLabel} onClose={() => setAddingDay(false)} />
        </Suspense>
      ) : null}
      {addBreakMounted ? (
        <Suspense fallback={null}>
          <AddBreakModal track={addingBreak} onClose={() => setAddingBreak(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
