import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One block of the account page: icon, title, a line of explanation, content. */
export function SectionCard({
  icon: IconComponent,
  title,
  description,
  action,
  children,
}: {
  icon: Icon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
            <ThemeIcon size={36} radius="md" variant="light">
              <IconComponent size={20} stroke={1.7} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz="h4" lh={1.3}>
                {title}
              </Title>
              {description ? (
                <Text fz="sm" c="dimmed">
                  {description}
                </Text>
              ) : null}
            </div>
          </Group>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
