/** The date range picker itself, with its styles; loaded by `DateRangeInput` when first shown. */
import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

export function DateRangePicker(props: DatePickerInputProps<'range'>) {
  return <DatePickerInput {...props} type="range" />;
}
