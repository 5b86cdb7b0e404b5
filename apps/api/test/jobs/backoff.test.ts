import { describe, expect, it } from 'vitest';
import { backoffSeconds } from '../../src/jobs/backoff.js';

describe('the retry schedule of background jobs', () => {
  it('waits 1, 2, 4 … minutes after each failure in a row, never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failures) => backoffSeconds(failures))).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });

  it('takes another base and cap', () => {
    expect(
      [0, 1, 2, 3].map((failures) => backoffSeconds(failures, { baseSeconds: 30, maxSeconds: 100 })),
    ).toEqual([30, 30, 60, 100]);
  });
});
