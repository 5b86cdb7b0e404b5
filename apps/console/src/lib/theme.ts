import {
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  darken,
  localStorageColorSchemeManager,
  Modal,
  Notification,
  Paper,
  Tooltip,
} from '@mantine/core';

/**
 * A calm indigo on neutral greys. Shades are chosen for contrast (WCAG AA, 4.5:1 for text): white on the filled
 * buttons in both schemes, links and dimmed text against the page background.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Modal: Modal.extend({
      defaultProps: {
        centered: true,
        radius: 'md',
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
    }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close navigation' } } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 300, withArrow: true } }),
    Notification: Notification.extend({
      defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      // Mantine's grey-6 description under a title is below 4.5:1.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Mantine's dimmed greys are too faint for small text (about 3.3:1); these keep 5:1 or more. The text of light
 * variants (badges, light buttons) is darkened in the light scheme: yellow and orange text on their tints fail AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-body': '#ffffff',
    '--mantine-color-placeholder': '#6b7280',
    // A field's error (its message and its text) in Mantine's red-6 is about 3.3:1 on white: red-9 keeps 5:1 or more.
    '--mantine-color-error': resolved.colors.red[9],
    // White on Mantine's filled red (red-7 here) is about 3.8:1: a red button (Delete, Retire) is red-9, 5:1 or more.
    '--mantine-color-red-filled': resolved.colors.red[9],
    '--mantine-color-red-filled-hover': darken(resolved.colors.red[9], 0.1),
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], name === 'yellow' || name === 'orange' ? 0.45 : 0.2),
      ]),
    ),
    // Coloured text (c="teal", a dashboard count) in Mantine's shade 6 is under 3:1 on white for the light hues:
    // shade 9, darker still for yellow and orange, keeps 4.5:1.
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-text`,
        name === 'yellow' || name === 'orange' ? darken(shades[9], 0.3) : shades[9],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': '#a6a7ab',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': resolved.colors.red[4],
  },
});

export const COLOR_SCHEME_KEY = 'voltin-console-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
