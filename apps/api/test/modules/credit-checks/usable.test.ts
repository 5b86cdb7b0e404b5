import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { creditCheck, ssnEnding } from '../../fixtures/enrollments.js';
import { createTenant, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import {
  creditPlans,
  enrollWithCheck,
  loginNow,
  type SandboxPlan,
  setCreditCheckValidDays,
} from './helpers.js';

const api = useTestApi();
let token: string;
let standard: SandboxPlan;
let ssnRequired: SandboxPlan;

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ standard, ssnRequired } = await creditPlans(api, token));
});

afterEach(() => {
  vi.useRealTimers();
});

const OTHER_PERSON = ['payment.creditCheckId: run for another person'];
const BIRTH_DATE_MISSING = ['customer.dateOfBirth: is required to match the credit check'];
const expectPending = (response: { status: number; body: any }) =>
  expect(response.body.data?.enrollmentStatus, JSON.stringify(response.body)).toBe('PENDING');

describe('only a check of this company can back its enrollment', () => {
  it('an unknown id is CREDIT_CHECK_NOT_FOUND', async () => {
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, 987_654_321),
      422,
      'CREDIT_CHECK_NOT_FOUND',
    );
    expect(refused.errors).toEqual(['payment.creditCheckId: unknown']);
  });

  it("another company's check, for the same person, is CREDIT_CHECK_NOT_FOUND", async () => {
    const tenant = await createTenant(api.db.kysely, api.app.voltin.keys, `cc-other-${Date.now()}`);
    const login = await api.call('POST', '/auth/login', { query: signLogin(tenant.apiKey, tenant.secret) });
    const theirs = await creditCheck(api, login.body.data.token, {
      socialSecurityNumber: ssnEnding('720'),
    });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, theirs.id_credit_check),
      422,
      'CREDIT_CHECK_NOT_FOUND',
    );
    expect(refused.errors).toEqual(['payment.creditCheckId: unknown']);
    expect(await sandboxCompanyId(api.db.kysely)).not.toBe(tenant.companyId);
  });
});

describe("a check is valid for the company's credit_check_valid_days, to the millisecond", () => {
  const DAY = 86_400_000;
  let clocks = 0;
  /**
   * A clock over an hour ahead of now, where the check is run; each test's clock starts seconds apart from the
   * others', so each login signs a timestamp of its own (a signature is accepted once).
   */
  const startClock = async () => {
    clocks++;
    const start = Date.now() + 3_600_000 + clocks * 10_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    return { start, token: await loginNow(api) };
  };

  it('30 days by default: valid at exactly 30 days', async () => {
    const clock = await startClock();
    const check = await creditCheck(api, clock.token, { socialSecurityNumber: ssnEnding('720') });
    vi.setSystemTime(clock.start + 30 * DAY);
    expectPending(await enrollWithCheck(api, await loginNow(api), standard, check.id_credit_check));
  });

  it('30 days by default: expired one millisecond later', async () => {
    const clock = await startClock();
    const check = await creditCheck(api, clock.token, { socialSecurityNumber: ssnEnding('720') });
    vi.setSystemTime(clock.start + 30 * DAY);
    const later = await loginNow(api);
    vi.setSystemTime(clock.start + 30 * DAY + 1);
    const refused = expectFailure(
      await enrollWithCheck(api, later, standard, check.id_credit_check),
      422,
      'CREDIT_CHECK_UNUSABLE',
    );
    expect(refused.errors).toEqual(['payment.creditCheckId: expired']);
    expect(refused.message).toContain('valid for 30 days');
  });

  it('the setting decides: with 7 days, valid at exactly 7 days and expired a millisecond later', async () => {
    await setCreditCheckValidDays(api, 7);
    try {
      const clock = await startClock();
      const check = await creditCheck(api, clock.token, { socialSecurityNumber: ssnEnding('720') });
      vi.setSystemTime(clock.start + 7 * DAY);
      const later = await loginNow(api);
      expectPending(await enrollWithCheck(api, later, standard, check.id_credit_check));
      vi.setSystemTime(clock.start + 7 * DAY + 1);
      const refused = expectFailure(
        await enrollWithCheck(api, later, standard, check.id_credit_check),
        422,
        'CREDIT_CHECK_UNUSABLE',
      );
      expect(refused.errors).toEqual(['payment.creditCheckId: expired']);
      expect(refused.message).toContain('valid for 7 days');
    } finally {
      await setCreditCheckValidDays(api, 30);
    }
  });

  it("another person's expired check answers CREDIT_CHECK_OTHER_PERSON, not that it expired", async () => {
    const clock = await startClock();
    const sams = await creditCheck(api, clock.token, {
      firstName: 'Sam',
      lastName: 'Nguyen',
      socialSecurityNumber: ssnEnding('720'),
    });
    vi.setSystemTime(clock.start + 45 * DAY);
    const refused = expectFailure(
      await enrollWithCheck(api, await loginNow(api), standard, sams.id_credit_check),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
    expect(JSON.stringify(refused)).not.toMatch(/expired|valid for|Sam|Nguyen/);
  });
});

describe('the plan that requires the SSN requires a check run with it', () => {
  it('a date-of-birth-only check is CREDIT_CHECK_SSN_REQUIRED there, and accepted where the date of birth is allowed', async () => {
    const birthDateOnly = await creditCheck(api, token, { dateOfBirth: '1975-06-07' });
    const refused = expectFailure(
      await enrollWithCheck(api, token, ssnRequired, birthDateOnly.id_credit_check, {
        dateOfBirth: '1975-06-07',
      }),
      422,
      'CREDIT_CHECK_SSN_REQUIRED',
    );
    expect(refused.errors).toEqual(['payment.creditCheckId: run without an SSN']);
    expectPending(
      await enrollWithCheck(api, token, standard, birthDateOnly.id_credit_check, {
        dateOfBirth: '1975-06-07',
      }),
    );
  });

  it('a check run with the SSN and the date of birth is accepted there', async () => {
    const both = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      dateOfBirth: '1975-06-07',
    });
    expectPending(
      await enrollWithCheck(api, token, ssnRequired, both.id_credit_check, { dateOfBirth: '1975-06-07' }),
    );
  });

  it("another person's date-of-birth-only check there is CREDIT_CHECK_OTHER_PERSON", async () => {
    const sams = await creditCheck(api, token, {
      firstName: 'Sam',
      lastName: 'Nguyen',
      dateOfBirth: '1975-06-07',
    });
    const refused = expectFailure(
      await enrollWithCheck(api, token, ssnRequired, sams.id_credit_check, { dateOfBirth: '1975-06-07' }),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
  });
});

describe('the date of birth: given when the check carried one, and the same', () => {
  it('left out at enrollment: CREDIT_CHECK_OTHER_PERSON naming customer.dateOfBirth', async () => {
    const check = await creditCheck(api, token, { dateOfBirth: '1980-02-03' });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, check.id_credit_check),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(BIRTH_DATE_MISSING);
  });

  it('another date: CREDIT_CHECK_OTHER_PERSON, run for another person', async () => {
    const check = await creditCheck(api, token, { dateOfBirth: '1980-02-03' });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, check.id_credit_check, { dateOfBirth: '1980-03-02' }),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
    expectPending(
      await enrollWithCheck(api, token, standard, check.id_credit_check, { dateOfBirth: '1980-02-03' }),
    );
  });

  it('a date of birth given at enrollment for a check run without one is not compared', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720') });
    expectPending(
      await enrollWithCheck(api, token, standard, check.id_credit_check, { dateOfBirth: '1980-02-03' }),
    );
  });

  it('another name with the right date of birth is another person, whatever else is missing', async () => {
    const check = await creditCheck(api, token, { dateOfBirth: '1980-02-03' });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, check.id_credit_check, { firstName: 'Anna' }),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
  });
});

describe('the SSN is compared only when both the check and the enrollment know it', () => {
  it('the same SSN is accepted, another is another person', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720') });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, check.id_credit_check, {
        socialSecurityNumber: ssnEnding('721'),
      }),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
    expectPending(
      await enrollWithCheck(api, token, standard, check.id_credit_check, {
        socialSecurityNumber: ssnEnding('720'),
      }),
    );
  });

  it('a check with an SSN backs an enrollment that gives none', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720') });
    expectPending(await enrollWithCheck(api, token, standard, check.id_credit_check));
  });

  it('a check without an SSN backs an enrollment that gives one', async () => {
    const check = await creditCheck(api, token, { dateOfBirth: '1980-02-03' });
    expectPending(
      await enrollWithCheck(api, token, standard, check.id_credit_check, {
        dateOfBirth: '1980-02-03',
        socialSecurityNumber: ssnEnding('720'),
      }),
    );
  });

  it('another SSN with the right date of birth is another person', async () => {
    const check = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      dateOfBirth: '1980-02-03',
    });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, check.id_credit_check, {
        dateOfBirth: '1980-02-03',
        socialSecurityNumber: ssnEnding('721'),
      }),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(OTHER_PERSON);
  });
});

describe('the check’s score and fraud alert decide the enrollment', () => {
  it('a low score under the SSN-required plan is CREDIT_SCORE_TOO_LOW; a fraud alert sends it to review', async () => {
    const low = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('449') });
    expectFailure(
      await enrollWithCheck(api, token, ssnRequired, low.id_credit_check),
      422,
      'CREDIT_SCORE_TOO_LOW',
    );
    const alerted = await creditCheck(api, token, {
      lastName: 'Alert',
      socialSecurityNumber: ssnEnding('720'),
    });
    const review = await enrollWithCheck(api, token, standard, alerted.id_credit_check, {
      lastName: 'Alert',
    });
    expect(review.body.data?.enrollmentStatus, JSON.stringify(review.body)).toBe('ON_HOLD');
  });
});
