import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  type MantineColorsTuple,
} from '@mantine/core';

/** Used until the brand's own colour is known, and for a brand that sets none. */
export const DEFAULT_BRAND_COLOR = '#1c5d99';

/** Ten shades around the brand's colour (shade 6), as Mantine's palettes have: light tints for backgrounds, darker for hover. */
export function shadesOf(color: string): MantineColorsTuple {
  return [
    lighten(color, 0.92),
    lighten(color, 0.8),
    lighten(color, 0.65),
    lighten(color, 0.5),
    lighten(color, 0.3),
    lighten(color, 0.15),
    color,
    darken(color, 0.1),
    darken(color, 0.2),
    darken(color, 0.3),
  ];
}

/**
 * The brand's theme. autoContrast picks black or white text on filled buttons, so any brand colour keeps its labels
 * readable (WCAG AA).
 */
export function brandTheme(primary: string) {
  return createTheme({
    colors: { brand: shadesOf(primary) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.35,
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    fontFamily:
      'ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Headings shrink on a phone's width (a plan's long name in the wizard's title stays on two or three lines).
    headings: {
      fontWeight: '650',
      sizes: {
        h1: { fontSize: 'clamp(1.5rem, 1.1rem + 2vw, 2.125rem)' },
        h2: { fontSize: 'clamp(1.25rem, 1rem + 1.2vw, 1.625rem)' },
      },
    },
  });
}

/**
 * Dimmed text (hints, descriptions, small labels) at gray 7 and error messages at red 8 rather than Mantine's 6: 4.5:1
 * on white, as WCAG AA asks of text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7], '--mantine-color-error': theme.colors.red[8] },
  dark: {},
});
