/** Pieces both working-time overviews show: totals of the period, law warnings, overtime colour. */
import { TABULAR } from '../../lib/format';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LawWarning, User, UserTimeTrackGroup } from '../../../generated/api/types.gen';
import { rangeToQuery, type DayRange } from '../../lib/periods';
import { formatDuration, formatOvertime } from './format';
import { totalsOf } from './working-time-export';

export type Grouping = 'day' | 'week' | 'month';

export const memberName = (m: Pick<User, 'firstName' | 'lastName' | 'email'>) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/**
 * The groups of a period. `includeTracks: false`: without their shifts (weeks and months, all
 * members), which `groupShiftsQuery` then asks for one opened group at a time.
 */
export function groupedQuery(ownerId: string | undefined, grouping: Grouping, range: DayRange, includeTracks = true) {
  return { ownerId, grouping, ...rangeToQuery(range), fillEmpty: true, page: 1, pageSize: 500, ...(includeTracks ? {} : { includeTracks }) };
}

/** One group's shifts: the group's own period inside the chosen range (a single group answers). */
export function groupShiftsQuery(ownerId: string | undefined, grouping: Grouping, range: DayRange, group: Pick<UserTimeTrackGroup, 'periodStart' | 'periodEnd'>) {
  const { fromDate, toDate } = rangeToQuery(range);
  const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
  const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);
  return { ownerId, grouping, fromDate: later(fromDate, group.periodStart), toDate: earlier(toDate, group.periodEnd), fillEmpty: true, page: 1, pageSize: 1 };
}

function Stat({ label, value, tone }: { label: ReactNode; value: string; tone?: 'positive' | 'negative' | 'warning' }) {
  const color = tone === 'positive' ? 'emerald' : tone === 'negative' ? 'red' : tone === 'warning' ? 'orange' : undefined;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={700} c={color} style={TABULAR}>
        {value}
      </Text>
    </Paper>
  );
}

export function Totals({ groups }: { groups: UserTimeTrackGroup[] }) {
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

export function Warnings({ warnings, compact }: { warnings: LawWarning[]; compact?: boolean }) {
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

/** Green for overtime, red for undertime, by the whole minutes shown. */
export function overtimeColor(seconds: number) {
  const minutes = Math.trunc(seconds / 60);
  return minutes > 0 ? 'emerald' : minutes < 0 ? 'red' : undefined;
}

/** The table headers of the figures both overviews show per row. */
export function FigureHeaders() {
  return (
    <>
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
    </>
  );
}

interface Figures {
  workSeconds: number;
  breakSeconds: number;
  targetSeconds: number;
  overtimeSeconds: number;
}

/** A row's work, breaks, target, overtime (coloured) and law warnings. */
export function FigureCells({ figures, warnings }: { figures: Figures; warnings: LawWarning[] }) {
  return (
    <>
      <Table.Td ta="right" style={TABULAR}>
        {formatDuration(figures.workSeconds)}
      </Table.Td>
      <Table.Td ta="right" style={TABULAR}>
        {formatDuration(figures.breakSeconds)}
      </Table.Td>
      <Table.Td ta="right" style={TABULAR}>
        {formatDuration(figures.targetSeconds)}
      </Table.Td>
      <Table.Td ta="right" style={TABULAR} c={overtimeColor(figures.overtimeSeconds)}>
        {formatOvertime(figures.overtimeSeconds)}
      </Table.Td>
      <Table.Td>
        <Warnings warnings={warnings} compact />
      </Table.Td>
    </>
  );
}
