/**
 * The date range of the period filters ("Benutzerdefiniert"), loaded when a manual range is first
 * shown: the picker is about 11 KiB gzip and its styles 26 KB, which most visits of the dashboard,
 * the library, the gallery or the time tracking never need. Until it is there, an empty disabled
 * field of the same label and width holds its place.
 */
import { TextInput } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { lazy, Suspense } from 'react';

const DateRangePicker = lazy(() => import('./date-range-picker').then((module) => ({ default: module.DateRangePicker })));

export function DateRangeInput(props: Omit<DatePickerInputProps<'range'>, 'type'>) {
  const placeholder = <TextInput label={props.label} aria-label={props['aria-label']} w={props.w} disabled value="" readOnly />;
  return (
    <Suspense fallback={placeholder}>
      <DateRangePicker {...props} />
    </Suspense>
  );
}
