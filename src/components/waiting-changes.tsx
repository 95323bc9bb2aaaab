/**
 * What waits for the connection, shown in the lists beside what the server sent (decision 0042):
 * the customer's activity, the customer times, the working day. Each queued change the list
 * concerns is a row marked "Wartet auf Verbindung", with the moment it was made; it leaves the list
 * once sent (the list's own data then has it) or refused (then it is in the "Nicht gesendet" list).
 * A change the list's data holds already (its id is there: an answer that was lost) is not shown twice.
 */
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatDateTime, formatHours, formatNumber } from '../lib/format';
import { isWaiting, waitingChangeOf, type WaitingChange } from '../lib/offline-queue';

interface Body {
  id?: string;
  customerId?: string;
  subType?: string;
  text?: string | null;
  productId?: string | null;
  quantity?: number | null;
  unit?: string | null;
  durationSeconds?: number | null;
  kind?: string;
  signee?: string;
  fileName?: string;
  description?: string | null;
  atUtc?: string;
  occurredAtUtc?: string;
  createdAtUtc?: string;
}

/** The body a waiting change sends. */
export function bodyOf(change: WaitingChange): Body {
  return ((change.variables as { body?: Body } | undefined)?.body ?? {}) as Body;
}

/** The queued changes that wait, oldest first, that `concerns` picks. */
export function useWaitingList(concerns: (change: WaitingChange) => boolean): WaitingChange[] {
  const all = useMutationState({ filters: { predicate: isWaiting }, select: waitingChangeOf });
  return all.filter((change): change is WaitingChange => change !== null && concerns(change));
}

/** The name of a customer or product the screens loaded (kept on the device), found by its id. */
export function nameInCache(queryClient: QueryClient, id: string | null | undefined): string | null {
  if (!id) return null;
  const look = (value: unknown, depth: number): string | null => {
    if (!value || typeof value !== 'object' || depth > 4) return null;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = look(item, depth + 1);
        if (found) return found;
      }
      return null;
    }
    const record = value as Record<string, unknown>;
    if (record.id === id && typeof record.name === 'string') return record.name;
    for (const key of ['data', 'items']) {
      const found = look(record[key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const query of queryClient.getQueryCache().getAll()) {
    const found = look(query.state.data, 0);
    if (found) return found;
  }
  return null;
}

function useDescribe() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return (change: WaitingChange): { title: string; detail: string | null } => {
    const body = bodyOf(change);
    switch (change.name) {
      case 'timerStart':
        return { title: t`Timer started`, detail: nameInCache(queryClient, body.customerId) };
      case 'timerStop':
        return { title: t`Timer stopped`, detail: null };
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

/** When the member made the change: the moment it carries, else when it was tapped. */
export function madeAt(change: WaitingChange): string {
  const body = bodyOf(change);
  return body.atUtc ?? body.occurredAtUtc ?? body.createdAtUtc ?? new Date(change.submittedAt).toISOString();
}

export function WaitingChanges({ changes }: { changes: WaitingChange[] }) {
  const { t } = useLingui();
  const describe = useDescribe();
  if (changes.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label={t`Waiting for a connection`}>
      {changes.map((change) => {
        const { title, detail } = describe(change);
        return (
          <Paper key={change.id} withBorder p="sm" radius="md" role="listitem" aria-label={title} style={{ borderStyle: 'dashed' }}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
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
  );
}
