/** A text field with its microphone beside it: what is dictated is added to the text, to edit before saving. */
import { Group, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyDictationButton } from './lazy-dictation-button';

export function DictatedTextarea({
  label,
  value,
  onChange,
  error,
  minRows = 3,
  autofocus = false,
}: {
  label: string;
  value: string;
  /** Called with the new text, also when a dictation is added (functional, so typing meanwhile is kept). */
  onChange: (next: (current: string) => string) => void;
  error?: ReactNode;
  minRows?: number;
  autofocus?: boolean;
}) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        label={label}
        autosize
        minRows={minRows}
        maxLength={4000}
        data-autofocus={autofocus || undefined}
        value={value}
        error={error}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onChange(() => text);
        }}
      />
      <LazyDictationButton onText={(more) => onChange((current) => `${current} ${more}`.trim())} />
    </Group>
  );
}
