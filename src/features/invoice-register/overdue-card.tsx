/**
 * The dashboard's card of overdue invoices (`Payments/GetOverdue`): how many and how much is open,
 * the longest overdue first, each linking to its page, with the last reminder sent. Nothing
 * overdue says so; a failed load says so quietly (the rest of the dashboard stays).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { paymentsGetOverdueOptions } from '../../../generated/api/@tanstack/react-query.gen';
import { AnchorLink } from '../../components/router-links';
import { TABULAR, formatMoney } from '../../lib/format';
import { formatDay, useReminderName } from './invoice-status';

const SHOWN = 8;

export function OverdueInvoicesCard() {
  const { t } = useLingui();
  const reminderName = useReminderName();
  const overdue = useQuery({ ...paymentsGetOverdueOptions(), meta: { silent: true } });
  const data = overdue.data?.data;
  let body;
  if (overdue.isPending) body = <Skeleton h={60} />;
  else if (overdue.isError || !data) body = <Text c="dimmed" fz="sm">{t`Overdue invoices are not available.`}</Text>;
  else if (data.totalCount === 0)
    body = (
      <Text c="dimmed" fz="sm" py="sm" ta="center">
        {t`No invoice is overdue.`}
      </Text>
    );
  else
    body = (
      <Stack gap="xs">
        <Stack gap={6} role="list" aria-label={t`Overdue invoices`}>
          {data.items.slice(0, SHOWN).map((item) => (
            <Group key={item.invoiceId} justify="space-between" wrap="nowrap" role="listitem">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <AnchorLink to="/invoice/$id" params={{ id: item.invoiceId }} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {item.number}
                  </AnchorLink>
                  <Text fz="sm" truncate>
                    {item.customerName}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {[
                    item.daysOverdue === 1 ? t`due ${formatDay(item.dueDate)}, 1 day overdue` : t`due ${formatDay(item.dueDate)}, ${item.daysOverdue} days overdue`,
                    item.lastReminderLevel === null ? null : reminderName(item.lastReminderLevel),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Text fz="sm" fw={600} c="red" style={{ whiteSpace: 'nowrap', flexShrink: 0, ...TABULAR }}>
                {formatMoney(item.open)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end">
          <AnchorLink to="/invoicelist" search={{ status: 'overdue' }} fz="sm">
            {data.totalCount === 1 ? t`The overdue invoice in the register` : t`All ${data.totalCount} overdue invoices in the register`}
          </AnchorLink>
        </Group>
      </Stack>
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="overdue-invoices-title">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} fz="h5" id="overdue-invoices-title">
          <Trans>Overdue invoices</Trans>
        </Title>
        {data && data.totalCount > 0 ? (
          <Badge color="red" variant="light" style={TABULAR}>
            {t`${data.totalCount} · ${formatMoney(data.openTotal)} open`}
          </Badge>
        ) : null}
      </Group>
      {body}
    </Paper>
  );
}
