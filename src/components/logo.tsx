import { Group, Text } from '@mantine/core';
import { APP_NAME } from '../lib/app-info';

/** The product mark: an open notebook with a check, on emerald. */
function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-emerald-6, #059669)" />
      <path
        d="M8 9.5c2.6-.9 5.3-.6 8 1.2 2.7-1.8 5.4-2.1 8-1.2v13c-2.6-.9-5.3-.6-8 1.2-2.7-1.8-5.4-2.1-8-1.2z"
        fill="none"
        stroke="#fff"
        strokeWidth="1.9"
        strokeLinejoin="round"
      />
      <path d="M16 10.7v13" stroke="#fff" strokeWidth="1.9" />
      <path
        d="m18.6 16.4 1.7 1.7 3.2-3.4"
        fill="none"
        stroke="#d1fae5"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The mark and the product's name; `wordmark={false}` the mark alone (a crowded phone top bar). */
export function Logo({ size = 28, wordmark = true }: { size?: number; wordmark?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      {wordmark ? (
        <Text component="span" fw={700} fz="lg" lh={1} style={{ letterSpacing: '-0.01em' }}>
          {APP_NAME}
        </Text>
      ) : null}
    </Group>
  );
}
