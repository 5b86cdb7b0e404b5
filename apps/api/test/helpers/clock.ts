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
