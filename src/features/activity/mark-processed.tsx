/**
 * Marking feed entries processed (optionally archived) with `Invoice/MarkActivitiesAsProcessed`:
 * which entries qualify, the selection bar, the confirmation and the call. For firms that bill
 * elsewhere; undone for one entry with `Invoice/UnmarkActivitiesAsProcessed` until an issued
 * invoice binds it (decision 0035).
 */
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { invoiceMarkActivitiesAsProcessedMutation, invoiceUnmarkActivitiesAsProcessedMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { CustomerActivity, InvoiceMarkProcessedRequest } from '../../../generated/api/types.gen';
import { showSuccess } from '../../lib/notifications';
import { activitiesMarked } from '../../lib/data-events';

const INFORMATION = new Set(['note', 'material', 'timeEntry']);

/**
 * Entries the back office can mark: everything but confirmations (processed once what they cover
 * is) and what is archived already. Processed ones stay selectable, to be archived. The feed never
 * holds running timers.
 */
export const isMarkable = (item: CustomerActivity) => item.kind !== 'confirmation' && !item.archived;

/** Entries whose mark can be undone: processed or archived by hand, not bound to an issued invoice. */
export const isUnmarkable = (item: CustomerActivity) => item.kind !== 'confirmation' && (item.processed || item.archived) && !item.invoice;

/** The call's body: the entries sorted into the contract's three lists. */
function markBody(items: CustomerActivity[], archive: boolean): InvoiceMarkProcessedRequest {
  return {
    informationIds: items.filter((i) => INFORMATION.has(i.kind)).map((i) => i.id),
    timeTrackIds: items.filter((i) => i.kind === 'time').map((i) => i.id),
    imageIds: items.filter((i) => i.kind === 'image').map((i) => i.id),
    archive,
  };
}

/** The confirm modal's text and the archive choice (read by the modal's confirm through `onArchive`). */
function MarkConfirmBody({ count, onArchive }: { count: number; onArchive: (archive: boolean) => void }) {
  const { t } = useLingui();
  const [archive, setArchive] = useState(false);
  return (
    <Stack gap="md">
      <Text fz="sm">
        <Plural
          value={count}
          one="# entry will be marked as processed and leaves the open activities."
          other="# entries will be marked as processed and leave the open activities."
        />
      </Text>
      <Checkbox
        label={t`Also archive`}
        description={t`Archived entries are hidden from open activities and can no longer be changed.`}
        checked={archive}
        onChange={(event) => {
          setArchive(event.currentTarget.checked);
          onArchive(event.currentTarget.checked);
        }}
      />
    </Stack>
  );
}


/** "Select all shown", how many are chosen, and the action; wraps onto two lines on a phone. */
export function SelectionBar({
  shown,
  chosen,
  pending,
  onSelectAll,
  onMark,
  extra,
}: {
  shown: number;
  chosen: number;
  pending: boolean;
  onSelectAll: (all: boolean) => void;
  onMark: () => void;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" px="sm" py="xs" mb="xs" data-testid="selection-bar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Checkbox
          label={<Trans>Select all shown</Trans>}
          checked={chosen > 0 && chosen === shown}
          indeterminate={chosen > 0 && chosen < shown}
          onChange={(event) => onSelectAll(event.currentTarget.checked)}
        />
        {/* The count and both actions do not fit one phone line: they wrap, right-aligned. */}
        <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
          <Text fz="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            <Trans>{chosen} selected</Trans>
          </Text>
          {extra}
          <Button size="xs" leftSection={<IconChecks size={16} />} disabled={chosen === 0} loading={pending} onClick={onMark}>
            <Trans>Mark processed</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The mark call, and `askToMark(items)`: confirm (with the archive choice), then mark. */
export function useMarkProcessed(onMarked: () => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mark = useMutation({
    ...invoiceMarkActivitiesAsProcessedMutation(),
    onSuccess: async (answer) => {
      const counts = answer.data;
      const count = counts.informationCount + counts.timeTrackCount + counts.imageCount;
      onMarked();
      await activitiesMarked(queryClient);
      showSuccess(
        counts.archived
          ? plural(count, { one: '# entry marked as processed and archived.', other: '# entries marked as processed and archived.' })
          : plural(count, { one: '# entry marked as processed.', other: '# entries marked as processed.' }),
      );
    },
  });
  const askToMark = (items: CustomerActivity[]) => {
    const choice = { archive: false };
    modals.openConfirmModal({
      title: t`Mark as processed?`,
      children: <MarkConfirmBody count={items.length} onArchive={(archive) => (choice.archive = archive)} />,
      labels: { confirm: t`Mark processed`, cancel: t`Cancel` },
      onConfirm: () => mark.mutate({ body: markBody(items, choice.archive) }),
    });
  };
  return { askToMark, pending: mark.isPending };
}

/** Undo "mark processed" of one entry: confirm, then open it again (a 409 shows the server's message). */
export function useUnmarkProcessed() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const unmark = useMutation({
    ...invoiceUnmarkActivitiesAsProcessedMutation(),
    onSuccess: async () => {
      await activitiesMarked(queryClient);
      showSuccess(t`The entry is open again.`);
    },
  });
  return (item: CustomerActivity) =>
    modals.openConfirmModal({
      title: t`Undo processed?`,
      children: (
        <Text fz="sm">
          <Trans>The entry becomes open again (not archived) and can be billed.</Trans>
        </Text>
      ),
      labels: { confirm: t`Undo processed`, cancel: t`Cancel` },
      onConfirm: () => unmark.mutate({ body: markBody([item], false) }),
    });
}
