import { PAGES } from './navigation';

/** Every keyboard shortcut, as the help dialog (`?`) lists them. */
export const SHORTCUT_GROUPS = [
  {
    title: 'Anywhere',
    items: [
      { keys: 'mod+K', label: 'Go to a page or find a customer' },
      { keys: '/', label: 'Go to a page or find a customer' },
      ...PAGES.map((page) => ({ keys: page.shortcut, label: `Go to ${page.label.toLowerCase()}` })),
      { keys: '?', label: 'Show these shortcuts' },
    ],
  },
  {
    title: 'Queue lists',
    items: [
      { keys: 'j', label: 'Highlight the next row' },
      { keys: 'k', label: 'Highlight the previous row' },
      { keys: 'Enter', label: 'Open the enrollment of the highlighted row' },
      { keys: 'x', label: 'Select or unselect the highlighted row' },
      { keys: 'r', label: 'Release the hold of the highlighted row' },
      { keys: 'shift+r', label: 'Retry the submission of the highlighted row' },
      { keys: 'v', label: 'View the letter of credit, or verify the meter, of the highlighted row' },
    ],
  },
] as const;

/** Hotkeys stay quiet while a dialog (a modal, Spotlight) is open or the user types. */
export function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [data-spotlight-open]') !== null;
}
