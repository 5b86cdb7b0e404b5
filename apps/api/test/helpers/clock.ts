import type { Clock } from '../../src/domain/clock.js';

/** A clock that stands still until the test moves it. */
export interface ManualClock extends Clock {
  advance(seconds: number): void;
}

export function manualClock(start = '2026-11-26T09:00:00.000Z'): ManualClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}

const HOUR_MS = 3_600_000;

/**
 * Moves the clock to the top of an hour two days on: a test that starts there sees no fixed window or streak of the
 * tests before it, and time never runs backwards.
 */
export function moveToAFreshHour(clock: ManualClock): void {
  const now = clock.now().getTime();
  clock.advance(((Math.floor(now / HOUR_MS) + 49) * HOUR_MS - now) / 1000);
}
