import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from '../language-switch';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';
import { OfflineStatus, useConnectionShown } from './offline-status';
import { FloatingPartsProvider } from '../use-floating-parts';
import classes from './app-shell.module.css';
import { isMenuVisible, layoutActions, useLayout } from './layout-state';
import { useIsDesktop, useIsNarrowPhone } from './use-desktop';
import { UserMenu } from './user-menu';

export const NAVBAR_ID = 'app-navbar';

/** Menu and Tooltip come with this header (the user menu): the language menu and the tooltip take them from here. */
const floatingParts = { Menu, Tooltip };

/** Top bar: menu toggle, logo (→ /), the connection and waiting changes, language, colour scheme, user menu. */
export function AppHeader() {
  const { t } = useLingui();
  const { config, state } = useLayout();
  const desktop = useIsDesktop();
  const visible = isMenuVisible(state, config.menuMode, desktop);
  const toggleLabel = visible ? t`Hide menu` : t`Show menu`;
  // On a narrow phone the connection's badge takes the room of the product's name (beside it, the
  // name ran under the badge and the language switch was cut off).
  const narrow = useIsNarrowPhone();
  const connectionShown = useConnectionShown();
  const crowded = narrow && connectionShown;

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {/* No tooltip on phones: after a tap it would stay on top of the opened menu. */}
        <Tooltip label={toggleLabel} disabled={!desktop}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={toggleLabel}
            aria-expanded={visible}
            aria-controls={NAVBAR_ID}
            onClick={() => layoutActions.toggleMenu()}
          >
            <IconMenu2 size={22} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
        <Link to="/" className={classes.homeLink} aria-label={t`Fieldbook, go to the dashboard`}>
          <Logo wordmark={!crowded} />
        </Link>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <OfflineStatus />
        <FloatingPartsProvider value={floatingParts}>
          <LanguageSwitch />
          <ThemeToggle />
        </FloatingPartsProvider>
        <UserMenu />
      </Group>
    </Group>
  );
}
