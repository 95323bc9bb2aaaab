import { useLingui } from '@lingui/react/macro';
import { Group, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/**
 * The row above a list: a filter field (applied 300 ms after typing stops) and the "include
 * archived" switch (when the list has archived rows).
 */
export function ListToolbar({
  filter,
  onFilter,
  includeArchived,
  onIncludeArchived,
  filterPlaceholder,
  children,
}: {
  filter: string;
  onFilter: (filter: string) => void;
  includeArchived: boolean;
  onIncludeArchived?: (value: boolean) => void;
  filterPlaceholder: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(filter);
  const apply = useDebouncedCallback((value: string) => onFilter(value.trim()), 300);
  // The URL may change from outside (back button, a link): show its filter, unless it is what
  // the user is typing (which may end in a space the URL does not keep).
  const [shown, setShown] = useState(filter);
  if (filter !== shown) {
    setShown(filter);
    if (filter !== text.trim()) setText(filter);
  }
  return (
    <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
      <TextInput
        aria-label={t`Filter`}
        placeholder={filterPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          apply(event.currentTarget.value);
        }}
        maxLength={200}
        style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
      />
      <Group gap="md" wrap="wrap">
        {children}
        {onIncludeArchived ? (
          <Switch
            label={t`Include archived`}
            checked={includeArchived}
            onChange={(event) => onIncludeArchived(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
    </Group>
  );
}
