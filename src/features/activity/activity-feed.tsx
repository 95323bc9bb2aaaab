/**
 * The activity feed of one customer or of all: each entry with its kind, what it says, when and by
 * whom, its amount or duration, and its state — a lock on what the customer confirmed, processed
 * and archived badges. Unlocked notes, materials and time entries can be changed or deleted by
 * their author and the back office; photos open in the viewer; confirmations download their PDF.
 *
 * Where the feed is `markable` (a customer's activity, the library), the back office selects
 * entries (notes, materials, time entries, stopped times, photos; not confirmations, which follow
 * what they cover, and not what is archived already) and marks them processed, optionally
 * archived, with `Invoice/MarkActivitiesAsProcessed`; one entry from its menu. Employees see no
 * selection.
 */
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChecks, IconDots, IconFileTypePdf, IconLock, IconPencil, IconTimeline, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  customerActivitiesByCustomerOptions,
  informationDeleteMutation,
  invoiceMarkActivitiesAsProcessedMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import { informationGetAll } from '../../../generated/api/sdk.gen';
import type {
  CustomerActivitiesByCustomerData,
  CustomerActivity,
  Image,
  Information,
  InvoiceMarkProcessedRequest,
} from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { AnchorLink } from '../../components/router-links';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { activitiesMarked, entryChanged } from './api/cache';
import { kindLooks } from './activity-kinds';
import { EntryModal } from './capture/entry-modal';
import { formatDuration } from './format';
import { downloadConfirmationPdf } from './pdf';
import { PhotoViewer, Thumbnail } from './photos';

const EDITABLE = new Set(['note', 'material', 'timeEntry']);
const UNTITLED = new Set(['note', 'time', 'timeEntry']);
const INFORMATION = new Set(['note', 'material', 'timeEntry']);

/**
 * Entries the back office can mark: everything but confirmations (processed once what they cover
 * is) and what is archived already. Processed ones stay selectable, to be archived. The feed never
 * holds running timers.
 */
const isMarkable = (item: CustomerActivity) => item.kind !== 'confirmation' && !item.archived;

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
function SelectionBar({
  shown,
  chosen,
  pending,
  onSelectAll,
  onMark,
}: {
  shown: number;
  chosen: number;
  pending: boolean;
  onSelectAll: (all: boolean) => void;
  onMark: () => void;
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
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Text fz="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            <Trans>{chosen} selected</Trans>
          </Text>
          <Button size="xs" leftSection={<IconChecks size={16} />} disabled={chosen === 0} loading={pending} onClick={onMark}>
            <Trans>Mark processed</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The full entry behind a feed item (the feed carries no product id): the list of the item's instant. */
async function loadEntry(item: CustomerActivity): Promise<Information | undefined> {
  const at = new Date(item.occurredAtUtc).getTime();
  const answer = await informationGetAll({
    query: {
      customerId: item.customerId,
      includeProcessed: true,
      includeUnprocessed: true,
      fromDate: new Date(at).toISOString(),
      toDate: new Date(at + 1).toISOString(),
      page: 1,
      pageSize: 100,
      isDescending: true,
    },
  });
  return answer.data?.data.items.find((i) => i.id === item.id);
}

/** A feed photo as the viewer takes it (the viewer needs only what the feed knows). */
function asImage(item: CustomerActivity): Image {
  return {
    id: item.id,
    customerId: item.customerId,
    customerName: item.customerName,
    category: item.title,
    description: item.text,
    latitude: null,
    longitude: null,
    createdAtUtc: item.occurredAtUtc,
    width: 0,
    height: 0,
    fileName: '',
    contentType: 'image/jpeg',
    sizeBytes: 0,
    processed: item.processed,
    archived: item.archived,
    locked: item.locked,
    ownerId: item.ownerId ?? '',
    ownerName: item.ownerName ?? '',
  };
}

function ActivityRow({
  item,
  showCustomer,
  canChange,
  selection,
  onMark,
  onEdit,
  onDelete,
  onOpenPhoto,
}: {
  item: CustomerActivity;
  showCustomer: boolean;
  canChange: boolean;
  /** The row's checkbox, when the caller may mark it. */
  selection: { selected: boolean; onToggle: (selected: boolean) => void } | null;
  /** Marks this one entry (from its menu); null when it cannot be marked or is processed already. */
  onMark: (() => void) | null;
  onEdit: () => void;
  onDelete: () => void;
  onOpenPhoto: () => void;
}) {
  const { t, i18n } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const look = kindLooks[item.kind];
  const KindIcon = look.icon;
  const facts = [
    formatDateTime(item.occurredAtUtc),
    item.ownerName,
    item.kind === 'material' ? `${formatNumber(item.quantity)} ${item.unit ?? ''}`.trim() : null,
    item.kind === 'material' && item.amount !== null ? formatMoney(item.amount) : null,
    item.durationSeconds !== null ? formatDuration(item.durationSeconds) : null,
  ].filter(Boolean);

  const label = `${i18n._(look.label)}: ${item.title}`;

  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={label} data-kind={item.kind}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {selection ? (
          <Checkbox
            mt={10}
            style={{ flex: 'none' }}
            aria-label={t`Select ${label}`}
            checked={selection.selected}
            onChange={(event) => selection.onToggle(event.currentTarget.checked)}
          />
        ) : null}
        {item.kind === 'image' ? (
          <Box w={48} h={48} style={{ flex: 'none', cursor: 'pointer' }} onClick={onOpenPhoto}>
            <Thumbnail id={item.id} alt={item.text ?? item.title} />
          </Box>
        ) : (
          <ThemeIcon size={40} radius="md" variant="light" color={look.color} style={{ flex: 'none' }}>
            <KindIcon size={22} />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {i18n._(look.label)}
            </Text>
            {item.locked ? (
              <Tooltip label={item.kind === 'confirmation' ? t`Signed by the customer` : t`Confirmed by the customer; can no longer be changed`}>
                <Badge size="xs" color="green" variant="light" leftSection={<IconLock size={10} />} data-testid="locked-badge">
                  {item.kind === 'confirmation' ? <Trans>Signed</Trans> : <Trans>Confirmed</Trans>}
                </Badge>
              </Tooltip>
            ) : null}
            {item.archived ? (
              <Badge size="xs" color="gray" variant="outline">
                <Trans>Archived</Trans>
              </Badge>
            ) : item.processed ? (
              <Badge size="xs" color="blue" variant="outline">
                <Trans>Processed</Trans>
              </Badge>
            ) : null}
          </Group>
          {/* Notes and times are headed by their kind already; photos by their category, materials by their name. */}
          {UNTITLED.has(item.kind) ? null : (
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.kind === 'confirmation' ? t`Signed by ${item.title}` : item.title}
            </Text>
          )}
          {item.text ? (
            <Text fz="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {item.kind === 'confirmation' ? t`Place: ${item.text}` : item.text}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed">
            {facts.join(' · ')}
          </Text>
          {showCustomer ? (
            <AnchorLink to="/customer/$id" params={{ id: item.customerId }} fz="xs" fw={500}>
              {item.customerName}
            </AnchorLink>
          ) : null}
        </Stack>
        {item.kind === 'confirmation' ? (
          <Tooltip label={t`Download PDF`}>
            <ActionIcon
              variant="light"
              size="lg"
              aria-label={t`Download PDF of the confirmation by ${item.title}`}
              loading={downloading}
              onClick={async () => {
                setDownloading(true);
                try {
                  await downloadConfirmationPdf(item.id);
                } finally {
                  setDownloading(false);
                }
              }}
            >
              <IconFileTypePdf size={20} />
            </ActionIcon>
          </Tooltip>
        ) : canChange || onMark ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${item.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onMark ? (
                <Menu.Item leftSection={<IconChecks size={16} />} onClick={onMark}>
                  <Trans>Mark processed</Trans>
                </Menu.Item>
              ) : null}
              {onMark && canChange ? <Menu.Divider /> : null}
              {canChange ? (
                <>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                    <Trans>Edit</Trans>
                  </Menu.Item>
                  <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
                    <Trans>Delete</Trans>
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Paper>
  );
}

export function ActivityFeed({
  query,
  showCustomer = false,
  onPage,
  onPageSize,
  emptyTitle,
  emptyText,
  withFooter = true,
  markable = false,
}: {
  query: CustomerActivitiesByCustomerData['query'];
  showCustomer?: boolean;
  /** Offer the back office to mark entries processed (a customer's activity, the library). */
  markable?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  emptyTitle: React.ReactNode;
  emptyText: React.ReactNode;
  /** Paging under the list (the dashboard's latest activity shows one page without it). */
  withFooter?: boolean;
}) {
  const { t } = useLingui();
  const session = useSession();
  const queryClient = useQueryClient();
  const manager = hasRoles(['Admin', 'Manager'], 'any', session);
  const feed = useQuery({ ...customerActivitiesByCustomerOptions({ query }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<Information | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const remove = useMutation({
    ...informationDeleteMutation(),
    onSuccess: async () => {
      await entryChanged(queryClient);
      showSuccess(t`Entry deleted.`);
    },
  });
  const mark = useMutation({
    ...invoiceMarkActivitiesAsProcessedMutation(),
    onSuccess: async (answer) => {
      const counts = answer.data;
      const count = counts.informationCount + counts.timeTrackCount + counts.imageCount;
      setSelected(new Set());
      await activitiesMarked(queryClient);
      showSuccess(
        counts.archived
          ? plural(count, { one: '# entry marked as processed and archived.', other: '# entries marked as processed and archived.' })
          : plural(count, { one: '# entry marked as processed.', other: '# entries marked as processed.' }),
      );
    },
  });

  if (feed.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t`Loading activities`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (feed.isError) {
    return (
      <EmptyState icon={IconTimeline} title={<Trans>The activities could not be loaded</Trans>}>
        <Trans>Please check your connection and try again.</Trans>
      </EmptyState>
    );
  }
  const page = feed.data.data;
  const photos = page.items.filter((i) => i.kind === 'image').map(asImage);
  if (page.totalCount === 0) {
    return (
      <EmptyState icon={IconTimeline} title={emptyTitle}>
        {emptyText}
      </EmptyState>
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
  const askToMark = (items: CustomerActivity[]) => {
    const choice = { archive: false };
    modals.openConfirmModal({
      title: t`Mark as processed?`,
      children: <MarkConfirmBody count={items.length} onArchive={(archive) => (choice.archive = archive)} />,
      labels: { confirm: t`Mark processed`, cancel: t`Cancel` },
      onConfirm: () => mark.mutate({ body: markBody(items, choice.archive) }),
    });
  };

  return (
    <>
      {markableItems.length > 0 ? (
        <SelectionBar
          shown={markableItems.length}
          chosen={chosen.length}
          pending={mark.isPending}
          onSelectAll={(all) => setSelected(all ? new Set(markableItems.map((i) => i.id)) : new Set())}
          onMark={() => askToMark(chosen)}
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
            onMark={canMark && isMarkable(item) && !item.processed ? () => askToMark([item]) : null}
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
      {withFooter ? <ListFooter page={page.page} pageSize={page.pageSize} totalCount={page.totalCount} onPage={onPage} onPageSize={onPageSize} /> : null}
      <EntryModal mode={editing ? { kind: 'edit', entry: editing } : null} onClose={() => setEditing(null)} />
      <PhotoViewer images={photos} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />
    </>
  );
}
