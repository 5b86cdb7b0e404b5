import { describe, expect, it } from 'vitest';
import { createStampedCache } from '../../src/db/change-stamps.js';
import { systemClock } from '../../src/domain/clock.js';

/** An answer of `size` characters that says which query it answers. */
const answer = (query: number, size: number) => JSON.stringify({ query, padding: 'x'.repeat(size) });

describe('the catalogue cache', () => {
  it('keeps within its byte budget under many distinct queries, and still answers each one right', async () => {
    const maxBytes = 100_000;
    const cache = createStampedCache(async () => '1', maxBytes, systemClock);
    let loads = 0;
    const ask = (query: number) =>
      cache.get(`reply 1 /api/v1/plans?zip=${query}`, async () => {
        loads++;
        return answer(query, 1_000);
      });

    for (let query = 0; query < 1_000; query++) {
      expect(JSON.parse(await ask(query)).query).toBe(query);
      expect(cache.keptBytes()).toBeLessThanOrEqual(maxBytes);
    }
    // About a million characters were asked for: only the budget's worth is kept, the newest.
    expect(cache.keptBytes()).toBeGreaterThan(maxBytes * 0.9);
    const loadsBefore = loads;
    expect(JSON.parse(await ask(999)).query).toBe(999);
    expect(loads).toBe(loadsBefore);
    expect(JSON.parse(await ask(0)).query).toBe(0);
    expect(loads).toBe(loadsBefore + 1);
  });

  it('counts values kept as objects by their JSON size', async () => {
    const cache = createStampedCache(async () => '1', 100_000, systemClock);
    await cache.get('plan 1 7', async () => ({ id: 7, name: 'n'.repeat(5_000) }));
    expect(cache.keptBytes()).toBeGreaterThan(5_000);
    expect(cache.keptBytes()).toBeLessThan(5_100);
  });

  it('serves a value larger than the whole budget without keeping it', async () => {
    const cache = createStampedCache(async () => '1', 10_000, systemClock);
    await cache.get('small', async () => answer(1, 100));
    const huge = await cache.get('huge', async () => answer(2, 20_000));
    expect(JSON.parse(huge).query).toBe(2);
    expect(cache.keptBytes()).toBeLessThan(10_000);
    let reloaded = false;
    await cache.get('small', async () => {
      reloaded = true;
      return answer(1, 100);
    });
    expect(reloaded).toBe(false);
  });

  it('loads again once the catalogue stamp moves', async () => {
    let stamp = '1';
    const cache = createStampedCache(async () => stamp, 10_000, systemClock);
    expect(await cache.get('k', async () => 'before')).toBe('before');
    expect(await cache.get('k', async () => 'unused')).toBe('before');
    stamp = '2';
    expect(await cache.get('k', async () => 'after')).toBe('after');
  });
});
