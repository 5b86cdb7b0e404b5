/**
 * The one retry schedule of every background job: after the n-th failure in a row, wait `base` × 2^(n−1) seconds,
 * never more than `max` (1, 2, 4 … minutes, at most an hour, by default).
 */
export interface Backoff {
  baseSeconds: number;
  maxSeconds: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseSeconds: 60, maxSeconds: 3600 };

export function backoffSeconds(
  failures: number,
  { baseSeconds, maxSeconds }: Backoff = DEFAULT_BACKOFF,
): number {
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, failures - 1));
}
