import { describe, expect, it } from 'vitest';
import { localDay, startOfLocalDay } from '../../src/domain/time-zone.js';

const CHICAGO = 'America/Chicago';

describe('a time zone’s calendar days', () => {
  it('names the local day of an instant, which may not be the UTC one', () => {
    expect(localDay(new Date('2026-12-02T05:30:00Z'), CHICAGO)).toBe('2026-12-01');
    expect(localDay(new Date('2026-12-02T06:00:00Z'), CHICAGO)).toBe('2026-12-02');
    expect(localDay(new Date('2026-07-02T04:59:59.999Z'), CHICAGO)).toBe('2026-07-01');
    expect(localDay(new Date('2026-07-02T05:00:00Z'), CHICAGO)).toBe('2026-07-02');
    expect(localDay(new Date('2026-12-02T05:30:00Z'), 'UTC')).toBe('2026-12-02');
  });

  it('begins each day at local midnight, in standard and daylight time', () => {
    expect(startOfLocalDay('2026-12-01', CHICAGO).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', CHICAGO).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Asia/Kolkata').toISOString()).toBe('2026-06-30T18:30:00.000Z');
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour one when they go back', () => {
    const hours = (day: string, next: string) =>
      (startOfLocalDay(next, CHICAGO).getTime() - startOfLocalDay(day, CHICAGO).getTime()) / 3_600_000;
    expect(hours('2026-03-08', '2026-03-09')).toBe(23);
    expect(hours('2026-11-01', '2026-11-02')).toBe(25);
    expect(startOfLocalDay('2026-03-08', CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', CHICAGO).toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('refuses a zone it does not know', () => {
    expect(() => localDay(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
