/**
 * Working time entered afterwards (`UserTimeTracks/AddDay`, `AddBreak`): a forgotten day with its
 * breaks, or a forgotten break in a recorded day. Both say that the time is marked "added later"
 * and kept in the audit trail, and how far back an Employee may go (the firm's `lateEntryDays`).
 * Times are entered on the device's clock; an end before the start means the shift ran past
 * midnight.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { managementGetTenantOptions, userTimeTracksAddBreakMutation, userTimeTracksAddDayMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { UserTimeTrack } from '../../../generated/api/types.gen';
import { workingTimeChanged } from '../../lib/data-events';
import { showSuccess } from '../../lib/notifications';
import { formatDate, formatTime } from './format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the device's calendar, as an `<input type="date">` value. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date and a clock time of the device's zone as an instant; `nextDay` moves it a day on. */
export function localInstant(date: string, time: string, nextDay = false): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const at = new Date(y, m - 1, d + (nextDay ? 1 : 0), h, min);
  return Number.isNaN(at.getTime()) ? null : at;
}

interface BreakRow {
  key: number;
  start: string;
  end: string;
}

/**
 * The day as the call wants it: start, end (the next day when it is not after the start) and the
 * breaks, each placed on the day's calendar date or the next one, so that it falls inside the day.
 */
export function dayBody(date: string, start: string, end: string, breaks: { start: string; end: string }[]) {
  const from = localInstant(date, start);
  const endSameDay = localInstant(date, end);
  if (!from || !endSameDay) return null;
  const to = endSameDay > from ? endSameDay : localInstant(date, end, true)!;
  const place = (time: string) => {
    const sameDay = localInstant(date, time);
    if (!sameDay) return null;
    return sameDay >= from ? sameDay : localInstant(date, time, true);
  };
  const placed = breaks.map((b) => ({
    start: place(b.start),
    end: place(b.end),
  }));
  if (placed.some((b) => !b.start || !b.end)) return null;
  return {
    startedAtUtc: from.toISOString(),
    endedAtUtc: to.toISOString(),
    breaks: placed.map((b) => ({
      startedAtUtc: b.start!.toISOString(),
      endedAtUtc: b.end!.toISOString(),
    })),
  };
}

/** "Employees can add working time up to 7 days back." from the firm's setting. */
function LimitNote() {
  const { t } = useLingui();
  const tenant = useQuery({
    ...managementGetTenantOptions(),
    staleTime: 60_000,
    meta: { silent: true },
  });
  const days = tenant.data?.data?.lateEntryDays;
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
      <Stack gap={4}>
        <Text fz="sm">
          <Trans>The time is marked “added later” and kept in the audit trail with your name.</Trans>
        </Text>
        {days === undefined ? null : (
          <Text fz="sm">
            {days === 0
              ? t`Employees can add only today afterwards; managers can add any day.`
              : plural(days, {
                  one: 'Employees can add working time up to # day back; managers can add any day.',
                  other: 'Employees can add working time up to # days back; managers can add any day.',
                })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** A forgotten day: date, start, end and any number of breaks. */
export function AddDayModal({ opened, ownerId, memberLabel, onClose }: { opened: boolean; ownerId: string | undefined; memberLabel: string; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [start, setStart] = useState('07:00');
  const [end, setEnd] = useState('16:00');
  const [breaks, setBreaks] = useState<BreakRow[]>([{ key: 1, start: '12:00', end: '12:30' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = () => {
    setDate('');
    setStart('07:00');
    setEnd('16:00');
    setBreaks([{ key: 1, start: '12:00', end: '12:30' }]);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };
  const add = useMutation({
    ...userTimeTracksAddDayMutation(),
    onSuccess: async (answer) => {
      await workingTimeChanged(queryClient);
      const warnings = answer.data.warnings.length;
      showSuccess(
        warnings > 0
          ? plural(warnings, {
              one: 'The day was added. Note the working-time warning.',
              other: 'The day was added. Note the # working-time warnings.',
            })
          : t`The day was added.`,
      );
      close();
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!date) found.date = t`Please choose the day.`;
    else if (date > localToday()) found.date = t`Times may not lie in the future.`;
    if (!start) found.start = t`Please enter a start.`;
    if (!end) found.end = t`Please enter an end.`;
    breaks.forEach((b) => {
      if (!b.start || !b.end) found[`break${b.key}`] = t`Please enter the start and end of the break.`;
    });
    const body = Object.keys(found).length === 0 ? dayBody(date, start, end, breaks) : null;
    if (!body) {
      setErrors(Object.keys(found).length ? found : { date: t`Please check the times.` });
      return;
    }
    setErrors({});
    add.mutate({ body: { ...body, ...(ownerId ? { ownerId } : {}) } });
  };

  const nextKey = () => Math.max(0, ...breaks.map((b) => b.key)) + 1;
  return (
    <Modal opened={opened} onClose={close} title={t`Add a working day`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            <Trans>For a day you forgot to clock in: {memberLabel}</Trans>
          </Text>
          <TextInput
            type="date"
            label={t`Day`}
            required
            data-autofocus
            max={localToday()}
            value={date}
            error={errors.date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Group grow gap="sm" align="flex-start">
            <TextInput type="time" label={t`Start`} required value={start} error={errors.start} onChange={(e) => setStart(e.currentTarget.value)} />
            <TextInput type="time" label={t`End`} required value={end} error={errors.end} onChange={(e) => setEnd(e.currentTarget.value)} />
          </Group>
          <Stack gap={6} role="group" aria-label={t`Breaks`}>
            <Text fz="sm" fw={500}>
              <Trans>Breaks</Trans>
            </Text>
            {breaks.length === 0 ? (
              <Text fz="sm" c="dimmed">
                <Trans>No breaks.</Trans>
              </Text>
            ) : null}
            {breaks.map((b, i) => {
              const n = i + 1;
              return (
                <Group key={b.key} gap="xs" wrap="nowrap" align="flex-start">
                  <TextInput
                    type="time"
                    aria-label={t`Start of break ${n}`}
                    value={b.start}
                    style={{ flex: 1 }}
                    error={errors[`break${b.key}`]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setBreaks((all) => all.map((x) => (x.key === b.key ? { ...x, start: value } : x)));
                    }}
                  />
                  <Text pt={6}>–</Text>
                  <TextInput
                    type="time"
                    aria-label={t`End of break ${n}`}
                    value={b.end}
                    style={{ flex: 1 }}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setBreaks((all) => all.map((x) => (x.key === b.key ? { ...x, end: value } : x)));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t`Remove break ${n}`}
                    onClick={() => setBreaks((all) => all.filter((x) => x.key !== b.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                disabled={breaks.length >= 20}
                onClick={() => setBreaks((all) => [...all, { key: nextKey(), start: '', end: '' }])}
              >
                <Trans>Add break</Trans>
              </Button>
            </Group>
          </Stack>
          <LimitNote />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={add.isPending}>
              <Trans>Add day</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A forgotten break in a recorded day (or today's running working time). */
export function AddBreakModal({ track, onClose }: { track: UserTimeTrack | null; onClose: () => void }) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setStart('');
    setEnd('');
    setError(null);
    onClose();
  };
  const add = useMutation({
    ...userTimeTracksAddBreakMutation(),
    onSuccess: async () => {
      await workingTimeChanged(queryClient);
      showSuccess(t`The break was added.`);
      close();
    },
  });
  const day = track ? localToday(new Date(track.startedAtUtc)) : '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!track) return;
    const from = localInstant(day, start);
    const toSameDay = localInstant(day, end);
    if (!from || !toSameDay) {
      setError(t`Please enter the start and end of the break.`);
      return;
    }
    // A break after midnight of a night shift lies on the next calendar day.
    const shift = (at: Date, time: string) => (at.getTime() < Date.parse(track.startedAtUtc) ? localInstant(day, time, true)! : at);
    const startAt = shift(from, start);
    const endAt = shift(toSameDay, end);
    if (endAt <= startAt) {
      setError(t`The end must be after the start.`);
      return;
    }
    setError(null);
    add.mutate({
      body: {
        userTimeTrackId: track.id,
        startedAtUtc: startAt.toISOString(),
        endedAtUtc: endAt.toISOString(),
      },
    });
  };
  const span = track ? `${formatDate(track.startedAtUtc)}, ${formatTime(track.startedAtUtc)} – ${track.endedAtUtc ? formatTime(track.endedAtUtc) : t`now`}` : '';
  return (
    <Modal opened={!!track} onClose={close} title={t`Add a break`} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            <Trans>Working time: {span}</Trans>
          </Text>
          <Group grow gap="sm" align="flex-start">
            <TextInput type="time" label={t`Start of break`} required data-autofocus value={start} error={error} onChange={(e) => setStart(e.currentTarget.value)} />
            <TextInput type="time" label={t`End of break`} required value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
          </Group>
          <LimitNote />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={add.isPending}>
              <Trans>Add break</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
