import { useLingui } from '@lingui/react/macro';
import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { nextColorScheme, type ColorSchemeMode } from '../lib/color-scheme';
import { useFloatingParts } from './use-floating-parts';

const icons = { dark: IconMoon, light: IconSun, auto: IconDeviceDesktop } as const;

/** Cycles the colour scheme dark → light → auto; the tooltip names the current and the next one. */
export function ThemeToggle() {
  const { t } = useLingui();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const names: Record<ColorSchemeMode, string> = {
    dark: t`Dark`,
    light: t`Light`,
    auto: t`Automatic (system)`,
  };
  const next = nextColorScheme(colorScheme);
  const current = names[colorScheme];
  const upcoming = names[next];
  const label = t`Colour scheme: ${current}. Click for ${upcoming}.`;
  const Icon = icons[colorScheme];

  // The tooltip (floating-ui) comes after the first paint; the button is named without it.
  const { parts, ref } = useFloatingParts<HTMLButtonElement>();
  const button = (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      data-color-scheme={colorScheme}
      onClick={() => setColorScheme(next)}
    >
      <Icon size={20} stroke={1.7} />
    </ActionIcon>
  );
  if (!parts) return button;
  const { Tooltip } = parts;
  return <Tooltip label={label}>{button}</Tooltip>;
}
