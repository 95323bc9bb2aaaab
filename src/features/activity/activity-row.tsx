/**
 * One entry of the activity feed: its kind, what it says, when and by whom, its amount or
 * duration, and its state (a lock on what the customer confirmed, processed and archived badges,
 * the invoice that billed it, linked); a confirmation's PDF, or the menu to mark, undo the mark,
 * edit and delete. An invoiced entry keeps edit and delete in its menu, disabled, saying which
 * invoice holds it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Box, Checkbox, Group, Menu, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconChecks, IconDots, IconFileInvoice, IconFileTypePdf, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomerActivity } from '../../../generated/api/types.gen';
import { InvoiceLink } from '../../components/invoice-link';
import { AnchorLink } from '../../components/router-links';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { kindLooks } from './activity-kinds';
import { formatDuration } from './format';
import { downloadConfirmationPdf } from './pdf';
import { Thumbnail } from './photos';

const UNTITLED = new Set(['note', 'time', 'timeEntry']);

export function ActivityRow({
  item,
  showCustomer,
  canChange,
  selection,
  onMark,
  onUnmark = null,
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
  /** Opens the processed entry again (from its menu); null when it cannot be undone (invoiced, or no right). */
  onUnmark?: (() => void) | null;
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
  const desktop = useMediaQuery('(min-width: 62em)') ?? false;

  return (
    // Denser on a desktop, where a firm scans dozens of entries; roomier to tap on a phone.
    <Paper withBorder radius="md" px="sm" py={desktop ? 6 : 'sm'} role="listitem" aria-label={label} data-kind={item.kind}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {selection ? (
          <Checkbox
            mt={desktop ? 6 : 10}
            style={{ flex: 'none' }}
            aria-label={t`Select ${label}`}
            checked={selection.selected}
            onChange={(event) => selection.onToggle(event.currentTarget.checked)}
          />
        ) : null}
        {item.kind === 'image' ? (
          <Box w={desktop ? 40 : 48} h={desktop ? 40 : 48} style={{ flex: 'none', cursor: 'pointer' }} onClick={onOpenPhoto}>
            <Thumbnail id={item.id} alt={item.text ?? item.title} />
          </Box>
        ) : (
          <ThemeIcon size={desktop ? 32 : 40} radius="md" variant="light" color={look.color} style={{ flex: 'none' }}>
            <KindIcon size={desktop ? 18 : 22} />
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
            {item.invoice ? (
              <InvoiceLink id={item.invoice.id} fz="xs" fw={600} data-testid="invoice-link">
                <Group gap={2} component="span" wrap="nowrap">
                  <IconFileInvoice size={12} />
                  {t`Invoice ${item.invoice.number}`}
                </Group>
              </InvoiceLink>
            ) : null}
            {item.archived ? (
              <Badge size="xs" color="gray" variant="outline">
                <Trans>Archived</Trans>
              </Badge>
            ) : item.processed && !item.invoice ? (
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
        ) : canChange || onMark || onUnmark ? (
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
              {onUnmark ? (
                <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={onUnmark}>
                  <Trans>Undo processed</Trans>
                </Menu.Item>
              ) : null}
              {(onMark || onUnmark) && canChange ? <Menu.Divider /> : null}
              {canChange && item.invoice ? (
                // Disabled items get no pointer events: the tooltip sits on a wrapper.
                <Tooltip label={t`Billed by invoice ${item.invoice.number}; it can no longer be changed or deleted.`} position="left" withinPortal>
                  <div data-testid="invoiced-actions">
                    <Menu.Item leftSection={<IconPencil size={16} />} disabled>
                      <Trans>Edit</Trans>
                    </Menu.Item>
                    <Menu.Item leftSection={<IconTrash size={16} />} color="red" disabled>
                      <Trans>Delete</Trans>
                    </Menu.Item>
                  </div>
                </Tooltip>
              ) : canChange ? (
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
