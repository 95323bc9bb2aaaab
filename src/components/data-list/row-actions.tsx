import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Menu } from '@mantine/core';
import { IconDots, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The "…" menu of a list row: Edit first, then what the feature adds (archive, delete, restore). */
export function RowActionsMenu({ name, onEdit, children }: { name: string; onEdit: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          <Trans>Edit</Trans>
        </Menu.Item>
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ArchivedBadge() {
  return (
    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <Trans>Archived</Trans>
    </Badge>
  );
}
