import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TABULAR } from '../lib/format';

/** A labelled fact of a details panel (a customer's, an invoice's): small caps label, its value, a dash when empty. */
export function Fact({ label, children, tabular = false }: { label: ReactNode; children: ReactNode; tabular?: boolean }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={tabular ? TABULAR : undefined}>
        {children || '–'}
      </Text>
    </Stack>
  );
}
