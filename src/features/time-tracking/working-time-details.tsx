/** A period's shifts and their work and break segments, each correctable where allowed. */
import { TABULAR, dateTimeFormat } from '../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userTimeTracksGetListGroupedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { IconCoffee, IconHistory, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { UserTimeTrack, UserTimeTrackGroup, UserTimeTrackSegment, UserTimeTracksGetListGroupedData } from '../../../generated/api/types.gen';
import { formatDuration, formatTime } from './format';
import classes from './time-tracking.module.css';
import { useNow } from './use-time-tracking';
import { Warnings, type Grouping } from './working-time-summary';

export interface SegmentActions {
  canEdit: (track: UserTimeTrack) => boolean;
  onEdit: (track: UserTimeTrack, segment: UserTimeTrackSegment) => void;
  onDelete: (track: UserTimeTrack, segment: UserTimeTrackSegment) => void;
  /** Adds a forgotten break to the track. */
  onAddBreak: (track: UserTimeTrack) => void;
}

function TrackDetails({ track, showDate, actions }: { track: UserTimeTrack; showDate: boolean; actions: SegmentActions }) {
  const { t, i18n } = useLingui();
  const editable = actions.canEdit(track);
  const now = useNow(30_000);
  const date = showDate ? dateTimeFormat(i18n.locale === 'en' ? 'en-US' : 'de-DE', { weekday: 'short', day: '2-digit', month: '2-digit' }).format(new Date(track.startedAtUtc)) + ', ' : '';
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
          {track.addedLater ? (
            <Badge size="xs" color="blue" variant="light" leftSection={<IconHistory size={10} />} title={t`Entered afterwards, not clocked live`}>
              <Trans>Added later</Trans>
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
            <Text fz="sm" style={TABULAR} c="dimmed" className={classes.segmentDuration}>
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
      {editable ? (
        <Group justify="flex-end" mt={4}>
          <Button variant="subtle" size="compact-sm" color="yellow" leftSection={<IconCoffee size={14} />} onClick={() => actions.onAddBreak(track)}>
            <Trans>Add a forgotten break</Trans>
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * An opened group: its warnings and shifts. `shifts`: the group came without its shifts, they are
 * asked for with this query (`groupShiftsQuery`).
 */
export function GroupDetails({
  group,
  grouping,
  actions,
  shifts,
}: {
  group: UserTimeTrackGroup;
  grouping: Grouping;
  actions: SegmentActions;
  shifts?: UserTimeTracksGetListGroupedData['query'];
}) {
  return (
    <Stack gap="xs" py="xs">
      {group.warnings.length > 0 ? <Warnings warnings={group.warnings} /> : null}
      {group.trackCount === 0 ? (
        <Text fz="sm" c="dimmed">
          <Trans>No working time recorded.</Trans>
        </Text>
      ) : shifts ? (
        <LoadedShifts query={shifts} count={group.trackCount} showDate={grouping !== 'day'} actions={actions} />
      ) : (
        group.tracks.map((track) => <TrackDetails key={track.id} track={track} showDate={grouping !== 'day'} actions={actions} />)
      )}
    </Stack>
  );
}

function LoadedShifts({ query, count, showDate, actions }: { query: UserTimeTracksGetListGroupedData['query']; count: number; showDate: boolean; actions: SegmentActions }) {
  const { t } = useLingui();
  const result = useQuery({ ...userTimeTracksGetListGroupedOptions({ query }), placeholderData: keepPreviousData });
  const tracks = result.data?.data.items[0]?.tracks;
  if (tracks) return tracks.map((track) => <TrackDetails key={track.id} track={track} showDate={showDate} actions={actions} />);
  if (result.isError) {
    return (
      <Group gap="xs">
        <Text fz="sm" c="red">
          <Trans>The shifts could not be loaded.</Trans>
        </Text>
        <Button variant="default" size="compact-sm" loading={result.isFetching} onClick={() => void result.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading shifts`}>
      {Array.from({ length: Math.min(count, 3) }, (_, i) => (
        <Skeleton key={i} height={64} radius="sm" />
      ))}
    </Stack>
  );
}
