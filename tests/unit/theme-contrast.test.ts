/**
 * Text contrast of the theme in the light scheme (WCAG AA, 4.5:1 for normal text): the light
 * variant of every colour (badges, alerts, theme icons: shade 9 as text on shade 1, unless
 * `readableColors` sets a darker text), and the dimmed and red texts on white.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableColors, theme } from '../../src/theme';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const light = readableColors({ ...DEFAULT_THEME, ...theme } as never).light as Record<string, string>;
const colors = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>;

describe('the light scheme’s texts', () => {
  it('draws the light variant as shade 9 on shade 1 (what the test below assumes)', () => {
    const css = fs.readFileSync(path.resolve('node_modules/@mantine/core/styles/default-css-variables.css'), 'utf8');
    const lightBlock = css.slice(css.indexOf(":root[data-mantine-color-scheme='light']"));
    expect(lightBlock).toContain('--mantine-color-yellow-light: var(--mantine-color-yellow-1)');
    expect(lightBlock).toContain('--mantine-color-yellow-light-color: var(--mantine-color-yellow-9)');
  });

  it('reaches 4.5:1 for the light variant of every colour', () => {
    const failing = Object.entries(colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, shades]) => ({ name, ratio: contrast(light[`--mantine-color-${name}-light-color`] ?? shades[9], shades[1]) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it('reaches 4.5:1 for dimmed and red text on white', () => {
    expect(contrast(light['--mantine-color-dimmed'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--mantine-color-red-text'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
