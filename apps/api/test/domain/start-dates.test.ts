import { describe, expect, it } from 'vitest';
import { addDays, isWeekend } from '../../src/domain/dates.js';
import {
  LISTED_START_DAYS,
  type StartDateRule,
  selectableStartDates,
  startDateProblem,
} from '../../src/domain/start-dates.js';

// 2026-11-22 is a Sunday, 2026-11-27 a Friday.
const rule: StartDateRule = { minDelayDays: 2, allowWeekends: false, switchType: 'Switch' };

describe('the start-date rule', () => {
  it('refuses start dates before the plan delay and weekends where the utility does not start on them', () => {
    expect(startDateProblem('2026-11-23', '2026-11-22', rule)).toBe('START_DATE_TOO_EARLY');
    expect(startDateProblem('2026-11-28', '2026-11-22', rule)).toBe('START_DATE_WEEKEND');
    expect(startDateProblem('2026-11-30', '2026-11-22', rule)).toBeNull();
    expect(startDateProblem('2026-11-28', '2026-11-22', { ...rule, allowWeekends: true })).toBeNull();
  });

  it('lets a priority move-in start today, and only a move-in', () => {
    const moveIn = { ...rule, switchType: 'Move-In', priority: 'Priority' } as const;
    expect(startDateProblem('2026-11-23', '2026-11-23', moveIn)).toBeNull();
    expect(startDateProblem('2026-11-22', '2026-11-23', moveIn)).toBe('START_DATE_TOO_EARLY');
    expect(startDateProblem('2026-11-23', '2026-11-23', { ...moveIn, priority: 'Standard' })).toBe(
      'START_DATE_TOO_EARLY',
    );
    expect(startDateProblem('2026-11-23', '2026-11-23', { ...moveIn, switchType: 'Switch' })).toBe(
      'START_DATE_TOO_EARLY',
    );
  });

  it('lists, for the span from the earliest date, exactly the dates it accepts', () => {
    for (const today of ['2026-11-22', '2026-11-26', '2026-11-27']) {
      for (const asked of [rule, { ...rule, allowWeekends: true }, { ...rule, minDelayDays: 0 }]) {
        const dates = selectableStartDates(today, asked);
        const earliest = dates[0]!;
        const span = Array.from({ length: LISTED_START_DAYS + 10 }, (_, i) => addDays(today, i)).filter(
          (day) => day <= addDays(earliest, LISTED_START_DAYS - 1),
        );
        expect(span.filter((day) => startDateProblem(day, today, asked) === null)).toEqual(dates);
      }
    }
  });

  it('starts the list on the next weekday when the delay ends on a weekend the utility skips', () => {
    // Thursday + 2 days = Saturday: Monday is the first date.
    const dates = selectableStartDates('2026-11-26', rule);
    expect(dates.slice(0, 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(dates.some(isWeekend)).toBe(false);
    expect(dates.at(-1)! <= addDays('2026-11-30', LISTED_START_DAYS - 1)).toBe(true);
    expect(selectableStartDates('2026-11-26', { ...rule, allowWeekends: true })).toHaveLength(
      LISTED_START_DAYS,
    );
  });
});
