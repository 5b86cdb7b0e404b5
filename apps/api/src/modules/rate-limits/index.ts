import type { Kysely } from 'kysely';
import type { Config, LoginLimits } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, epochSeconds } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import { sha256Hex } from '../../security/tokens.js';
import {
  countStreakAttempt,
  deleteStreaksIdleSince,
  deleteWindowsBefore,
  endStreak,
  findStreak,
  recordHit,
  type StreakSchedule,
  takeBackHit,
} from './store.js';

const HOUR = 3600;
/** A run of failed logins is forgotten after a day without attempts. */
export const STREAK_MEMORY_SECONDS = 24 * HOUR;
/** An address an account logged in from stays exempt from that account's ceiling this long. */
export const KNOWN_ADDRESS_SECONDS = 90 * 24 * HOUR;

function rateLimited(retryAfterSeconds: number): ApiError {
  const retryAfter = Math.max(1, retryAfterSeconds);
  return new ApiError('RATE_LIMITED', `Too many attempts; try again in ${retryAfter} seconds.`, [], {
    'retry-after': String(retryAfter),
  });
}

/** A fixed-window budget: at most `limit` hits of `bucket` per window of `windowSeconds`. */
export type Budget = [bucket: string, limit: number, windowSeconds: number];

/** One counted hit of a fixed window, so it can be taken back. */
export interface Hit {
  bucket: string;
  windowStart: number;
}

/**
 * Fixed-window counters and login streaks kept in the database, so every API node behind a load balancer counts the
 * same attempts. Every count is one atomic statement: attempts sent at once all count.
 */
export function createRateLimiter(db: Kysely<Database>, clock: Clock) {
  const nowSeconds = () => epochSeconds(clock);
  /** Counts a hit in the current window; 429 with Retry-After (the hit taken back) once over `limit`. */
  async function consume(bucket: string, limit: number, windowSeconds: number): Promise<Hit> {
    const now = nowSeconds();
    const windowStart = now - (now % windowSeconds);
    const hits = await recordHit(db, bucket, windowStart);
    if (hits > limit) {
      await takeBackHit(db, bucket, windowStart);
      throw rateLimited(windowStart + windowSeconds - now);
    }
    return { bucket, windowStart };
  }
  const refund = (hit: Hit) => takeBackHit(db, hit.bucket, hit.windowStart);

  return {
    consume,
    /** Takes back a hit that turned out not to count (a login that succeeded). */
    refund,
    /** Counts a hit in each budget, or (429) in none: a refused request spends nothing. */
    async consumeAll(budgets: Budget[]): Promise<Hit[]> {
      const hits: Hit[] = [];
      try {
        for (const [bucket, limit, windowSeconds] of budgets)
          hits.push(await consume(bucket, limit, windowSeconds));
      } catch (error) {
        await Promise.all(hits.map(refund));
        throw error;
      }
      return hits;
    },
    /** Counts one attempt of a streak; 429 with the time left while the wait after its last failure runs. */
    async attemptStreak(key: string, waits: number[]): Promise<void> {
      const now = nowSeconds();
      const schedule: StreakSchedule = { forgetBefore: now - STREAK_MEMORY_SECONDS, waits };
      if (await countStreakAttempt(db, key, now, schedule)) return;
      const streak = await findStreak(db, key);
      throw rateLimited((streak?.next_attempt_at ?? now) - now);
    },
    async isKnownAddress(key: string): Promise<boolean> {
      const knownUntil = (await findStreak(db, key))?.known_until;
      return knownUntil != null && knownUntil >= nowSeconds();
    },
    endStreak: (key: string) => endStreak(db, key, nowSeconds() + KNOWN_ADDRESS_SECONDS),
    async purgeExpired(): Promise<void> {
      const now = nowSeconds();
      await deleteWindowsBefore(db, now - HOUR);
      await deleteStreaksIdleSince(db, now - STREAK_MEMORY_SECONDS, now);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The wait after the nth failure of a streak: none for the free ones, then doubling up to the ceiling. */
function streakWaits(limits: LoginLimits): number[] {
  const waits = Array<number>(limits.freeFailures).fill(0);
  for (let wait = limits.firstDelaySeconds; wait < limits.maxDelaySeconds; wait *= 2) waits.push(wait);
  waits.push(limits.maxDelaySeconds);
  return waits;
}

export interface LoginAttempt {
  /** The credentials were right: the pair's streak ends and the attempt leaves the ceilings. */
  succeeded(): Promise<void>;
}

/**
 * Who may try a password now. Each (login name, client address) pair has its own streak: `freeFailures` failures
 * are answered at once, then each further attempt waits twice as long as the one before (up to `maxDelaySeconds`);
 * a success ends the streak. Failures are also capped per address (many names from one address) and per account
 * (one name from many addresses). The account ceiling skips addresses the account logged in from before, so an
 * attacker elsewhere cannot lock the customer out. A refused attempt counts nowhere and checks no password.
 */
export function createLoginThrottle(
  limiter: RateLimiter,
  { loginLimits: limits, loginAttemptsPerMinute }: Pick<Config, 'loginLimits' | 'loginAttemptsPerMinute'>,
) {
  const waits = streakWaits(limits);

  return {
    /** `scope` separates kinds of login; `name` is the login name as the caller sent it (normalised). */
    async attempt(scope: string, name: string, address: string): Promise<LoginAttempt> {
      const account = sha256Hex(`${scope}:${name}`);
      const pair = sha256Hex(`${scope}:${name}:${address}`);
      const ceilings: Budget[] = [
        [`${scope}:ip:${address}`, loginAttemptsPerMinute, 60],
        [`${scope}:failed:ip:${address}`, limits.failuresPerAddressPerHour, HOUR],
      ];
      if (!(await limiter.isKnownAddress(pair)))
        ceilings.push([`${scope}:failed:account:${account}`, limits.failuresPerAccountPerHour, HOUR]);
      const hits = await limiter.consumeAll(ceilings);
      try {
        await limiter.attemptStreak(pair, waits);
      } catch (error) {
        await Promise.all(hits.map(limiter.refund));
        throw error;
      }
      // The first ceiling counts every attempt (a flood guard); the others count failures only.
      const failures = hits.slice(1);
      return {
        async succeeded() {
          await limiter.endStreak(pair);
          await Promise.all(failures.map(limiter.refund));
        },
      };
    },
  };
}
