/**
 * /timetracking: clock in/out, the member overview of working time (a Manager picks a member or
 * all of them; an Employee sees only their own) and the customer times, for a period preset
 * (src/lib/periods.ts) or a manual range.
 */
import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { Center, Group, Loader, SegmentedControl, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconBriefcase, IconClockHour4 } from '@tabler/icons-react';
import { DateRangeInput } from '../../components/date-range-input';
import { PageHeader } from '../../components/page-header';
import { displayName, useIsBackOffice, useSession } from '../../lib/session';
import { boundedPeriodPresets, periodLabels, periodRange, rangeDays, type BoundedPeriodPreset } from '../../lib/periods';
import { DEFAULT_PERIOD, MAX_RANGE_DAYS, type TimeTrackingSearch } from './search';
import { useMembers } from './use-time-tracking';
import { AllMembersWorkingTime } from './all-members-working-time';
import { MemberWorkingTime } from './member-working-time';
import { memberName } from './working-time-summary';
import { WorkingTimeControl } from './working-time-control';
import { lazy, Suspense } from 'react';

// The second tab loads when it is opened: the route's first paint stays within its budget.
const CustomerTimesView = lazy(() => import('./customer-times-view').then((module) => ({ default: module.CustomerTimesView })));

export function TimeTrackingScreen({
  search,
  onSearch,
}: {
  search: TimeTrackingSearch;
  onSearch: (patch: Partial<TimeTrackingSearch>) => void;
}) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const backOffice = useIsBackOffice();
  const members = useMembers(backOffice);
  const selfId = session.userId;
  const tab = search.tab ?? 'working';
  const preset: BoundedPeriodPreset = search.period ?? DEFAULT_PERIOD;
  const range = periodRange(preset, new Date(), { from: search.from, to: search.to });
  const tooLong = rangeDays(range) > MAX_RANGE_DAYS;
  const grouping = search.grouping ?? 'day';
  const memberList = (members.data?.data.items ?? []).filter((m) => !m.archived);
  const memberId = backOffice ? (search.member ?? selfId ?? 'all') : selfId;
  const selected = memberList.find((m) => m.id === memberId);
  const selectedLabel = memberId === selfId ? displayName(session) : selected ? memberName(selected) : '';

  const memberOptions = [
    ...(tab === 'customer' || memberList.length > 0 ? [{ value: 'all', label: t`All members` }] : []),
    ...memberList.map((m) => ({ value: m.id, label: m.id === selfId ? t`${memberName(m)} (me)` : memberName(m) })),
  ];
  if (selfId && !memberList.some((m) => m.id === selfId)) memberOptions.splice(1, 0, { value: selfId, label: t`Me` });

  const filters = (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
      {backOffice ? (
        <Select
          label={t`Member`}
          data={memberOptions}
          value={memberId ?? 'all'}
          onChange={(value) => onSearch({ member: (value as TimeTrackingSearch['member']) ?? undefined, page: 1 })}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 240 }}
        />
      ) : null}
      <Select
        label={t`Period`}
        data={boundedPeriodPresets.map((p) => ({ value: p, label: i18n._(periodLabels[p]) }))}
        value={preset}
        onChange={(value) =>
          onSearch({ period: (value as BoundedPeriodPreset) ?? undefined, page: 1, ...(value === 'manual' ? { from: range.from, to: range.to } : { from: undefined, to: undefined }) })
        }
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      {preset === 'manual' ? (
        <DateRangeInput
          label={t`From – to`}
          value={[range.from, range.to]}
          onChange={([from, to]) => {
            if (from && to) onSearch({ from: String(from).slice(0, 10), to: String(to).slice(0, 10), page: 1 });
          }}
          maxDate={new Date()}
          valueFormat={i18n.locale === 'en' ? 'MM/DD/YYYY' : 'DD.MM.YYYY'}
          w={{ base: '100%', xs: 260 }}
          error={tooLong ? t`At most ${MAX_RANGE_DAYS} days.` : undefined}
        />
      ) : (
        <Text fz="sm" c="dimmed" pb={8}>
          {new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-US' : 'de-DE', { dateStyle: 'medium' }).formatRange(
            new Date(`${range.from}T12:00:00`),
            new Date(`${range.to}T12:00:00`),
          )}
        </Text>
      )}
      {tab === 'working' ? (
        <>
          <SegmentedControl
            aria-label={t`Group by`}
            value={grouping}
            onChange={(value) => onSearch({ grouping: value as 'day' | 'week' | 'month' })}
            data={[
              { value: 'day', label: t`Days` },
              { value: 'week', label: t`Weeks` },
              { value: 'month', label: t`Months` },
            ]}
          />
          <Switch
            label={t`Show days without work`}
            checked={search.empty ?? false}
            onChange={(e) => onSearch({ empty: e.currentTarget.checked || undefined })}
            pb={8}
          />
        </>
      ) : null}
    </Group>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Time tracking</Trans>}
        description={
          backOffice ? (
            <Trans>Working time, breaks and overtime of the members, and the time spent for customers.</Trans>
          ) : (
            <Trans>Your working time, breaks and overtime, and the time spent for customers.</Trans>
          )
        }
      />
      <Stack gap="md">
        <WorkingTimeControl variant="card" />
        <Tabs value={tab} onChange={(value) => onSearch({ tab: value === 'customer' ? 'customer' : undefined, page: 1 })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="working" leftSection={<IconClockHour4 size={16} />}>
              <Trans>Working time</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="customer" leftSection={<IconBriefcase size={16} />}>
              <Trans>Customer times</Trans>
            </Tabs.Tab>
          </Tabs.List>
          {filters}
          <Tabs.Panel value="working">
            {tooLong ? null : memberId === 'all' ? (
              <AllMembersWorkingTime
                members={memberList}
                grouping={grouping}
                range={range}
                showEmpty={search.empty ?? false}
                onPick={(id) => onSearch({ member: id })}
              />
            ) : (
              <MemberWorkingTime
                ownerId={memberId === selfId ? undefined : (memberId ?? undefined)}
                memberLabel={selectedLabel}
                grouping={grouping}
                range={range}
                showEmpty={search.empty ?? false}
                canEditOthers={backOffice}
                selfId={selfId}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="customer">
            {tooLong ? null : (
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader role="status" aria-label={t`Loading`} />
                  </Center>
                }
              >
                <CustomerTimesView
                  ownerId={backOffice && memberId !== 'all' ? (memberId ?? undefined) : undefined}
                  backOffice={backOffice}
                  selfId={selfId}
                  range={range}
                  page={search.page ?? 1}
                  pageSize={search.pageSize ?? 25}
                  filter={search.filter ?? ''}
                  onSearch={onSearch}
                />
              </Suspense>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
