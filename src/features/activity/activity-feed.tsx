/**
 * The activity feed of one customer or of all: each entry with its kind, what it says, when and by
 * whom, its amount or duration, and its state — a lock on what the customer confirmed, processed
 * and archived badges. Unlocked notes, materials and time entries can be changed or deleted by
 * their author and the back office; photos open in the viewer; confirmations download their PDF.
 *
 * Marking entries processed belongs to the invoicing issue (`Invoice/MarkActivitiesAsProcessed`
 * is not built yet), so the feed offers no such action today.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Box,
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
import { IconDots, IconFileTypePdf, IconLock, IconPencil, IconTimeline, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  customerActivitiesByCustomerOptions,
  informationDeleteMutation,
} from '../../../generated/api/@tanstack/react-query.gen';
import { informationGetAll } from '../../../generated/api/sdk.gen';
import type { CustomerActivitiesByCustomerData, CustomerActivity, Image, Information } from '../../../generated/api/types.gen';
import { ListFooter } from '../../components/data-list/list-footer';
import { EmptyState } from '../../components/empty-state';
import { AnchorLink } from '../../components/router-links';
import { formatMoney, formatNumber } from '../../lib/format';
import { showSuccess } from '../../lib/notifications';
import { hasRoles, useSession } from '../../lib/session';
import { entryChanged } from './api/cache';
import { kindLooks } from './activity-kinds';
import { EntryModal } from './capture/entry-modal';
import { formatDateTime, formatDuration } from './format';
import { downloadConfirmationPdf } from './pdf';
import { PhotoViewer, Thumbnail } from './photos';

const EDITABLE = new Set(['note', 'material', 'timeEntry']);
const UNTITLED = new Set(['note', 'time', 'timeEntry']);

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
  onEdit,
  onDelete,
  onOpenPhoto,
}: {
  item: CustomerActivity;
  showCustomer: boolean;
  canChange: boolean;
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

  return (
    <Paper withBorder radius="md" p="sm" role="listitem" aria-label={`${i18n._(look.label)}: ${item.title}`} data-kind={item.kind}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
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
        ) : canChange ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Actions for ${item.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                <Trans>Edit</Trans>
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={onDelete}>
                <Trans>Delete</Trans>
              </Menu.Item>
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
}: {
  query: CustomerActivitiesByCustomerData['query'];
  showCustomer?: boolean;
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
  const remove = useMutation({
    ...informationDeleteMutation(),
    onSuccess: async () => {
      await entryChanged(queryClient);
      showSuccess(t`Entry deleted.`);
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

  return (
    <>
      <Stack gap="xs" role="list" aria-label={t`Activities`} style={{ opacity: feed.isPlaceholderData ? 0.6 : 1 }}>
        {page.items.map((item) => (
          <ActivityRow
            key={`${item.kind}-${item.id}`}
            item={item}
            showCustomer={showCustomer}
            canChange={canChange(item)}
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
