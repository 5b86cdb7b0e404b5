import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BureauUnavailableError } from '../../../src/adapters/credit-bureau/port.js';
import { buildApp } from '../../../src/app.js';
import { creditCheckBody, ssnEnding } from '../../fixtures/enrollments.js';
import { expectFailure, SANDBOX, signLogin, testConfig, useTestApi } from '../../helpers/app.js';
import {
  creditPlans,
  enrollWithCheck,
  runCreditCheck,
  type SandboxPlan,
  scriptedBureau,
  storedCheck,
  unsealed,
} from './helpers.js';

const script = scriptedBureau();
const api = useTestApi({}, { bureau: script.bureau });
let token: string;
let standard: SandboxPlan;

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ standard } = await creditPlans(api, token));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const NO_ANSWER = 'The credit bureau did not answer; run the credit check again.';

describe('what the bureau is asked', () => {
  it('the SSN as nine digits and the date of birth, with the address', async () => {
    const response = await runCreditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      dateOfBirth: '1980-02-03',
      planId: standard.id,
    });
    expect(response.status).toBe(200);
    expect(script.inquiries.at(-1)).toMatchObject({
      firstName: 'Ana',
      lastName: 'Garcia',
      streetNum: '1201',
      streetName: 'Elm St',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      ssn: '234567720',
      dateOfBirth: '1980-02-03',
    });
  });

  it('no SSN and no date of birth when they are not given', async () => {
    expect((await runCreditCheck(api, token, { dateOfBirth: '1980-02-03' })).status).toBe(200);
    expect(script.inquiries.at(-1)).toMatchObject({ ssn: null, dateOfBirth: '1980-02-03' });
    expect((await runCreditCheck(api, token, { socialSecurityNumber: ssnEnding('720') })).status).toBe(200);
    expect(script.inquiries.at(-1)).toMatchObject({ ssn: '234567720', dateOfBirth: null });
  });
});

describe('a bureau that does not answer', () => {
  const unanswered = {
    id_credit_check: expect.any(Number),
    score: null,
    deposit_required: false,
    deny_service: false,
    fraud_alert: false,
    reason_codes: [],
    fraud_alert_codes: [],
    no_score_reason: null,
    error_msg: NO_ANSWER,
  };

  it('is recorded with error_msg, no score and nothing required, and is not logged as a fault', async () => {
    const logged = vi.spyOn(api.app.log, 'error');
    // The sandbox bureau's own outage: SSN ending 999. "Alert" would carry a fraud alert if it answered.
    const response = await runCreditCheck(api, token, {
      lastName: 'Alert',
      socialSecurityNumber: ssnEnding('999'),
      dateOfBirth: '1980-02-03',
      planId: standard.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(unanswered);
    expect(response.body.message).toBe(NO_ANSWER);
    const row = await storedCheck(api, response.body.data.id_credit_check);
    expect(row).toMatchObject({
      first_name: 'Ana',
      last_name: 'Alert',
      ssn_last4: '7999',
      plan_id: standard.id,
      score: null,
      no_score_reason: null,
      error_msg: NO_ANSWER,
      deposit_required: 0,
      deny_service: 0,
      fraud_alert: 0,
      reason_codes: '[]',
      fraud_alert_codes: '[]',
    });
    expect(unsealed(api, row.ssn_sealed as string)).toBe('234567999');
    expect(unsealed(api, row.date_of_birth_sealed as string)).toBe('1980-02-03');
    expect(logged).not.toHaveBeenCalled();
  });

  it('an outage reported by the adapter (BureauUnavailableError) is not logged as a fault either', async () => {
    const logged = vi.spyOn(api.app.log, 'error');
    script.failNextWith(new BureauUnavailableError('timed out'));
    const response = await runCreditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      planId: standard.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(unanswered);
    expect(logged).not.toHaveBeenCalled();
  });

  it('an adapter that throws anything else: recorded the same way, and the error is logged', async () => {
    const logged = vi.spyOn(api.app.log, 'error');
    const fault = new TypeError("Cannot read properties of undefined (reading 'score')");
    script.failNextWith(fault);
    const response = await runCreditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      planId: standard.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(unanswered);
    expect(await storedCheck(api, response.body.data.id_credit_check)).toMatchObject({
      score: null,
      error_msg: NO_ANSWER,
      deposit_required: 0,
      deny_service: 0,
      fraud_alert: 0,
      reason_codes: '[]',
      fraud_alert_codes: '[]',
    });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith({ err: fault }, expect.any(String));
  });

  it('such a check cannot back an enrollment: CREDIT_CHECK_UNUSABLE, bureau error', async () => {
    const expectUnusable = async (ssnLastThree: string) => {
      const check = await runCreditCheck(api, token, {
        socialSecurityNumber: ssnEnding(ssnLastThree),
        planId: standard.id,
      });
      const refused = expectFailure(
        await enrollWithCheck(api, token, standard, check.body.data.id_credit_check),
        422,
        'CREDIT_CHECK_UNUSABLE',
      );
      expect(refused.errors).toEqual(['payment.creditCheckId: bureau error']);
    };
    for (const failure of [new BureauUnavailableError('timed out'), new Error('adapter fault')]) {
      script.failNextWith(failure);
      await expectUnusable('720');
    }
    // the sandbox bureau's own outage
    await expectUnusable('999');
  });

  it("another person's unanswered check answers CREDIT_CHECK_OTHER_PERSON, saying nothing of the bureau", async () => {
    const samsOutage = await runCreditCheck(api, token, {
      firstName: 'Sam',
      lastName: 'Nguyen',
      socialSecurityNumber: ssnEnding('999'),
      planId: standard.id,
    });
    const refused = expectFailure(
      await enrollWithCheck(api, token, standard, samsOutage.body.data.id_credit_check),
      422,
      'CREDIT_CHECK_OTHER_PERSON',
    );
    expect(refused.errors).toEqual(['payment.creditCheckId: run for another person']);
    expect(JSON.stringify(refused)).not.toMatch(/bureau|Sam|Nguyen/i);
  });
});

describe('the app asks the bureau adapter it is built with', () => {
  it('a faulty adapter given to a new app: the check is recorded unanswered and the app logs the fault', async () => {
    const faulty = scriptedBureau();
    const app = await buildApp(testConfig({ databaseUrl: process.env.DATABASE_URL ?? 'sqlite::memory:' }), {
      db: api.db,
      adapters: { bureau: faulty.bureau },
    });
    try {
      const logged = vi.spyOn(app.log, 'error');
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, Math.floor(Date.now() / 1000) + 7),
      });
      const fault = new RangeError('adapter fault');
      faulty.failNextWith(fault);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/credit-check',
        headers: { authorization: `Bearer ${login.json().data.token}` },
        payload: creditCheckBody({ socialSecurityNumber: ssnEnding('720') }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ score: null, error_msg: NO_ANSWER });
      expect(faulty.inquiries).toHaveLength(1);
      expect(logged).toHaveBeenCalledWith({ err: fault }, expect.any(String));
    } finally {
      await app.close();
    }
  });
});
