/**
 * Corrections with an audit trail: a segment of working time (`UserTimeTracks/UpdateSegment`,
 * `DeleteSegment`) and a customer time track (`TimeTracks/Create`, `Update`, `Delete`). Every
 * modal says that the change is recorded; deletions ask first. The server's field errors land on
 * the fields, its business errors (overlaps, locks) in the toast.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  customersGetAllOptions,
  timeTracksCreateMutation,
  timeTracksUpdateMutation,
  userTimeTracksUpdateSegmentMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import type { TimeTrack, UserTimeTrack, UserTimeTrackSegment } from '../../../generated/api/types.gen';
import { applyServerFieldErrors } from '../../lib/form-validation';
import { showSuccess } from '../../lib/notifications';
import { timersChanged, workingTimeChanged } from '../../lib/data-events';
import { formatDateTime, formatTime, fromLocalInput, inputToIso, toLocalInput } from './format';

interface SpanValues {
  startedAtUtc: string;
  endedAtUtc: string;
}

function useSpanValidation() {
  const { t } = useLingui();
  return (values: SpanValues, endRequired: boolean) => {
    const errors: Record<string, string> = {};
    const start = fromLocalInput(values.startedAtUtc);
    const end = fromLocalInput(values.endedAtUtc);
    if (!start) errors.startedAtUtc = t`Please enter a start.`;
    if (endRequired && !end) errors.endedAtUtc = t`Please enter an end.`;
    if (start && end && end <= start) errors.endedAtUtc = t`The end must be after the start.`;
    const soon = Date.now() + 60_000;
    if ((start && Date.parse(start) > soon) || (end && Date.parse(end) > soon)) {
      errors[end && Date.parse(end) > soon ? 'endedAtUtc' : 'startedAtUtc'] = t`Times may not lie in the future.`;
    }
    return errors;
  };
}

export function SegmentEditModal({
  track,
  segment,
  onClose,
}: {
  track: UserTimeTrack | null;
  segment: UserTimeTrackSegment | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const validate = useSpanValidation();
  const open = segment?.endedAtUtc === null;
  const form = useForm<SpanValues>({ mode: 'controlled', initialValues: { startedAtUtc: '', endedAtUtc: '' } });
  const segmentId = segment?.id;
  useEffect(() => {
    if (!segment) return;
    form.setValues({ startedAtUtc: toLocalInput(segment.startedAtUtc), endedAtUtc: toLocalInput(segment.endedAtUtc) });
    form.clearErrors();
    // Load the values once per opened segment, not on every refetch of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [segmentId]);
  const update = useMutation({
    ...userTimeTracksUpdateSegmentMutation(),
    onSuccess: async () => {
      await workingTimeChanged(queryClient);
      showSuccess(t`The segment was changed.`);
      close();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });

  const close = () => onClose();

  const submit = form.onSubmit((values) => {
    const errors = validate(values, !open);
    if (Object.keys(errors).length) return form.setErrors(errors);
    update.mutate({
      body: {
        userTimeTrackId: track!.id,
        segmentId: segment!.id,
        startedAtUtc: inputToIso(values.startedAtUtc, segment!.startedAtUtc)!,
        endedAtUtc: open ? null : inputToIso(values.endedAtUtc, segment!.endedAtUtc),
      },
    });
  });

  const title = segment?.kind === 'break' ? t`Correct break` : t`Correct work segment`;
  const before = segment ? `${formatDateTime(segment.startedAtUtc)} – ${segment.endedAtUtc ? formatTime(segment.endedAtUtc) : t`now`}` : '';
  return (
    <Modal opened={!!segment} onClose={close} title={title} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            <Trans>Recorded: {before}</Trans>
          </Text>
          <TextInput type="datetime-local" label={t`Start`} required {...form.getInputProps('startedAtUtc')} />
          <TextInput
            type="datetime-local"
            label={t`End`}
            required={!open}
            disabled={open}
            description={open ? t`Still running: it ends when you switch or clock out.` : undefined}
            {...form.getInputProps('endedAtUtc')}
          />
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            <Trans>The neighbouring segments move with it. The change is kept in the audit trail with your name.</Trans>
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={update.isPending}>
              <Trans>Save change</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface TrackValues extends SpanValues {
  customerId: string;
  description: string;
}

/** Record a customer time by hand (no `track`) or correct one. */
export function TimeTrackFormModal({ opened, track, onClose }: { opened: boolean; track?: TimeTrack | null; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const validate = useSpanValidation();
  const running = track?.status === 'running';
  const form = useForm<TrackValues>({ mode: 'controlled', initialValues: { customerId: '', startedAtUtc: '', endedAtUtc: '', description: '' } });
  const key = opened ? (track?.id ?? 'new') : null;
  useEffect(() => {
    if (!key) return;
    form.setValues({
      customerId: track?.customerId ?? '',
      startedAtUtc: toLocalInput(track?.startedAtUtc),
      endedAtUtc: toLocalInput(track?.endedAtUtc),
      description: track?.description ?? '',
    });
    form.clearErrors();
    // Load the values once per opened track, not on every refetch of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 250);
  const customers = useQuery({
    ...customersGetAllOptions({ query: { page: 1, pageSize: 20, filter: filter || undefined, orderBy: 'displayName', isDescending: false, includeArchived: false } }),
    enabled: opened && !track,
    placeholderData: keepPreviousData,
  });
  const done = async () => {
    await timersChanged(queryClient);
    showSuccess(track ? t`The time entry was changed.` : t`The time entry was recorded.`);
    close();
  };
  const create = useMutation({ ...timeTracksCreateMutation(), onSuccess: done, onError: (error) => applyServerFieldErrors(form, error) });
  const update = useMutation({ ...timeTracksUpdateMutation(), onSuccess: done, onError: (error) => applyServerFieldErrors(form, error) });

  function close() {
    setSearch('');
    onClose();
  }

  const submit = form.onSubmit((values) => {
    const errors = validate(values, !running);
    if (!track && !values.customerId) errors.customerId = t`Please choose a customer.`;
    if (Object.keys(errors).length) return form.setErrors(errors);
    const description = values.description.trim() || null;
    if (track) {
      update.mutate({
        body: {
          id: track.id,
          startedAtUtc: inputToIso(values.startedAtUtc, track.startedAtUtc)!,
          endedAtUtc: running ? null : inputToIso(values.endedAtUtc, track.endedAtUtc),
          description,
        },
      });
    } else {
      create.mutate({
        body: { customerId: values.customerId, startedAtUtc: fromLocalInput(values.startedAtUtc)!, endedAtUtc: fromLocalInput(values.endedAtUtc)!, description },
      });
    }
  });

  const options = (customers.data?.data.items ?? []).map((c) => ({ value: c.id, label: c.displayName }));
  return (
    <Modal opened={opened} onClose={close} title={track ? t`Correct time entry` : t`Record time`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {track ? (
            <Text fw={600}>{track.customerName}</Text>
          ) : (
            <Select
              label={t`Customer`}
              placeholder={t`Search a customer`}
              searchable
              required
              data={options}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={t`No customer matches.`}
              {...form.getInputProps('customerId')}
            />
          )}
          <TextInput type="datetime-local" label={t`Start`} required {...form.getInputProps('startedAtUtc')} />
          <TextInput
            type="datetime-local"
            label={t`End`}
            required={!running}
            disabled={running}
            description={running ? t`The timer is still running; stop it in the bar.` : undefined}
            {...form.getInputProps('endedAtUtc')}
          />
          <Textarea label={t`Description`} autosize minRows={2} maxLength={1000} {...form.getInputProps('description')} />
          {track ? (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              <Trans>The change is kept in the audit trail with your name.</Trans>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {track ? <Trans>Save change</Trans> : <Trans>Record</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
