import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { deleteWindowsBefore, recordHit } from './store.js';

/**
 * Fixed-window counters kept in the database, so every API node behind a load balancer
 * counts the same attempts.
 */
export function createRateLimiter(db: Kysely<Database>) {
  return {
    async consume(bucket: string, limit: number, windowSeconds: number): Promise<void> {
      const now = Math.floor(Date.now() / 1000);
      const windowStart = now - (now % windowSeconds);
      const hits = await recordHit(db, bucket, windowStart);
      if (hits > limit) {
        const retryAfter = windowStart + windowSeconds - now;
        throw new ApiError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} seconds.`, [], {
          'retry-after': String(retryAfter),
        });
      }
    },
    purgeBefore: (epochSeconds: number) => deleteWindowsBefore(db, epochSeconds),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
