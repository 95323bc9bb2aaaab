import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
