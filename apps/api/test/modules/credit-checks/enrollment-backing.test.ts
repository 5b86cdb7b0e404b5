import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../../src/db/unique-violation.js';
import { creditOutcome } from '../../../src/modules/credit-checks/index.js';
import {
  creditCheck,
  enrollmentBody,
  freshEsiid,
  planId,
  planOf,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { holdTransactions } from '../../helpers/races.js';
import { login } from '../enrollments/rules.js';
import { setCreditCheckValidDays } from './helpers.js';

const api = useTestApi();
let token: string;
/** Deposit under 550, never refuses, accepts the date of birth instead of the SSN. */
let fixed12: number;
/** Deposit under 600, refuses under 450, requires the SSN. */
let fixed24: number;
let options12: number[];
let options24: number[];

const enroll = (body: unknown) => api.call('POST', '/enrollments/create', { token, body });
const person = (firstName: string, lastName: string) => ({ firstName, lastName });
const liveEnrollmentsOf = async (creditCheckId: number) =>
  api.db.kysely
    .selectFrom('enrollments')
    .selectAll()
    .where('credit_check_id', '=', creditCheckId)
    .where('status', 'not in', ['CANCELLED', 'DROPPED', 'ARCHIVED'])
    .execute();

beforeAll(async () => {
  token = await api.sandboxToken();
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  options12 = await requiredOptions(api, token, fixed12);
  options24 = await requiredOptions(api, token, fixed24);
});

describe('a credit check backs only the person it was run for', () => {
  it("refuses Maria Lopez's enrollment on Sam Nguyen's check, without saying whose check it was", async () => {
    const sams = await creditCheck(api, token, {
      ...person('Sam', 'Nguyen'),
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const before = (await api.db.kysely.selectFrom('enrollments').select('id').execute()).length;
    const refused = expectFailure(
      await enroll(
        enrollmentBody(fixed12, options12, {
          customer: person('Maria', 'Lopez'),
          payment: { creditCheckId: sams.id_credit_check },
        }),
      ),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(JSON.stringify(refused)).not.toMatch(/Sam|Nguyen|720/);
    expect((await api.db.kysely.selectFrom('enrollments').select('id').execute()).length).toBe(before);
    const samsOwn = await enroll(
      enrollmentBody(fixed12, options12, {
        customer: person('Sam', 'Nguyen'),
        payment: { creditCheckId: sams.id_credit_check },
      }),
    );
    expect(samsOwn.body.data?.enrollmentStatus, JSON.stringify(samsOwn.body)).toBe('PENDING');
  });

  it('reads names as people write them: case, accents, apostrophes, hyphens and spaces do not matter', async () => {
    const check = await creditCheck(api, token, {
      ...person('José', "O'Neil-Díaz"),
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const response = await enroll(
      enrollmentBody(fixed12, options12, {
        customer: person('  JOSE ', 'oneil   diaz'),
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    expect(response.body.data?.enrollmentStatus, JSON.stringify(response.body)).toBe('PENDING');
  });

  it('a business is matched on its contact name', async () => {
    const business = await planOf(api, 'SmallBusiness');
    const check = await creditCheck(api, token, {
      ...person('Lena', 'Park'),
      socialSecurityNumber: ssnEnding('720'),
      planId: business,
    });
    const options = await requiredOptions(api, token, business);
    const body = (contactName: string) =>
      enrollmentBody(business, options, {
        customerType: 'SmallBusiness',
        customer: {
          firstName: undefined,
          lastName: undefined,
          firmName: 'Park Bakery',
          contactName,
          fedtaxid: '741234567',
        },
        payment: { creditCheckId: check.id_credit_check },
      });
    expectFailure(await enroll(body('Kim Park')), 422, 'CREDIT_CHECK_OTHER_PERSON');
    expect((await enroll(body('Lena Park'))).body.data?.enrollmentStatus).toBe('PENDING');
  });

  it('a check run with a date of birth needs the same date of birth at enrollment', async () => {
    const check = await creditCheck(api, token, { dateOfBirth: '1980-02-03', planId: fixed12 });
    const withBirthDate = (dateOfBirth: string | undefined) =>
      enroll(
        enrollmentBody(fixed12, options12, {
          customer: { dateOfBirth },
          payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
        }),
      );
    expectFailure(await withBirthDate('1980-03-02'), 422, 'CREDIT_CHECK_OTHER_PERSON');
    const missing = expectFailure(await withBirthDate(undefined), 422, 'CREDIT_CHECK_OTHER_PERSON');
    expect(missing.errors).toEqual(['customer.dateOfBirth: is required to match the credit check']);
    expect((await withBirthDate('1980-02-03')).status).toBe(200);
  });

  it('an SSN given at enrollment must be the one the check was run with; it is stored encrypted, shown masked', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const withSsn = (socialSecurityNumber: string) =>
      enroll(
        enrollmentBody(fixed12, options12, {
          customer: { socialSecurityNumber },
          payment: { creditCheckId: check.id_credit_check },
        }),
      );
    expectFailure(await withSsn(ssnEnding('721')), 422, 'CREDIT_CHECK_OTHER_PERSON');
    expectFailure(await withSsn('666-12-3456'), 400, 'VALIDATION_FAILED');
    const accepted = await withSsn(ssnEnding('720').replaceAll('-', ''));
    expect(accepted.body.data?.enrollmentStatus, JSON.stringify(accepted.body)).toBe('PENDING');
    const customer = await api.db.kysely
      .selectFrom('customers')
      .select(['ssn_sealed', 'ssn_last4'])
      .where('id', '=', accepted.body.data.customerId)
      .executeTakeFirstOrThrow();
    expect(customer.ssn_last4).toBe(ssnEnding('720').slice(-4));
    expect(customer.ssn_sealed).not.toContain(ssnEnding('720').replaceAll('-', ''));
  });

  it("an existing customer is matched on the stored name: another person's check is refused", async () => {
    const { customerId } = await api.sandboxCustomerHash();
    const stranger = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    expectFailure(
      await enroll(
        enrollmentBody(fixed12, options12, {
          customer: { idCustomer: customerId },
          payment: { creditCheckId: stranger.id_credit_check },
        }),
      ),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
  });

  it('an existing customer is matched on the SSN and date of birth on record, which the request need not repeat', async () => {
    const rosa = { ...person('Rosa', 'Diaz'), dateOfBirth: '1980-01-02' };
    const first = await creditCheck(api, token, {
      ...rosa,
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const created = await enroll(
      enrollmentBody(fixed12, options12, {
        customer: { ...rosa, socialSecurityNumber: ssnEnding('720') },
        payment: { creditCheckId: first.id_credit_check },
      }),
    );
    const { customerId } = created.body.data as { customerId: number };
    const enrollOnRecord = (creditCheckId: number) =>
      enroll(
        enrollmentBody(fixed12, options12, {
          customer: { idCustomer: customerId },
          payment: { creditCheckId },
        }),
      );

    const otherSsn = await creditCheck(api, token, {
      ...rosa,
      socialSecurityNumber: ssnEnding('721'),
      planId: fixed12,
    });
    expectFailure(await enrollOnRecord(otherSsn.id_credit_check), 422, 'CREDIT_CHECK_OTHER_PERSON');
    const sameSsnAndBirthDate = await creditCheck(api, token, {
      ...rosa,
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const accepted = await enrollOnRecord(sameSsnAndBirthDate.id_credit_check);
    expect(accepted.body.data?.enrollmentStatus, JSON.stringify(accepted.body)).toBe('PENDING');
    expect(accepted.body.data?.customerId).toBe(customerId);
  });

  it('an unknown idCustomer is 404 before any check is matched against it', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    expectFailure(
      await enroll(
        enrollmentBody(fixed12, options12, {
          customer: { idCustomer: 987_654_321 },
          payment: { creditCheckId: check.id_credit_check },
        }),
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe("the plan's SSN rule cannot be skipped by running the check without planId", () => {
  it('a date-of-birth-only check cannot back a plan that requires the SSN; an SSN check can', async () => {
    const birthDateOnly = await creditCheck(api, token, { dateOfBirth: '1975-06-07' });
    expectFailure(
      await enroll(
        enrollmentBody(fixed24, options24, {
          customer: { dateOfBirth: '1975-06-07' },
          payment: { creditCheckId: birthDateOnly.id_credit_check },
        }),
      ),
      422,
      'CREDIT_CHECK_SSN_REQUIRED',
    );
    const withSsn = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720') });
    const accepted = await enroll(
      enrollmentBody(fixed24, options24, { payment: { creditCheckId: withSsn.id_credit_check } }),
    );
    expect(accepted.body.data?.enrollmentStatus, JSON.stringify(accepted.body)).toBe('PENDING');
  });
});

describe("a check is recent by the company's credit_check_valid_days", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** A check run now, then the clock moved `ageMs` on (Date only, as travelTo does): the check's id. */
  const agedCheck = async (ageMs: number) => {
    const check = await creditCheck(api, await login(api), {
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const later = Date.now() + ageMs;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(later);
    return check.id_credit_check;
  };
  /** An enrollment on the check, signed in at the clock's time. */
  const enrollWith = async (creditCheckId: number) =>
    api.call('POST', '/enrollments/create', {
      token: await login(api),
      body: enrollmentBody(fixed12, options12, { payment: { creditCheckId } }),
    });
  const DAY = 86_400_000;
  const MINUTE = 60_000;

  it('valid up to the setting, expired a minute after it; the setting, not a constant, decides', async () => {
    try {
      await setCreditCheckValidDays(api, 7);
      expect((await enrollWith(await agedCheck(7 * DAY - MINUTE))).status).toBe(200);
      const expired = expectFailure(
        await enrollWith(await agedCheck(7 * DAY + MINUTE)),
        422,
        'CREDIT_CHECK_UNUSABLE',
      );
      expect(expired.message).toContain('valid for 7 days');
      const tenDaysOld = await agedCheck(10 * DAY);
      expectFailure(await enrollWith(tenDaysOld), 422, 'CREDIT_CHECK_UNUSABLE');
      await setCreditCheckValidDays(api, 30);
      expect((await enrollWith(tenDaysOld)).status).toBe(200);
    } finally {
      await setCreditCheckValidDays(api, 30);
    }
  });
});

describe('one credit check backs at most one live enrollment per LDC number', () => {
  it('the same check may back two LDC numbers', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    for (const ldcAccount of [freshEsiid(), freshEsiid()]) {
      const response = await enroll(
        enrollmentBody(fixed12, options12, {
          serviceAddress: { ldcAccount },
          payment: { creditCheckId: check.id_credit_check },
        }),
      );
      expect(response.body.data?.enrollmentStatus, JSON.stringify(response.body)).toBe('PENDING');
    }
    expect(await liveEnrollmentsOf(check.id_credit_check)).toHaveLength(2);
  });

  it('eight creates at once with one check for one LDC number: one enrollment, seven 409s', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const ldcAccount = freshEsiid();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        enroll(
          enrollmentBody(fixed12, options12, {
            serviceAddress: { ldcAccount },
            payment: { creditCheckId: check.id_credit_check },
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(responses.map((r) => r.body.code))).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const r of responses.filter((r) => r.status === 409))
      expect(['ENROLLMENT_DUPLICATE', 'CREDIT_CHECK_IN_USE']).toContain(r.body.code);
    expect(await liveEnrollmentsOf(check.id_credit_check)).toHaveLength(1);
  });

  it('the database refuses a second live enrollment on the same check and LDC number, even of another commodity', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const created = await enroll(
      enrollmentBody(fixed12, options12, { payment: { creditCheckId: check.id_credit_check } }),
    );
    const { id: _id, ...row } = await api.db.kysely
      .selectFrom('enrollments')
      .selectAll()
      .where('id', '=', created.body.data.enrollmentId)
      .executeTakeFirstOrThrow();
    const second = api.db.kysely
      .insertInto('enrollments')
      .values({ ...row, commodity: 'Gas', idempotency_key: null })
      .execute();
    await expect(second).rejects.toSatisfy(isUniqueViolation);
    await api.db.kysely
      .insertInto('enrollments')
      .values({ ...row, commodity: 'Gas', status: 'CANCELLED', idempotency_key: null })
      .execute();
  });
});

describe('the score thresholds, read by one function', () => {
  const thresholds = { deposit_required_under_score: 550, deposit_deny_service_under_score: 450 };

  it('"under" is strict: a score equal to a threshold is on the good side', () => {
    expect(creditOutcome(549, thresholds)).toEqual({ depositRequired: true, denyService: false });
    expect(creditOutcome(550, thresholds)).toEqual({ depositRequired: false, denyService: false });
    expect(creditOutcome(449, thresholds)).toEqual({ depositRequired: true, denyService: true });
    expect(creditOutcome(450, thresholds)).toEqual({ depositRequired: true, denyService: false });
    expect(creditOutcome(null, thresholds)).toEqual({ depositRequired: true, denyService: false });
    expect(creditOutcome(1, { ...thresholds, deposit_deny_service_under_score: 0 }).denyService).toBe(false);
  });

  it('the credit check answers each side of the deposit and refusal thresholds', async () => {
    const answer = (score: string, plan: number) =>
      creditCheck(api, token, { socialSecurityNumber: ssnEnding(score), planId: plan });
    expect(await answer('549', fixed12)).toMatchObject({ deposit_required: true, deny_service: false });
    expect(await answer('550', fixed12)).toMatchObject({ deposit_required: false, deny_service: false });
    expect(await answer('449', fixed24)).toMatchObject({ deposit_required: true, deny_service: true });
    expect(await answer('450', fixed24)).toMatchObject({ deposit_required: true, deny_service: false });
  });

  it('the enrollment decides the same on each side', async () => {
    const enrollScored = async (score: string, plan: number, options: number[]) => {
      const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding(score), planId: plan });
      return enroll(
        enrollmentBody(plan, options, {
          payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
        }),
      );
    };
    expect((await enrollScored('599', fixed24, options24)).body.data.enrollmentStatus).toBe(
      'ON_HOLD_DEPOSIT_PENDING',
    );
    expect((await enrollScored('600', fixed24, options24)).body.data.enrollmentStatus).toBe('PENDING');
    expectFailure(await enrollScored('449', fixed24, options24), 422, 'CREDIT_SCORE_TOO_LOW');
    expect((await enrollScored('450', fixed24, options24)).body.data.enrollmentStatus).toBe(
      'ON_HOLD_DEPOSIT_PENDING',
    );
  });
});

describe('one check raced onto one LDC number in two commodities', () => {
  // No background tasks: their transactions would be counted by the gate.
  const raceApi = useTestApi({ backgroundTasks: false });

  it('the database keeps one enrollment on the check; the other create is 409 CREDIT_CHECK_IN_USE', async () => {
    const raceToken = await raceApi.sandboxToken();
    const electric = await planId(raceApi, 'Bluebonnet Energy 12-Month Fixed Electric', 'DUKE_OH_E');
    const gas = await planId(raceApi, 'Bluebonnet Energy 12-Month Fixed Gas', 'DUKE_OH');
    const cincinnati = { city: 'Cincinnati', state: 'OH', zipCode: '45202' };
    const check = await creditCheck(raceApi, raceToken, {
      socialSecurityNumber: ssnEnding('720'),
      planId: electric,
      ...cincinnati,
    });
    // Duke Energy Ohio serves both commodities on one twelve-digit account number.
    const ldcAccount = freshEsiid('', 12);
    const body = async (plan: number, commodityName: string) =>
      enrollmentBody(plan, await requiredOptions(raceApi, raceToken, plan), {
        commodityName,
        serviceAddress: {
          address: '100 Main St',
          city: 'Cincinnati',
          state: 'OH',
          zipcode: '45202',
          ldcAccount,
        },
        payment: { creditCheckId: check.id_credit_check },
      });
    const bodies = [await body(electric, 'Electric'), await body(gas, 'Gas')];
    const gate = holdTransactions(raceApi, 2);
    const requests = bodies.map((b) =>
      raceApi.call('POST', '/enrollments/create', { token: raceToken, body: b }),
    );
    await gate.held(requests);
    await gate.release();
    const responses = await Promise.all(requests);
    expect(responses.map((r) => r.status).sort(), JSON.stringify(responses.map((r) => r.body))).toEqual([
      200, 409,
    ]);
    expectFailure(responses.find((r) => r.status === 409)!, 409, 'CREDIT_CHECK_IN_USE');
  });
});
