/** The rows of the waiting changes (`waiting-changes.tsx`, decision 0042), loaded when something waits. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime, formatHours, formatNumber } from '../lib/format';
import type { WaitingChange } from '../lib/offline-queue';
import { bodyOf, carriedCustomerName, madeAt, nameInCache } from './waiting-changes';

function useDescribe() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return (change: WaitingChange): { title: string; detail: string | null } => {
    const body = bodyOf(change);
    switch (change.name) {
      case 'timerStart':
        return { title: t`Timer started`, detail: nameInCache(queryClient, body.customerId) };
      case 'timerStop':
        return { title: t`Timer stopped`, detail: carriedCustomerName(change.variables) };
      case 'clockIn':
        return { title: t`Clocked in`, detail: null };
      case 'workingSegment':
        return { title: body.kind === 'break' ? t`Break started` : t`Break ended`, detail: null };
      case 'clockOut':
        return { title: t`Clocked out`, detail: null };
      case 'confirmationCreate':
        return { title: t`Work confirmation`, detail: body.signee ?? null };
      case 'photoUpload':
        return { title: t`Photo`, detail: body.description || body.fileName || null };
      case 'entryCreate':
        if (body.subType === 'material') {
          const what = body.productId ? nameInCache(queryClient, body.productId) : body.text;
          return { title: t`Material`, detail: [`${formatNumber(body.quantity)} ${body.unit ?? ''}`.trim(), what].filter(Boolean).join(' · ') };
        }
        if (body.subType === 'time') {
          return { title: t`Time entry`, detail: [body.durationSeconds ? formatHours(body.durationSeconds) : null, body.text].filter(Boolean).join(' · ') };
        }
        return { title: t`Note`, detail: body.text ?? null };
    }
  };
}

/**
 * The rows shown: the newest `WAITING_ROWS` of a list, after a line counting the earlier ones
 * (decision 0053). A field day queues hundreds; each row is a handful of elements, and the list
 * renders again whenever one leaves.
 */
const WAITING_ROWS = 20;

export function WaitingList({ changes }: { changes: WaitingChange[] }) {
  const { t } = useLingui();
  const describe = useDescribe();
  const earlier = Math.max(0, changes.length - WAITING_ROWS);
  return (
    <Stack gap="xs">
      {earlier > 0 ? (
        <Text fz="sm" c="dimmed">
          {plural(earlier, { one: '… and # earlier change waiting for a connection', other: '… and # earlier changes waiting for a connection' })}
        </Text>
      ) : null}
      <Stack gap="xs" role="list" aria-label={t`Waiting for a connection`}>
        {changes.slice(earlier).map((change) => {
          const { title, detail } = describe(change);
          return (
            <Paper key={change.id} withBorder p="sm" radius="md" role="listitem" aria-label={title} style={{ borderStyle: 'dashed' }}>
              {/* On a phone the badge goes under the text rather than squeezing it to a word. */}
              <Group justify="space-between" gap="xs" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text fz="sm" fw={500} truncate>
                    {title}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {[formatDateTime(madeAt(change)), detail].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Badge variant="light" color="yellow" leftSection={<IconCloudUpload size={12} aria-hidden="true" />} style={{ flexShrink: 0 }}>
                  {t`Waiting for a connection`}
                </Badge>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
