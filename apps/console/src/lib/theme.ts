import {
  type CSSVariablesResolver,
  createTheme,
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
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    Modal: Modal.extend({ defaultProps: { centered: true, radius: 'md', overlayProps: { backgroundOpacity: 0.45, blur: 2 } } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: 300, withArrow: true } }),
    Notification: Notification.extend({ defaultProps: { radius: 'md' } }),
  },
});

/** Mantine's dimmed greys are too faint for small text (about 3.3:1); these keep 5:1 or more. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-body': '#ffffff',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a7ab',
  },
});

export const COLOR_SCHEME_KEY = 'voltin-console-color-scheme';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
