import type { Static } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import type { Dashboard } from '../../../src/modules/dashboard/ops-schemas.js';
import {
  creditCheck,
  dayOn,
  enrollmentBody,
  planId,
  requiredOptions,
  sandboxDepositProfile,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn, staffBrowser } from '../../helpers/console.js';

/**
 * The console's dashboard, read as staff read it: what was made today (the company's day, Central Time), what waits
 * on hold and for how long, what was declined. Time moves on the app's clock; no row is edited to make the past.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const agentLogin = SANDBOX_STAFF.find((member) => member.role === 'Operations agent')!;
type DashboardData = Static<typeof Dashboard>;

const CHICAGO = 'America/Chicago';
const chicagoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: CHICAGO }).format(at);
const chicagoTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: CHICAGO,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** Moves the clock on (never back) to the next time the wall clocks of Chicago show `hhmm` ("10:00"). */
function moveToChicagoTime(hhmm: string) {
  clock.advance(60 - ((clock.now().getTime() / 1000) % 60));
  while (chicagoTime(clock.now()) !== hhmm) clock.advance(60);
}

let plan: number;
let strictPlan: number;
let options: number[];
let agent: StaffBrowser;

/** A call of the agent's browser; signs in again when the clock has moved past the session's life. */
async function asAgent(...[method, path, options]: Parameters<StaffBrowser['call']>) {
  const response = await agent.call(method, path, options);
  if (response.status !== 401) return response;
  agent = await signedIn(api.consoleUrl, agentLogin.email, agentLogin.password);
  return agent.call(method, path, options);
}

/** The dashboard as the agent sees it. */
async function dashboard(): Promise<DashboardData> {
  const response = await asAgent('GET', '/dashboard');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/**
 * A new customer's enrollment through the API. The sandbox decides by the last name: "Alert" is a fraud alert (held
 * ON_HOLD), "Rejected" is taken with errors by the billing system, "Offline" finds it unreachable.
 */
async function enroll(lastName: string, payment: Record<string, unknown> = {}, ssn = '720') {
  const token = await api.sandboxToken();
  const check = await creditCheck(api, token, {
    lastName,
    socialSecurityNumber: ssnEnding(ssn),
    planId: plan,
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, {
      customer: { lastName },
      payment: { creditCheckId: check.id_credit_check, ...payment },
      requestedStartDate: dayOn(clock, 7),
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { enrollmentId: number; enrollmentStatus: string };
}

const hold = (data: DashboardData, status: string) => data.holds.byStatus.find((h) => h.status === status)!;

beforeAll(async () => {
  const token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  strictPlan = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  agent = await signedIn(api.consoleUrl, agentLogin.email, agentLogin.password);
  // Mid-morning in Chicago, so "today" has room on both sides.
  moveToChicagoTime('10:00');
});

describe('the console dashboard', () => {
  it('counts what was made today, on Chicago’s calendar, and puts yesterday’s in the 14-day series', async () => {
    const before = await dashboard();
    expect(before.timeZone).toBe(CHICAGO);
    expect(before.today).toBe(chicagoDay(clock.now()));
    expect(before.daily).toHaveLength(14);
    expect(before.daily.at(-1)!.day).toBe(before.today);

    const accepted = await enroll('Garcia');
    expect(accepted.enrollmentStatus).toBe('PENDING');
    const withErrors = await enroll('Rejected');
    expect(withErrors.enrollmentStatus).toBe('SUBMITTED_WITH_ERRORS');
    const offline = await enroll('Offline');
    expect(offline.enrollmentStatus).toBe('SUBMITION_NOT_SENT_CONNECTION_ERROR');
    const held = await enroll('Alert');
    expect(held.enrollmentStatus).toBe('ON_HOLD');

    const today = await dashboard();
    expect(today.enrollments.createdToday).toBe(before.enrollments.createdToday + 4);
    expect(today.submissions).toEqual({
      sent: before.submissions.sent + 3,
      accepted: before.submissions.accepted + 1,
      withErrors: before.submissions.withErrors + 1,
      connectionErrors: before.submissions.connectionErrors + 1,
    });
    expect(today.daily.at(-1)).toEqual({
      day: today.today,
      created: today.enrollments.createdToday,
      submitted: today.submissions.sent,
    });
    expect(hold(today, 'ON_HOLD').total).toBe(hold(before, 'ON_HOLD').total + 1);
    expect(today.holds.total).toBe(before.holds.total + 1);

    // The clock runs on to 23:30 in Chicago: 05:30 the next day in UTC, still today here.
    moveToChicagoTime('23:30');
    await enroll('Garcia');
    const lateEvening = await dashboard();
    expect(lateEvening.today).toBe(today.today);
    expect(lateEvening.enrollments.createdToday).toBe(today.enrollments.createdToday + 1);

    // Midnight in Chicago: all of that was yesterday.
    moveToChicagoTime('00:15');
    const tomorrow = await dashboard();
    expect(tomorrow.today).toBe(chicagoDay(clock.now()));
    expect(tomorrow.today).not.toBe(today.today);
    expect(tomorrow.enrollments.createdToday).toBe(0);
    expect(tomorrow.submissions).toEqual({ sent: 0, accepted: 0, withErrors: 0, connectionErrors: 0 });
    expect(tomorrow.daily.at(-2)).toEqual({
      day: today.today,
      created: lateEvening.enrollments.createdToday,
      submitted: lateEvening.submissions.sent,
    });
    expect(tomorrow.daily.at(-1)).toEqual({ day: tomorrow.today, created: 0, submitted: 0 });
    // Holds are counted now, whenever they began.
    expect(tomorrow.holds.total).toBe(lateEvening.holds.total);

    // Fourteen days on, that day has left the series.
    clock.advance(14 * 86_400);
    const later = await dashboard();
    expect(later.daily.map((d) => d.day)).not.toContain(today.today);
    expect(later.daily.every((d) => d.created === 0 && d.submitted === 0)).toBe(true);
  });

  it('puts each hold in the bucket of how long it has waited', async () => {
    // Every earlier hold is now more than three days old.
    clock.advance(4 * 86_400);
    const held = await enroll('Alert');
    expect(held.enrollmentStatus).toBe('ON_HOLD');
    const older = hold(await dashboard(), 'ON_HOLD').counts[4]!;

    const steps: [number, number[]][] = [
      [0, [1, 0, 0, 0, older]],
      [2 * 3600, [0, 1, 0, 0, older]],
      [3 * 3600, [0, 0, 1, 0, older]],
      [20 * 3600, [0, 0, 0, 1, older]],
      [2 * 86_400, [0, 0, 0, 0, older + 1]],
    ];
    for (const [seconds, counts] of steps) {
      clock.advance(seconds);
      const data = await dashboard();
      expect(data.holds.buckets.map((b) => b.key)).toEqual(['under-1h', '1-4h', '4-24h', '1-3d', 'over-3d']);
      expect(hold(data, 'ON_HOLD').counts, `after ${seconds} s more`).toEqual(counts);
      expect(hold(data, 'ON_HOLD')).toMatchObject({
        label: 'Agent review and fraud alerts',
        queue: 'ON_HOLD',
        total: older + 1,
      });
    }
    const data = await dashboard();
    expect(hold(data, 'ON_HOLD_VERIFICATION_PENDING').queue).toBeNull();
    expect(data.holds.total).toBe(data.holds.byStatus.reduce((sum, h) => sum + h.total, 0));
  });

  it('counts credit checks that refused service, declined payments, rejections and cancellations', async () => {
    const before = await dashboard();
    const token = await api.sandboxToken();

    // Under the 24-month plan's refusal threshold (450): service is refused.
    const refused = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('400'),
      planId: strictPlan,
    });
    expect(refused.deny_service).toBe(true);
    await creditCheck(api, token, { socialSecurityNumber: ssnEnding('700'), planId: strictPlan });

    // A deposit charged now on a card the sandbox gateway declines.
    const declined = await enroll(
      'Garcia',
      { depositOptions: 'PayNow', ...(await sandboxDepositProfile(api, '0010')) },
      '520',
    );
    expect(declined.enrollmentStatus).toBe('ON_HOLD_PAYMENT_FAILED');

    const rejected = await enroll('Alert');
    const response = await asAgent('POST', `/enrollments/${rejected.enrollmentId}/reject`, {
      body: { reason: 'Fraud confirmed' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);

    const cancelled = await enroll('Garcia', { depositOptions: 'PayLater' }, '520');
    expect(cancelled.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    const drop = await api.call('POST', `/enrollments/${cancelled.enrollmentId}/drop`, {
      token: await api.sandboxToken(),
      body: { reasonCodeId: 1, effectiveDate: dayOn(clock) },
    });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);

    const after = await dashboard();
    expect(after.declines).toEqual({
      // The two checks run alone, and one for each of the three enrollments.
      creditChecks: before.declines.creditChecks + 5,
      creditDenied: before.declines.creditDenied + 1,
      payments: before.declines.payments + 1,
      paymentsDeclined: before.declines.paymentsDeclined + 1,
      rejected: before.declines.rejected + 1,
      cancelledByCustomer: before.declines.cancelledByCustomer + 1,
    });
    expect(hold(after, 'ON_HOLD_PAYMENT_FAILED').total).toBe(
      hold(before, 'ON_HOLD_PAYMENT_FAILED').total + 1,
    );
    // The rejected and the cancelled enrollments left their holds.
    expect(hold(after, 'ON_HOLD').total).toBe(hold(before, 'ON_HOLD').total);
    expect(hold(after, 'ON_HOLD_DEPOSIT_PENDING').total).toBe(hold(before, 'ON_HOLD_DEPOSIT_PENDING').total);
  });

  it('counts nothing of another company', async () => {
    await enroll('Alert');
    const ours = await dashboard();
    expect(ours.enrollments.createdToday).toBeGreaterThan(0);
    expect(ours.holds.total).toBeGreaterThan(0);

    const other = await api.db.kysely
      .insertInto('retail_companies')
      .values({ name: 'Other Power', slug: 'other-power-dashboard', created_at: clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const support = SANDBOX_STAFF.find((member) => member.role === 'Customer support')!;
    const moveSupport = (companyId: number) =>
      api.db.kysely
        .updateTable('staff_users')
        .set({ company_id: companyId })
        .where('email', '=', support.email)
        .execute();
    const home = (
      await api.db.kysely
        .selectFrom('staff_users')
        .select('company_id')
        .where('email', '=', support.email)
        .executeTakeFirstOrThrow()
    ).company_id;
    await moveSupport(other.id);
    try {
      const outsider = await signedIn(api.consoleUrl, support.email, support.password);
      const theirs = (await outsider.call('GET', '/dashboard')).body.data as DashboardData;
      expect(theirs.enrollments.createdToday).toBe(0);
      expect(theirs.submissions).toEqual({ sent: 0, accepted: 0, withErrors: 0, connectionErrors: 0 });
      expect(theirs.holds.total).toBe(0);
      expect(theirs.holds.byStatus.every((h) => h.counts.every((count) => count === 0))).toBe(true);
      expect(Object.values(theirs.declines).every((count) => count === 0)).toBe(true);
      expect(theirs.daily.every((d) => d.created === 0 && d.submitted === 0)).toBe(true);
    } finally {
      await moveSupport(home);
    }
  });

  it('answers only a signed-in staff member', async () => {
    expectFailure(
      await staffBrowser(api.consoleUrl).call('GET', '/dashboard'),
      401,
      'STAFF_SESSION_REQUIRED',
    );
    // The public port never answers the console's API.
    expect((await fetch(new URL('/ops/api/v1/dashboard', api.baseUrl))).status).toBe(404);
  });
});
