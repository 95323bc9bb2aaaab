import { Trans } from '@lingui/react/macro';
import { Anchor, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { APP_NAME, MAKER_NAME, MAKER_URL } from '../lib/app-info';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import classes from './public-layout.module.css';
import { ThemeToggle } from './theme-toggle';

/** The frame of the screens outside the signed-in layout (sign-in, confirmations, info pages). */
export function PublicLayout({
  children,
  width = '28rem',
  top = false,
}: {
  children: ReactNode;
  width?: string;
  /** Start at the top (long pages) instead of centring the content. */
  top?: boolean;
}) {
  const year = new Date().getFullYear();
  return (
    <div className={classes.page}>
      <Group component="header" justify="space-between" wrap="nowrap" className={classes.top}>
        <Link to="/" className={classes.homeLink}>
          <Logo />
        </Link>
        <Group gap={4} wrap="nowrap">
          <LanguageSwitch />
          <ThemeToggle />
        </Group>
      </Group>
      <main className={classes.center} data-top={top || undefined}>
        <Box w="100%" maw={width}>
          {children}
        </Box>
      </main>
      <footer className={classes.footer}>
        <Text fz="xs" c="dimmed">
          © {year} {APP_NAME} ·{' '}
          <Trans>
            Made by{' '}
            <Anchor href={MAKER_URL} target="_blank" rel="noopener noreferrer" fz="xs" underline="always">
              {MAKER_NAME}
            </Anchor>
          </Trans>
        </Text>
      </footer>
    </div>
  );
}

interface InfoCardProps {
  icon: Icon;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  color?: string;
  /** Children are a form or blocks of their own, not a paragraph of dimmed text. */
  plain?: boolean;
}

/** A card with an icon, a title, an explanation and actions, for the simple outside screens. */
function InfoCard({ icon: IconComponent, title, children, actions, color, plain }: InfoCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          <IconComponent size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {title}
        </Title>
        {plain ? (
          <div>{children}</div>
        ) : (
          <Text c="dimmed" fz="sm" component="div">
            {children}
          </Text>
        )}
        {actions ? (
          <Group gap="sm" mt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A public screen that is just an info card. */
export function InfoPage({ width, ...props }: InfoCardProps & { width?: string }) {
  return (
    <PublicLayout width={width}>
      <InfoCard {...props} />
    </PublicLayout>
  );
}
