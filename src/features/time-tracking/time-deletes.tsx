/**
 * Deleting a segment of a member's working time or a customer time track, each after asking. Apart
 * from the edit dialogs (edit-modals.tsx), which load when first opened.
 */
import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { timeTracksDeleteMutation, userTimeTracksDeleteSegmentMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { TimeTrack, UserTimeTrack, UserTimeTrackSegment } from '../../../generated/api/types.gen';
import { showSuccess } from '../../lib/notifications';
import { timersChanged, workingTimeChanged } from '../../lib/data-events';
import { formatDateTime, formatTime } from './format';

/** Asks, then deletes a segment (its time goes to the neighbour before it). */
export function useDeleteSegment() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...userTimeTracksDeleteSegmentMutation(),
    onSuccess: async () => {
      await workingTimeChanged(queryClient);
      showSuccess(t`The segment was deleted.`);
    },
  });
  return (track: UserTimeTrack, segment: UserTimeTrackSegment) => {
    const kind = segment.kind === 'break' ? t`Break` : t`Work`;
    const span = `${formatDateTime(segment.startedAtUtc)} – ${formatTime(segment.endedAtUtc)}`;
    modals.openConfirmModal({
      title: t`Delete segment?`,
      children: (
        <Text fz="sm">
          {t`${kind} ${span} will be removed. Its time goes to the segment before it; the deletion is kept in the audit trail.`}
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ body: { userTimeTrackId: track.id, segmentId: segment.id } }),
    });
  };
}

/** Asks, then deletes a customer time track. */
export function useDeleteTimeTrack() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...timeTracksDeleteMutation(),
    onSuccess: async () => {
      await timersChanged(queryClient);
      showSuccess(t`The time entry was deleted.`);
    },
  });
  return (track: TimeTrack) => {
    const customer = track.customerName;
    const when = formatDateTime(track.startedAtUtc);
    modals.openConfirmModal({
      title: t`Delete time entry?`,
      children: <Text fz="sm">{t`The time for ${customer} from ${when} will be deleted. The deletion is kept in the audit trail.`}</Text>,
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ path: { id: track.id } }),
    });
  };
}
