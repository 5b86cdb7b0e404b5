import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../src/domain/dates.js';
import {
  creditCheck,
  enrollmentBody,
  freshEsiid,
  planId,
  requiredOptions,
  ssnEnding,
  travelTo,
} from '../../fixtures/enrollments.js';
import { setUtility } from '../../fixtures/operator.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

/**
 * The start dates a wizard offers (GET /plans/start-dates/{planId}) are the ones the enrollment takes: every date
 * listed is accepted by POST /enrollments/create, every date of the span left out is refused, today and after the
 * clock has moved over a weekend, for a utility that starts service on weekends (Oncor) and one that does not
 * (Columbia Gas of Ohio, whose gas plans wait five days).
 */
// A Friday.
const clock = manualClock('2026-11-27T15:00:00.000Z');
const api = useTestApi({}, {}, { clock });

interface StartDates {
  id_plan: number;
  switch_type: string;
  priority: string;
  min_start_date_delay_days: number;
  allow_weekend_start_dates: boolean;
  earliest_start_date: string;
  available_dates: string[];
}

const OHIO = { city: 'Columbus', state: 'OH', zipCode: '43215' };
let oncorPlan: number;
let ohioPlan: number;

const today = (days = 0) => addDays(dayOf(clock), days);

const startDates = async (plan: number, query: Record<string, string>) =>
  api.call('GET', `/plans/start-dates/${plan}`, { token: await api.sandboxToken(), query });

const listed = async (plan: number, query: Record<string, string> = { switchType: 'Switch' }) => {
  const response = await startDates(plan, query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as StartDates;
};

/** Enrolls in the plan from `date` after a clean credit check: 'accepted', or the code it is refused with. */
async function enrollOn(
  plan: number,
  date: string,
  start: Record<string, string> = { switchType: 'Switch' },
) {
  const token = await api.sandboxToken();
  const ohio = plan === ohioPlan;
  const check = await creditCheck(api, token, {
    socialSecurityNumber: ssnEnding('720'),
    planId: plan,
    ...(ohio ? OHIO : {}),
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
      ...start,
      requestedStartDate: date,
      payment: { creditCheckId: check.id_credit_check },
      ...(ohio
        ? {
            commodityName: 'Gas',
            serviceAddress: {
              address: '100 Main St',
              city: OHIO.city,
              state: OHIO.state,
              zipcode: OHIO.zipCode,
              ldcAccount: freshEsiid('', 11),
            },
          }
        : {}),
    }),
  });
  if (response.status === 200) return 'accepted';
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  return response.body.code as string;
}

/** Each day from today through `through`: listed exactly when the enrollment accepts it, and why it refuses the others. */
async function expectListedIsAccepted(plan: number, through: string, start = { switchType: 'Switch' }) {
  const { available_dates: dates } = await listed(plan, start);
  const outcomes: Record<string, string> = {};
  for (let day = today(); day <= through; day = addDays(day, 1)) {
    const outcome = await enrollOn(plan, day, start);
    expect({ day, listed: dates.includes(day) }).toEqual({ day, listed: outcome === 'accepted' });
    outcomes[day] = outcome;
  }
  expect(await enrollOn(plan, dates.at(-1)!, start)).toBe('accepted');
  return outcomes;
}

beforeAll(async () => {
  oncorPlan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  ohioPlan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Gas', 'COH');
});

describe('GET /plans/start-dates/{planId}', () => {
  it('for a utility without weekend starts, lists weekdays from the plan delay on, as the enrollment takes them', async () => {
    const dates = await listed(ohioPlan);
    expect(dates).toMatchObject({
      id_plan: ohioPlan,
      switch_type: 'Switch',
      priority: 'Standard',
      min_start_date_delay_days: 5,
      allow_weekend_start_dates: false,
      // Friday + 5 days: the Wednesday after.
      earliest_start_date: '2026-12-02',
    });
    expect(dates.available_dates.slice(0, 4)).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
    ]);
    expect(dates.available_dates.at(-1)! <= addDays('2026-12-02', 59)).toBe(true);
    expect(await expectListedIsAccepted(ohioPlan, '2026-12-08')).toMatchObject({
      '2026-12-01': 'START_DATE_TOO_EARLY',
      '2026-12-05': 'START_DATE_WEEKEND',
      '2026-12-06': 'START_DATE_WEEKEND',
    });
  });

  it('for a utility with weekend starts, lists every day from tomorrow for 60 days', async () => {
    const dates = await listed(oncorPlan);
    expect(dates).toMatchObject({ allow_weekend_start_dates: true, earliest_start_date: '2026-11-28' });
    expect(dates.available_dates).toHaveLength(60);
    expect(await expectListedIsAccepted(oncorPlan, '2026-11-30')).toEqual({
      '2026-11-27': 'START_DATE_TOO_EARLY',
      '2026-11-28': 'accepted',
      '2026-11-29': 'accepted',
      '2026-11-30': 'accepted',
    });
  });

  it('moves with the clock over the weekend: on Monday a delay ending on Saturday starts the list on Monday next', async () => {
    travelTo(clock, '2026-11-30');
    expect((await listed(ohioPlan)).earliest_start_date).toBe('2026-12-07');
    expect(await expectListedIsAccepted(ohioPlan, '2026-12-08')).toMatchObject({
      '2026-12-02': 'START_DATE_TOO_EARLY',
      '2026-12-04': 'START_DATE_TOO_EARLY',
      '2026-12-05': 'START_DATE_WEEKEND',
      '2026-12-06': 'START_DATE_WEEKEND',
      '2026-12-07': 'accepted',
    });
    expect((await listed(oncorPlan)).earliest_start_date).toBe('2026-12-01');
  });

  it('lets a priority move-in start today, and no other start', async () => {
    const priorityMoveIn = { switchType: 'Move-In', priority: 'Priority' };
    expect(await listed(oncorPlan, priorityMoveIn)).toMatchObject({
      switch_type: 'Move-In',
      priority: 'Priority',
      earliest_start_date: today(),
    });
    expect(await expectListedIsAccepted(oncorPlan, today(1), priorityMoveIn)).toEqual({
      [today()]: 'accepted',
      [today(1)]: 'accepted',
    });
    const others: Record<string, string>[] = [
      { switchType: 'Move-In' },
      { switchType: 'Switch', priority: 'Priority' },
    ];
    for (const start of others) {
      expect((await listed(oncorPlan, start)).earliest_start_date).toBe(today(1));
      expect(await enrollOn(oncorPlan, today(), start)).toBe('START_DATE_TOO_EARLY');
    }
  });

  it('refuses what the enrollment refuses: a switch type the utility does not take, a utility not enrolling', async () => {
    expectFailure(await startDates(ohioPlan, { switchType: 'Move-In' }), 422, 'SWITCH_TYPE_NOT_OFFERED');
    expect(await enrollOn(ohioPlan, today(10), { switchType: 'Move-In' })).toBe('SWITCH_TYPE_NOT_OFFERED');
    await setUtility(api.db.kysely, 'COH', { allow_enrollments: 0 });
    try {
      expectFailure(await startDates(ohioPlan, { switchType: 'Switch' }), 422, 'UTILITY_NOT_ENROLLING');
      expect(await enrollOn(ohioPlan, today(10))).toBe('UTILITY_NOT_ENROLLING');
    } finally {
      await setUtility(api.db.kysely, 'COH', { allow_enrollments: 1 });
    }
  });

  it('refuses an unknown or unpublished plan, and a switch type or priority outside the lists', async () => {
    expectFailure(await startDates(999_999, { switchType: 'Switch' }), 404, 'PLAN_NOT_FOUND');
    const draft = await planId(api, 'Bluebonnet Energy 6-Month Fixed Electric');
    expectFailure(await startDates(draft, { switchType: 'Switch' }), 404, 'PLAN_NOT_FOUND');
    expectFailure(await startDates(oncorPlan, {}), 400, 'VALIDATION_FAILED');
    expectFailure(await startDates(oncorPlan, { switchType: 'Teleport' }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await startDates(oncorPlan, { switchType: 'Switch', priority: 'Urgent' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
