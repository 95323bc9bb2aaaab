import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Tailwind's emerald scale, 50 to 900 (Mantine needs ten shades). */
const emerald: MantineColorsTuple = [
  '#ecfdf5',
  '#d1fae5',
  '#a7f3d0',
  '#6ee7b7',
  '#34d399',
  '#10b981',
  '#059669',
  '#047857',
  '#065f46',
  '#064e3b',
];

export const theme = createTheme({
  primaryColor: 'emerald',
  // 700 keeps white button text readable in both themes (5.5:1, WCAG AA); 600 reached only 3.8:1.
  primaryShade: { light: 7, dark: 7 },
  colors: { emerald },
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '650',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // md = 62em = 992 px: "desktop" means wider than 991 px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Tooltip: { defaultProps: { maw: '12.5rem', multiline: true, withArrow: true, openDelay: 300 } },
  },
});

/**
 * Secondary ("dimmed") and red text at least 4.5:1 on the page and on cards in both themes
 * (Mantine's default grey reaches 3.3:1 on white and 4:1 on the dark body).
 */
export const readableColors: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // Red figures (negative overtime, errors) too: Mantine's red text reached 3.8:1 on white.
    '--mantine-color-red-text': '#c92a2a',
    // The text of light badges, alerts and icons on their own tint: Mantine's shade 9 reaches only
    // 2.7:1 for yellow ("Pause", notes), 3.3–4.3:1 for lime, orange, green and teal; these 5.1–6.1:1.
    '--mantine-color-yellow-light-color': '#8f4700',
    '--mantine-color-teal-light-color': '#066a4c',
    '--mantine-color-orange-light-color': '#b03a0c',
    '--mantine-color-green-light-color': '#226f32',
    '--mantine-color-lime-light-color': '#466f0a',
  },
  dark: { '--mantine-color-dimmed': '#b3b3b3' },
});

