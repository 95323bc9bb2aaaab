/**
 * The dashboard (/, Admin, Manager and Owner): for a chosen period the new customers, new entries
 * and the time recorded for customers (`CustomerActivities/GetTotals`; -1 is shown as unavailable),
 * charts of those hours per day and per member (h:mm) and of the open value per customer (€, as an
 * invoice would bill it), the latest activity of all customers, who is clocked in and the timers
 * running right now: a manager's morning view.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconNotes, IconPlayerPlay, IconUsersPlus, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { customerActivitiesGetTotalsOptions, timeTracksGetOptions, userTimeTracksGetListOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-links';
import { TABULAR, formatDateTime, formatHours, formatMoney } from '../../lib/format';
import type { PeriodPreset } from '../../lib/periods';
import { PeriodFilter } from '../../components/period-filter';
import { ActivityFeed } from './activity-feed';
import { DashboardBarChart } from './dashboard-chart';
import { formatShortDay } from './format';
import { DASHBOARD_DEFAULT_PERIOD, periodQuery } from './search';
import { connectionLost } from '../../lib/offline-change';

interface DashboardSearch {
  period?: PeriodPreset;
  from?: string;
  to?: string;
}

function Stat({ icon: StatIcon, label, value, color }: { icon: Icon; label: ReactNode; value: ReactNode; color: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <StatIcon size={24} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function Section({ title, children, description }: { title: ReactNode; children: ReactNode; description?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="h5" mb={description ? 2 : 'sm'}>
        {title}
      </Title>
      {description ? (
        <Text fz="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

/** Axis labels of names: at most 18 characters (the full name is in the tooltip). */
// Axis names fit the axis' 130 px at the chart's font size; the full names are in the figure's label and the list.
const shorten = (value: string) => (value.length > 15 ? `${value.slice(0, 14)}…` : value);

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm" py="lg" ta="center">
      {children}
    </Text>
  );
}

function RunningTimers() {
  const { t } = useLingui();
  const timers = useQuery({
    ...timeTracksGetOptions({
      query: { includeRunning: true, includeStopped: false, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 20, orderBy: 'startedAtUtc', isDescending: true },
    }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  if (timers.isPending) return <Skeleton height={60} />;
  if (timers.isLoadingError || (timers.isRefetchError && !connectionLost(timers.error))) return <Quiet>{t`Running timers are not available.`}</Quiet>;
  const items = timers.data.data.items;
  if (items.length === 0) return <Quiet>{t`No timer is running.`}</Quiet>;
  return (
    <Stack gap="xs" role="list" aria-label={t`Running timers`}>
      {items.map((track) => (
        <Group key={track.id} justify="space-between" wrap="nowrap" role="listitem">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <AnchorLink to="/customer/$id" params={{ id: track.customerId }} fz="sm" fw={500} truncate>
              {track.customerName}
            </AnchorLink>
            <Text fz="xs" c="dimmed" truncate>
              {track.ownerName} · {t`since ${formatDateTime(track.startedAtUtc)}`}
            </Text>
          </Stack>
          <Badge variant="light" color="red" leftSection={<IconPlayerPlay size={10} />} style={{ flexShrink: 0 }}>
            {formatHours(track.durationSeconds)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

/** Who is clocked in right now (every member's active working time), and who is on a break. */
function ClockedIn() {
  const { t } = useLingui();
  const active = useQuery({
    ...userTimeTracksGetListOptions({
      query: { includeActive: true, includeEnded: false, includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 50, orderBy: 'ownerName', isDescending: false },
    }),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  if (active.isPending) return <Skeleton height={60} />;
  if (active.isLoadingError || (active.isRefetchError && !connectionLost(active.error))) return <Quiet>{t`Who is clocked in is not available.`}</Quiet>;
  const items = active.data.data.items;
  if (items.length === 0) return <Quiet>{t`Nobody is clocked in.`}</Quiet>;
  return (
    <Stack gap="xs" role="list" aria-label={t`Clocked in now`}>
      {items.map((track) => {
        const open = track.segments[track.segments.length - 1];
        const onBreak = open?.kind === 'break' && open.endedAtUtc === null;
        return (
          <Group key={track.id} justify="space-between" wrap="nowrap" role="listitem">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={500} truncate>
                {track.ownerName}
              </Text>
              <Text fz="xs" c="dimmed">
                {t`since ${formatDateTime(track.startedAtUtc)}`}
              </Text>
            </Stack>
            <Badge variant="light" color={onBreak ? 'yellow' : 'teal'} style={{ flexShrink: 0 }}>
              {onBreak ? t`On a break` : t`Working ${formatHours(track.workSeconds)}`}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

export function DashboardScreen({
  search,
  onSearch,
  overdue,
}: {
  search: DashboardSearch;
  onSearch: (patch: DashboardSearch) => void;
  /** The overdue invoices, which the invoice register provides (the route composes them). */
  overdue?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const period = periodQuery(search, DASHBOARD_DEFAULT_PERIOD);
  const totals = useQuery(customerActivitiesGetTotalsOptions({ query: period }));
  const data = totals.data?.data;
  const unavailable = data?.totalWorkingSeconds === -1;
  // Charts plot hours; their axes and tooltips say h:mm.
  const perDay = (data?.workingSecondsPerDay ?? []).map((d) => ({ day: formatShortDay(d.date), hours: d.seconds / 3600 }));
  const perMember = (data?.workingSecondsPerMember ?? []).map((m) => ({ member: m.memberName, hours: m.seconds / 3600 }));
  const open = data?.openPositionsPerCustomer ?? [];
  const hoursLabel = t`Hours`;
  const openLabel = t`Open value (net)`;
  const number = (n: number) => i18n.number(n);
  const hours = (value: number) => formatHours(Math.round(value * 3600));
  const money = (value: number) => formatMoney(value);

  return (
    <>
      <PageHeader
        title={<Trans>Dashboard</Trans>}
        description={<Trans>New customers, new entries, time recorded for customers and what is not yet billed, for the chosen period.</Trans>}
        actions={<PeriodFilter period={search.period} from={search.from} to={search.to} fallback={DASHBOARD_DEFAULT_PERIOD} onChange={onSearch} />}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Stat icon={IconUsersPlus} color="blue" label={<Trans>New customers</Trans>} value={data ? number(data.newCustomersCount) : <Skeleton h={28} w={60} />} />
          <Stat icon={IconNotes} color="yellow" label={<Trans>New entries</Trans>} value={data ? number(data.newInformationsCount) : <Skeleton h={28} w={60} />} />
          <Stat
            icon={IconClockHour4}
            color="teal"
            label={<Trans>Time for customers</Trans>}
            value={!data ? <Skeleton h={28} w={60} /> : unavailable ? <Text c="dimmed" fz="lg" fw={500}>{t`not available`}</Text> : formatHours(data.totalWorkingSeconds)}
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section
            title={<Trans>Hours per day</Trans>}
            description={<Trans>Time recorded for customers (stopped customer timers and time entries), not the clocked working time.</Trans>}
          >
            {!data ? (
              <Skeleton h={220} />
            ) : unavailable ? (
              <Quiet>{t`The working time is not available right now.`}</Quiet>
            ) : perDay.length === 0 ? (
              <Quiet>{t`No working time in this period.`}</Quiet>
            ) : (
              <DashboardBarChart
                h={220}
                data={perDay}
                dataKey="day"
                series={[{ name: 'hours', label: hoursLabel, color: 'teal.6' }]}
                valueFormatter={hours}
                // Whole hours on the axis (0:00 h, 1:00 h, …), not 0:39 h steps.
                yAxisProps={{ allowDecimals: false }}
                tickLine="y"
                gridAxis="y"
                // A picture to a screen reader, named with its figures.
                role="img"
                aria-label={`${t`Hours per day`}: ${perDay.filter((d) => d.hours > 0).map((d) => `${d.day} ${hours(d.hours)}`).join(', ')}`}
              />
            )}
          </Section>
          <Section title={<Trans>Hours per member</Trans>}>
            {!data ? (
              <Skeleton h={220} />
            ) : unavailable ? (
              <Quiet>{t`The working time is not available right now.`}</Quiet>
            ) : perMember.length === 0 ? (
              <Quiet>{t`No working time in this period.`}</Quiet>
            ) : (
              <DashboardBarChart
                h={Math.max(140, perMember.length * 40 + 40)}
                data={perMember}
                dataKey="member"
                orientation="vertical"
                yAxisProps={{ width: 130, tickFormatter: shorten }}
                xAxisProps={{ allowDecimals: false }}
                series={[{ name: 'hours', label: hoursLabel, color: 'blue.6' }]}
                valueFormatter={hours}
                gridAxis="x"
                role="img"
                aria-label={`${t`Hours per member`}: ${perMember.map((m) => `${m.member} ${hours(m.hours)}`).join(', ')}`}
              />
            )}
          </Section>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Section
            title={<Trans>Open value per customer</Trans>}
            description={<Trans>Times and materials not yet billed, net, as an invoice would bill them (working time rounded up to the quarter hour per customer); the ten customers with the most.</Trans>}
          >
            {!data ? (
              <Skeleton h={220} />
            ) : open.length === 0 ? (
              <Quiet>{t`No open positions in this period.`}</Quiet>
            ) : (
              <Stack gap="sm">
                <DashboardBarChart
                  h={Math.max(140, open.length * 36 + 40)}
                  data={open.map((o) => ({ customer: o.customerName, value: o.openAmount }))}
                  dataKey="customer"
                  orientation="vertical"
                  yAxisProps={{ width: 130, tickFormatter: shorten }}
                  series={[{ name: 'value', label: openLabel, color: 'orange.6' }]}
                  valueFormatter={money}
                  gridAxis="x"
                  // The list below gives the same figures as text.
                  role="img"
                  aria-label={`${t`Open value per customer`}: ${open.map((o) => `${o.customerName} ${money(o.openAmount)}`).join(', ')}`}
                />
                <Stack gap={4} role="list" aria-label={t`Open value per customer`}>
                  {open.map((o) => (
                    <Group key={o.customerId} justify="space-between" wrap="nowrap" fz="sm" role="listitem">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <AnchorLink to="/activity/$id" params={{ id: o.customerId }} fz="sm" truncate>
                          {o.customerName}
                        </AnchorLink>
                        <Text fz="xs" c="dimmed" style={TABULAR}>
                          {t`${formatHours(o.workingSeconds)} time, ${formatMoney(o.materialAmount)} material`}
                        </Text>
                      </Stack>
                      <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0, ...TABULAR }}>
                        {formatMoney(o.openAmount)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Stack>
            )}
          </Section>
          <Stack gap="md">
            {overdue}
            <Section title={<Trans>Clocked in now</Trans>}>
              <ClockedIn />
            </Section>
            <Section title={<Trans>Running timers</Trans>}>
              <RunningTimers />
            </Section>
          </Stack>
        </SimpleGrid>

        <Section title={<Trans>Latest activity</Trans>}>
          <ActivityFeed
            showCustomer
            withFooter={false}
            query={{ includeProcessed: true, includeUnprocessed: true, page: 1, pageSize: 8, isDescending: true }}
            onPage={() => undefined}
            onPageSize={() => undefined}
            emptyTitle={<Trans>No activity yet</Trans>}
            emptyText={<Trans>As soon as your team records times, notes, materials or photos, the latest ones appear here.</Trans>}
          />
          <Group justify="flex-end" mt="sm">
            <AnchorLink to="/library" fz="sm">
              <Trans>All entries in the library</Trans>
            </AnchorLink>
          </Group>
        </Section>
      </Stack>
    </>
  );
}
