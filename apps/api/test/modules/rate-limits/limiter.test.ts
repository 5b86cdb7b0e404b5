import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/index.js';
import {
  createRateLimiter,
  KNOWN_ADDRESS_SECONDS,
  STREAK_MEMORY_SECONDS,
} from '../../../src/modules/rate-limits/index.js';
import { useTestApi } from '../../helpers/app.js';
import { type ManualClock, manualClock } from '../../helpers/clock.js';

const api = useTestApi();
const DAY_MS = 86_400_000;

/** Each test starts at a midnight of its own, two days apart, so fixed windows and streaks never carry over. */
let clock: ManualClock;
let testsStarted = 0;
beforeEach(() => {
  clock = manualClock(
    new Date((Math.floor(Date.now() / DAY_MS) + 2 * ++testsStarted) * DAY_MS).toISOString(),
  );
});
const advanceSeconds = (seconds: number) => clock.advance(seconds);

const streakKeys = async () =>
  (await api.db.kysely.selectFrom('login_streaks').select('key').execute()).map((row) => row.key).sort();

describe('the purge task', () => {
  it('forgets runs of failures after a day without attempts, but remembers known addresses for 90 days', async () => {
    const limiter = createRateLimiter(api.db.kysely, clock);
    await api.db.kysely.deleteFrom('login_streaks').execute(); // a clean slate: the test lists every streak left
    await limiter.attemptStreak('failed-only', [0]);
    await limiter.attemptStreak('logged-in', [0]);
    await limiter.endStreak('logged-in');
    advanceSeconds(STREAK_MEMORY_SECONDS - 1);
    await limiter.purgeExpired();
    expect(await streakKeys()).toEqual(['failed-only', 'logged-in']);
    advanceSeconds(2);
    await limiter.purgeExpired();
    expect(await streakKeys()).toEqual(['logged-in']);
    expect(await limiter.isKnownAddress('logged-in')).toBe(true);
    advanceSeconds(KNOWN_ADDRESS_SECONDS);
    expect(await limiter.isKnownAddress('logged-in')).toBe(false);
    await limiter.purgeExpired();
    expect(await streakKeys()).toEqual([]);
  });

  it('deletes fixed windows an hour after they began', async () => {
    const limiter = createRateLimiter(api.db.kysely, clock);
    await limiter.consume('purge-test', 5, 3600);
    await limiter.purgeExpired();
    const rows = () =>
      api.db.kysely.selectFrom('rate_limit_hits').selectAll().where('bucket', '=', 'purge-test').execute();
    expect(await rows()).toHaveLength(1);
    advanceSeconds(3601);
    await limiter.purgeExpired();
    expect(await rows()).toHaveLength(0);
  });
});

describe('login limit settings', () => {
  it('read the ceilings from the environment and refuse what is not a whole number', () => {
    const limits = loadConfig({
      LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: '50',
      LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '4',
      PROBES_PER_ADDRESS_PER_HOUR: '200',
    }).loginLimits;
    expect(limits).toMatchObject({
      failuresPerAddressPerHour: 50,
      failuresPerAccountPerHour: 4,
      probesPerAddressPerHour: 200,
    });
    expect(loadConfig({}).loginLimits).toEqual({
      freeFailures: 5,
      firstDelaySeconds: 30,
      maxDelaySeconds: 900,
      failuresPerAddressPerHour: 30,
      failuresPerAccountPerHour: 10,
      probesPerAddressPerHour: 60,
    });
    expect(() => loadConfig({ LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROBES_PER_ADDRESS_PER_HOUR: 'many' })).toThrow(/PROBES_PER_ADDRESS_PER_HOUR/);
  });
});
