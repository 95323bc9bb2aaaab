import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SortState<K extends string> {
  orderBy: K;
  descending: boolean;
}

/** A table header cell that sorts its column: first click ascending, the next descending. */
export function SortableHeader<K extends string>({
  column,
  sort,
  onSort,
  children,
  width,
}: {
  column: K;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
  children: ReactNode;
  width?: number | string;
}) {
  const active = sort.orderBy === column;
  const Icon = active ? (sort.descending ? IconChevronDown : IconChevronUp) : IconSelector;
  return (
    <Table.Th w={width} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'} p={0}>
      <UnstyledButton
        onClick={() => onSort({ orderBy: column, descending: active ? !sort.descending : false })}
        px="sm"
        py={8}
        w="100%"
      >
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text fw={600} fz="sm" component="span">
            {children}
          </Text>
          <Icon size={14} stroke={1.6} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
