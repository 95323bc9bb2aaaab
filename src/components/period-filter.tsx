/**
 * A period preset with its own days for "custom range" (the presets of `lib/periods.ts`), for every
 * list filtered by period: the library, the gallery, the dashboard, the report, the invoice register.
 */
import { useLingui } from '@lingui/react/macro';
import { Group, Select } from '@mantine/core';
import dayjs from 'dayjs';
import { periodLabels, periodPresets, periodRange, type PeriodPreset } from '../lib/periods';
import { DateRangeInput } from './date-range-input';

export function PeriodFilter({
  period,
  from,
  to,
  onChange,
  fallback = 'all',
  withAll = true,
}: {
  period?: PeriodPreset;
  from?: string;
  to?: string;
  onChange: (value: { period: PeriodPreset; from?: string; to?: string }) => void;
  fallback?: PeriodPreset;
  withAll?: boolean;
}) {
  const { t, i18n } = useLingui();
  const current = period ?? fallback;
  const range = current === 'manual' ? periodRange('manual', new Date(), { from, to }) : undefined;
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={t`Period`}
        w={190}
        allowDeselect={false}
        data={periodPresets.filter((p) => withAll || p !== 'all').map((p) => ({ value: p, label: i18n._(periodLabels[p]) }))}
        value={current}
        onChange={(value) => value && onChange({ period: value as PeriodPreset, from: undefined, to: undefined })}
        comboboxProps={{ withinPortal: true }}
      />
      {range ? (
        <DateRangeInput
          aria-label={t`Custom range`}
          valueFormat={i18n.locale === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY'}
          w={230}
          value={[range.from, range.to]}
          onChange={([start, end]) => {
            if (start && end) onChange({ period: 'manual', from: dayjs(start).format('YYYY-MM-DD'), to: dayjs(end).format('YYYY-MM-DD') });
          }}
        />
      ) : null}
    </Group>
  );
}
