import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: Icon;
  title: ReactNode;
  /** What the screen holds once there is data, and how it gets there. */
  children: ReactNode;
  action?: ReactNode;
  /** Without the card frame, e.g. inside a tab panel that is framed already. */
  bare?: boolean;
}

/** An honest "nothing here yet" block: an icon, what is missing and what will appear. */
export function EmptyState({ icon: IconComponent, title, children, action, bare }: EmptyStateProps) {
  const content = (
    <Stack align="center" gap="sm" ta="center" py={{ base: 'lg', sm: 'xl' }} px="md">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconComponent size={28} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} fz="h4" mt="xs">
        {title}
      </Title>
      <Text c="dimmed" fz="sm" maw="34rem">
        {children}
      </Text>
      {action}
    </Stack>
  );
  if (bare) return content;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      {content}
    </Paper>
  );
}
