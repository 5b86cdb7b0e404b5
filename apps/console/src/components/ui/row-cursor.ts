import { useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { overlayOpen } from '../layout/shortcuts';
import classes from './row-cursor.module.css';

/** Where a key press lands on something that answers Enter itself (a link, a button, a checkbox). */
const INTERACTIVE =
  'a, button, input, select, textarea, summary, [role="button"], [role="checkbox"], [role="link"], [role="menuitem"], [contenteditable="true"]';

const answersEnterItself = (event: KeyboardEvent) =>
  event.target instanceof Element && event.target.closest(INTERACTIVE) !== null;

interface RowCursorOptions<T> {
  /** What is listed (queue, page, order…): a change clears the highlight. */
  resetKey: string;
  /** What `Enter` does with the highlighted row (open its page). */
  onOpen?: (record: T) => void;
}

/**
 * The keyboard cursor of a list's table: `j` and `k` highlight the next and previous row, `Enter` opens the highlighted
 * one. Quiet while a dialog is open or the user types; the highlighted row scrolls into view. Spread `tableProps` on
 * the ServerTable.
 */
export function useRowCursor<T>(records: readonly T[], { resetKey, onOpen }: RowCursorOptions<T>) {
  const [highlight, setHighlight] = useState<number | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement | null>(null);

  // Another queue, page or order: nothing stays highlighted out of sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a change of what is listed
  useEffect(() => setHighlight(null), [resetKey]);

  // Rows that left the page (released, resolved by a colleague) move the highlight to a row still there.
  useEffect(() => {
    setHighlight((index) => (index === null ? null : Math.min(index, Math.max(records.length - 1, 0))));
  }, [records]);

  useEffect(() => {
    if (highlight === null) return;
    bodyRef.current?.querySelector('[data-highlighted]')?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  const move = (step: 1 | -1) => {
    if (overlayOpen() || records.length === 0) return;
    setHighlight((index) =>
      index === null
        ? step === 1
          ? 0
          : records.length - 1
        : Math.min(Math.max(index + step, 0), records.length - 1),
    );
  };

  const highlighted = highlight === null ? undefined : records[highlight];

  useHotkeys([
    ['j', () => move(1)],
    ['k', () => move(-1)],
    [
      'Enter',
      (event) => {
        if (!onOpen || !highlighted || overlayOpen() || answersEnterItself(event)) return;
        onOpen(highlighted);
      },
    ],
  ]);

  return {
    highlight,
    highlighted,
    setHighlight,
    tableProps: {
      bodyRef: (node: HTMLTableSectionElement | null) => {
        bodyRef.current = node;
      },
      onRowClick: ({ index }: { index: number }) => setHighlight(index),
      rowClassName: (_: T, index: number) => (index === highlight ? classes.highlighted : undefined),
      customRowAttributes: (_: T, index: number) =>
        index === highlight ? { 'data-highlighted': true, 'aria-current': 'true' as const } : {},
    },
  };
}
