import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCheck,
  IconChevronDown,
  IconLayoutSidebar,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { displayName, useSession, type Role } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import classes from './app-shell.module.css';
import { layoutActions, useLayout } from './layout-state';
import { useRefusedChanges, useWaitingChanges } from './offline-status';
import { roleNames } from '../../lib/role-names';

/**
 * Profile (→ /account), the menu layout, and logout (ends this device's session on the server and
 * clears the firm's data from the device; with changes still waiting or not sent, it asks first).
 */
export function UserMenu() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const { config } = useLayout();

  const order: Role[] = ['Owner', 'Admin', 'Manager', 'Employee'];
  const mainRole = order.find((r) => session.roles.includes(r)) ?? session.roles[0];
  const roleLabel = mainRole ? (roleNames[mainRole] ? i18n._(roleNames[mainRole]) : mainRole) : '';
  const name = displayName(session) || t`Signed in`;
  const check = <IconCheck size={16} />;
  const unsent = useWaitingChanges() + useRefusedChanges().length;
  const logOut = () => {
    if (unsent === 0) {
      void signOut();
      return;
    }
    modals.openConfirmModal({
      title: t`Log out with unsent changes?`,
      children: (
        <Text size="sm">
          {plural(unsent, {
            one: '# change recorded on this device has not reached the server. Logging out deletes it from this device.',
            other: '# changes recorded on this device have not reached the server. Logging out deletes them from this device.',
          })}
        </Text>
      ),
      labels: { confirm: t`Log out and delete`, cancel: t`Stay signed in` },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOut(),
    });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>
        {/* Named by what it shows (name and role; on a phone, where they are hidden, read out all the same) and what it opens. */}
        <UnstyledButton className={classes.userButton}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={name} color="emerald" variant="light" radius="xl" size={32} aria-hidden />
            <Box visibleFrom="sm" maw={160}>
              <Text fz="sm" fw={600} lh={1.25} truncate="end">
                {name}
              </Text>
              {roleLabel ? (
                <Text fz="xs" c="dimmed" lh={1.25} truncate="end">
                  {roleLabel}
                </Text>
              ) : null}
            </Box>
            <Box visibleFrom="sm" c="dimmed" display="flex">
              <IconChevronDown size={16} />
            </Box>
            <VisuallyHidden hiddenFrom="sm">{[name, roleLabel].filter(Boolean).join(', ')}</VisuallyHidden>
            <VisuallyHidden>{` – ${t`User menu`}`}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {session.userEmail ? (
          <Menu.Label>
            <Text fz="xs" truncate="end">
              {session.userEmail}
            </Text>
          </Menu.Label>
        ) : null}
        <Menu.Item
          leftSection={<IconUserCircle size={18} stroke={1.7} />}
          onClick={() => void navigate({ to: '/account' })}
        >
          {t`Profile`}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t`Menu layout`}</Menu.Label>
        <Menu.Item
          leftSection={<IconLayoutSidebar size={18} stroke={1.7} />}
          rightSection={config.menuMode === 'static' ? check : null}
          onClick={() => layoutActions.setMenuMode('static')}
        >
          {t`Fixed beside the content`}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLayoutSidebarLeftExpand size={18} stroke={1.7} />}
          rightSection={config.menuMode === 'overlay' ? check : null}
          onClick={() => layoutActions.setMenuMode('overlay')}
        >
          {t`Over the content`}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} stroke={1.7} />}
          onClick={logOut}
        >
          {t`Log out`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
