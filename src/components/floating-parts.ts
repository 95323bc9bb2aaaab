// Mantine's Menu and Tooltip (with floating-ui, Popover and the focus trap: about 40 KiB gzip), for
// the header controls of the public screens, loaded after their first paint (use-floating-parts.ts).
export { Menu, Tooltip } from '@mantine/core';
