/**
 * The activity feed of one customer or of all: each entry with its kind, what it says, when and by
 * whom, its amount or duration, and its state — a lock on what the customer confirmed, processed
 * and archived badges. Unlocked notes, materials and time entries can be changed or deleted by
 * their author and the back office; photos open in the viewer; confirmations download their PDF.
 *
 * Where the feed is `markable` (a customer's activity, the library), the back office selects
 * entries (notes, materials, time entries, stopped times, photos; not confirmations, which follow
 * what they cover, and not what is archived already) and marks them processed, optionally
 * archived, with `Invoice/MarkActivitiesAsProcessed`; one entry from its menu, where a processed
 * entry's mark is undone too (not once an issued invoice binds it). Employees see no selection.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTimeline } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { customerActivitiesByCustomerOptions, informationDeleteMutation } from '../../../generated/api/@tanstack/react-query.gen';
import type { CustomerActivitiesByCustomerData, CustomerActivity, Information } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { showSuccess } from '../../lib/notifications';
import { useIsBackOffice, useSession } from '../../lib/session';
import { bodyOf, useWaitingList, WaitingChanges } from '../../components/waiting-changes';
import type { WaitingChange } from '../../lib/offline-queue';
import { ActivityRow } from './activity-row';
import { entryChanged } from '../../lib/data-events';
import { useMountedOnce } from '../../lib/use-lazy-dialog';
import { EntryModal } from './capture/lazy-capture';
import { asImage, loadEntry } from './feed-entries';
import { isMarkable, isUnmarkable, SelectionBar, useMarkProcessed, useUnmarkProcessed } from './mark-processed';
import { PhotoViewer } from './photos';
import { connectionLost } from '../../lib/offline-change';

const EDITABLE = new Set(['note', 'material', 'timeEntry']);
/** The waiting changes a customer's feed shows (a stopped timer shows in the timers). */
const FEED_CHANGES = new Set<WaitingChange['name']>(['entryCreate', 'photoUpload', 'timerStart', 'confirmationCreate']);

export function ActivityFeed({
  query,
  showCustomer = false,
  onPage,
  onPageSize,
  emptyTitle,
  emptyText,
  withFooter = true,
  withWaiting = false,
  markable = false,
  selectionAction,
}: {
  query: CustomerActivitiesByCustomerData['query'];
  showCustomer?: boolean;
  /** Offer the back office to mark entries processed (a customer's activity, the library). */
  markable?: boolean;
  /** A further action on the selected entries beside "Mark processed" (the route's "Prepare invoice"). */
  selectionAction?: (chosen: CustomerActivity[]) => ReactNode;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  emptyTitle: ReactNode;
  emptyText: ReactNode;
  /** Paging under the list (the dashboard's latest activity shows one page without it). */
  withFooter?: boolean;
  /** Show the changes of this customer that wait for the connection above the first page (decision 0042). */
  withWaiting?: boolean;
}) {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const manager = useIsBackOffice();
  const feed = useQuery({ ...customerActivitiesByCustomerOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Information | null>(null);
  // The edit dialog's code loads at the first edit (a customer's page has it already, see CaptureBar).
  const editMounted = useMountedOnce(editing !== null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const remove = useMutation({
    ...informationDeleteMutation(),
    onSuccess: async () => {
      await entryChanged(queryClient);
      showSuccess(t`Entry deleted.`);
    },
  });
  const mark = useMarkProcessed(() => setSelected(new Set()));
  const unmark = useUnmarkProcessed();
  const shownIds = new Set(feed.data?.data.items.map((i) => i.id));
  const waiting = useWaitingList(
    (change) =>
      withWaiting &&
      (query.page ?? 1) === 1 &&
      FEED_CHANGES.has(change.name) &&
      bodyOf(change).customerId === query.customerId &&
      // An answer lost on the way: the server has it already (the feed shows its id).
      !shownIds.has(bodyOf(change).id ?? ''),
  );
  const waitingBlock = <WaitingChanges changes={waiting} />;

  if (feed.isPending) {
    return (
      <>
        {waitingBlock}
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading activities`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      </>
    );
  }
  if (feed.isLoadingError || (feed.isRefetchError && !connectionLost(feed.error))) {
    return (
      <>
        {waitingBlock}
        <EmptyState icon={IconTimeline} title={<Trans>The activities could not be loaded</Trans>}>
          <Trans>Please check your connection and try again.</Trans>
        </EmptyState>
      </>
    );
  }
  const page = feed.data.data;
  const photos = page.items.filter((i) => i.kind === 'image').map(asImage);
  if (page.totalCount === 0) {
    return (
      <>
        {waitingBlock}
        {waiting.length === 0 ? (
          <EmptyState icon={IconTimeline} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        ) : null}
      </>
    );
  }
  const canChange = (item: CustomerActivity) =>
    EDITABLE.has(item.kind) && !item.locked && !item.archived && (manager || item.ownerId === session.userId);
  const canMark = markable && manager;
  const markableItems = canMark ? page.items.filter(isMarkable) : [];
  // Only what is shown counts: a selection left on another page or filter is not sent.
  const chosen = markableItems.filter((i) => selected.has(i.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      {waitingBlock}
      {markableItems.length > 0 ? (
        <SelectionBar
          shown={markableItems.length}
          chosen={chosen.length}
          pending={mark.pending}
          onSelectAll={(all) => setSelected(all ? new Set(markableItems.map((i) => i.id)) : new Set())}
          onMark={() => mark.askToMark(chosen)}
          extra={selectionAction?.(chosen)}
        />
      ) : null}
      <Stack gap="xs" role="list" aria-label={t`Activities`} style={{ opacity: feed.isPlaceholderData ? 0.6 : 1 }}>
        {page.items.map((item) => (
          <ActivityRow
            key={`${item.kind}-${item.id}`}
            item={item}
            showCustomer={showCustomer}
            canChange={canChange(item)}
            selection={canMark && isMarkable(item) ? { selected: selected.has(item.id), onToggle: (on) => toggle(item.id, on) } : null}
            onMark={canMark && isMarkable(item) && !item.processed ? () => mark.askToMark([item]) : null}
            onUnmark={canMark && isUnmarkable(item) ? () => unmark(item) : null}
            onOpenPhoto={() => setViewing(photos.findIndex((p) => p.id === item.id))}
            onEdit={async () => {
              const entry = await loadEntry(item);
              if (entry) setEditing(entry);
            }}
            onDelete={() =>
              modals.openConfirmModal({
                title: t`Delete entry?`,
                children: (
                  <Text fz="sm">
                    <Trans>“{item.title}” will be deleted. The audit trail keeps a record of it.</Trans>
                  </Text>
                ),
                labels: { confirm: t`Delete`, cancel: t`Cancel` },
                confirmProps: { color: 'red' },
                onConfirm: () => remove.mutate({ path: { id: item.id } }),
              })
            }
          />
        ))}
      </Stack>
      {withFooter ? <ListFooter page={page.page} pageSize={page.pageSize} totalCount={page.totalCount} capped={page.totalCountCapped} onPage={onPage} onPageSize={onPageSize} /> : null}
      {editMounted ? (
        <Suspense fallback={null}>
          <EntryModal mode={editing ? { kind: 'edit', entry: editing } : null} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <PhotoViewer images={photos} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
    </>
  );
}
