import { Trans } from '@lingui/react/macro';
import { Anchor, Group, Text } from '@mantine/core';
import { APP_NAME, MAKER_NAME, MAKER_URL } from '../../lib/app-info';
import classes from './app-shell.module.css';

export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <Group component="footer" className={classes.footer} justify="space-between" gap="xs">
      <Text fz="sm" c="dimmed">
        © {year} {APP_NAME}
      </Text>
      <Text fz="sm" c="dimmed">
        <Trans>
          Made by{' '}
          <Anchor href={MAKER_URL} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            {MAKER_NAME}
          </Anchor>
        </Trans>
      </Text>
    </Group>
  );
}
