/**
 * The filters above the activity lists: archive state (open, processed, archived, all), kinds,
 * and a text filter (applied 300 ms after typing stops); the period is `components/period-filter.tsx`.
 * They live in the URL (see search.ts), so a filtered list can be shared and survives a reload.
 */
import { useLingui } from '@lingui/react/macro';
import { MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { kindLooks } from './activity-kinds';
import { activityKinds, type ArchiveState } from './search';

export function SearchField({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const apply = useDebouncedCallback((next: string) => onChange(next.trim()), 300);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  return (
    <TextInput
      aria-label={t`Search`}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={200}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
    />
  );
}

export function ArchiveStateFilter({ value, onChange }: { value: ArchiveState; onChange: (value: ArchiveState) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      aria-label={t`Archive state`}
      value={value}
      onChange={(next) => onChange(next as ArchiveState)}
      data={[
        { value: 'open', label: t`Open` },
        { value: 'processed', label: t`Processed` },
        { value: 'archived', label: t`Archived` },
        { value: 'all', label: t`All` },
      ]}
    />
  );
}

export function KindFilter({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const { t, i18n } = useLingui();
  return (
    <MultiSelect
      aria-label={t`Kinds`}
      placeholder={value.length ? undefined : t`All kinds`}
      data={activityKinds.map((k) => ({ value: k, label: i18n._(kindLooks[k].label) }))}
      value={value}
      onChange={onChange}
      clearable
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
