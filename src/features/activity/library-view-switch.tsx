/** The library's two views, entries and the report (the report loads with its first showing). */
import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';
import type { LibraryView } from './report-search';

/** Switches the library between its entries and the report; shown to the back office only. */
export function LibraryViewSwitch({ value, onChange }: { value: LibraryView; onChange: (view: LibraryView) => void }) {
  const { t } = useLingui();
  return (
    <SegmentedControl
      aria-label={t`Library view`}
      value={value}
      onChange={(view) => onChange(view as LibraryView)}
      data={[
        { value: 'entries', label: t`Entries` },
        { value: 'report', label: t`Report` },
      ]}
    />
  );
}
