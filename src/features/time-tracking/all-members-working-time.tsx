/** The working time of all members in a period: one summary row each; a click opens the member. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, Paper, ScrollArea, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { userTimeTracksGetListGroupedOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { User } from '../../../generated/api/types.gen';
import type { DayRange } from '../../lib/periods';
import { formatDuration, formatOvertime } from './format';
import { fileSafe, TableExportButtons } from '../../components/table-export-buttons';
import { workingTimeTable } from './working-time-export';
import { totalsOf } from './working-time-export';
import { FigureCells, FigureHeaders, Totals, groupedQuery, memberName, type Grouping } from './working-time-summary';

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
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const results = useQueries({
    queries: members.map((m) => ({
      ...userTimeTracksGetListGroupedOptions({ query: groupedQuery(m.id, grouping, range, false) }),
      placeholderData: keepPreviousData,
    })),
  });
  const rows = members.map((m, i) => ({ member: m, groups: results[i]?.data?.data.items ?? [], pending: results[i]?.isPending ?? true }));
  const loading = rows.some((r) => r.pending);
  const all = rows.flatMap((r) => r.groups);

  return (
    <>
      <Totals groups={all} />
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={600}>
          <Trans>All members</Trans>
        </Text>
        <TableExportButtons
          table={() => workingTimeTable(i18n, rows.map((r) => ({ memberName: memberName(r.member), groups: r.groups })), { includeEmpty: showEmpty })}
          fileName={fileSafe(`${t`working-time`}_${t`all`}_${range.from}_${range.to}`)}
          sheetName={t`Working time`}
          disabled={loading || members.length === 0}
        />
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
                  <FigureHeaders />
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
                          <FigureCells figures={total} warnings={groups.flatMap((g) => g.warnings)} />
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
