import { useLingui } from '@lingui/react/macro';
import { Box, ScrollArea, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { hasRoles, useSession } from '../../lib/session';
import { NavLinkLink } from './nav-link-link';
import classes from './app-shell.module.css';
import { layoutActions } from './layout-state';
import { isItemActive, menuGroups } from './menu-items';

/** The side menu. Clicking the entry of the current page reloads that page's data. */
export function AppNavbar() {
  const { i18n, t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const session = useSession();
  // An Employee has no dashboard (domain rules): the menu hides what the role cannot use.
  const groups = menuGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.roles || hasRoles(item.roles, 'any', session)) }))
    .filter((group) => group.items.length > 0);

  return (
    <ScrollArea type="scroll" scrollbarSize={6} offsetScrollbars={false} style={{ flex: 1 }}>
      <Box component="nav" aria-label={t`Main menu`} pb="md">
        {groups.map((group) => {
          const groupLabel = i18n._(group.label);
          return (
            <Box key={group.label.id} className={classes.group} role="group" aria-label={groupLabel}>
              <Text className={classes.groupLabel} component="div">
                {groupLabel}
              </Text>
              {group.items.map((item) => {
                const Icon = item.icon;
                return (
                  <NavLinkLink
                    key={item.to}
                    to={item.to}
                    className={classes.link}
                    label={i18n._(item.label)}
                    leftSection={<Icon size={20} stroke={1.6} />}
                    active={isItemActive(item, pathname)}
                    aria-current={pathname === item.to ? 'page' : undefined}
                    onClick={(event) => {
                      if (pathname === item.to) {
                        event.preventDefault();
                        void router.invalidate();
                        void queryClient.invalidateQueries();
                      }
                      layoutActions.resetMenu();
                    }}
                  />
                );
              })}
            </Box>
          );
        })}
      </Box>
    </ScrollArea>
  );
}
