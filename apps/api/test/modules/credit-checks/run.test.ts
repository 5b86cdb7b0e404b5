import { beforeAll, describe, expect, it } from 'vitest';
import { creditCheck, ssnEnding } from '../../fixtures/enrollments.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { creditPlans, runCreditCheck, type SandboxPlan, storedCheck, unsealed } from './helpers.js';

const api = useTestApi();
let token: string;
let standard: SandboxPlan;
let ssnRequired: SandboxPlan;

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ standard, ssnRequired } = await creditPlans(api, token));
});

const checkCount = async () =>
  (await api.db.kysely.selectFrom('credit_checks').select('id').execute()).length;

const SSN_REQUIRED_BY_PLAN =
  'body.socialSecurityNumber: is required for this plan (it does not accept the date of birth instead)';
const SSN_OR_BIRTH_DATE = 'body.socialSecurityNumber: the SSN or the date of birth is required';

describe('who may be checked: the SSN, the date of birth, or both, as the plan allows', () => {
  it('an invalid SSN is refused with the validator’s sentence, naming body.socialSecurityNumber', async () => {
    const area = expectFailure(
      await runCreditCheck(api, token, { socialSecurityNumber: '666-12-3456', planId: standard.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(area.errors).toEqual([
      'body.socialSecurityNumber: The first three digits (area number) cannot be 000, 666 or 900 to 999.',
    ]);
    const format = expectFailure(
      await runCreditCheck(api, token, { socialSecurityNumber: '23456772', dateOfBirth: '1980-02-03' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(format.errors).toEqual([
      'body.socialSecurityNumber: The SSN must be 9 digits, written either without dashes or as 123-45-6789.',
    ]);
  });

  it('an invalid SSN for a plan that requires it is one error, not two', async () => {
    const refused = expectFailure(
      await runCreditCheck(api, token, { socialSecurityNumber: '234-00-7720', planId: ssnRequired.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual([
      'body.socialSecurityNumber: The middle two digits (group number) cannot be 00.',
    ]);
  });

  it('a plan that does not accept the date of birth requires the SSN; a refused check is not recorded', async () => {
    const before = await checkCount();
    const birthDateOnly = expectFailure(
      await runCreditCheck(api, token, { dateOfBirth: '1980-02-03', planId: ssnRequired.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(birthDateOnly.errors).toEqual([SSN_REQUIRED_BY_PLAN]);
    const neither = expectFailure(
      await runCreditCheck(api, token, { planId: ssnRequired.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(neither.errors).toEqual([SSN_REQUIRED_BY_PLAN]);
    expect(await checkCount()).toBe(before);
  });

  it('that plan takes the SSN alone, or with the date of birth', async () => {
    const ssnOnly = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('720'),
      planId: ssnRequired.id,
    });
    expect(ssnOnly.score).toBe(720);
    const both = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('610'),
      dateOfBirth: '1980-02-03',
      planId: ssnRequired.id,
    });
    expect(both.score).toBe(610);
  });

  it('an unknown planId is PLAN_NOT_FOUND and nothing is recorded', async () => {
    const before = await checkCount();
    expectFailure(
      await runCreditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: 987_654_321 }),
      404,
      'PLAN_NOT_FOUND',
    );
    expect(await checkCount()).toBe(before);
  });

  it('with the date of birth allowed, neither given is refused', async () => {
    const refused = expectFailure(
      await runCreditCheck(api, token, { planId: standard.id }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual([SSN_OR_BIRTH_DATE]);
  });

  it('with the date of birth allowed, the SSN alone, the date of birth alone and both are accepted', async () => {
    const ssnOnly = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('640'),
      planId: standard.id,
    });
    expect(ssnOnly.score).toBe(640);
    const birthDateOnly = await creditCheck(api, token, {
      dateOfBirth: '1980-02-03',
      planId: standard.id,
    });
    expect(birthDateOnly.score).toBe(720);
    const both = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('650'),
      dateOfBirth: '1980-02-03',
      planId: standard.id,
    });
    expect(both.score).toBe(650);
  });

  it('without planId the date of birth is accepted, neither given is refused', async () => {
    const birthDateOnly = await creditCheck(api, token, { dateOfBirth: '1975-06-07' });
    expect(birthDateOnly).toMatchObject({ score: 720, deposit_required: false, deny_service: false });
    const ssnOnly = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('700') });
    expect(ssnOnly.score).toBe(700);
    const neither = expectFailure(await runCreditCheck(api, token, {}), 400, 'VALIDATION_FAILED');
    expect(neither.errors).toEqual([SSN_OR_BIRTH_DATE]);
  });
});

describe('what a check stores and answers', () => {
  it('stores the trimmed name and address, the plan, the last four SSN digits; the SSN and date of birth only sealed', async () => {
    const response = await runCreditCheck(api, token, {
      firstName: '  Ana ',
      lastName: ' Garcia  ',
      streetNum: ' 1201 ',
      streetName: '  Elm St ',
      city: ' Dallas  ',
      socialSecurityNumber: ssnEnding('549'),
      dateOfBirth: '1980-02-03',
      planId: standard.id,
    });
    expect(response.status).toBe(200);
    const answer = response.body.data;
    expect(answer).toEqual({
      id_credit_check: expect.any(Number),
      score: 549,
      deposit_required: true,
      deny_service: false,
      fraud_alert: false,
      reason_codes: ['014', '038'],
      fraud_alert_codes: [],
      no_score_reason: null,
      error_msg: null,
    });
    expect(response.body.message).toBe('OK');
    expect(JSON.stringify(response.body)).not.toMatch(/234567549|234-56-7549|1980-02-03/);

    const row = await storedCheck(api, answer.id_credit_check);
    expect(row).toMatchObject({
      company_id: await sandboxCompanyId(api.db.kysely),
      first_name: 'Ana',
      last_name: 'Garcia',
      street_num: '1201',
      street_name: 'Elm St',
      city: 'Dallas',
      state: 'TX',
      zip_code: '75201',
      ssn_last4: '7549',
      plan_id: standard.id,
      score: 549,
      no_score_reason: null,
      error_msg: null,
      deposit_required: 1,
      deny_service: 0,
      fraud_alert: 0,
      reason_codes: '["014","038"]',
      fraud_alert_codes: '[]',
    });
    expect(JSON.stringify(row)).not.toMatch(/234567549|234-56-7549|1980-02-03/);
    expect(unsealed(api, row.ssn_sealed as string)).toBe('234567549');
    expect(unsealed(api, row.date_of_birth_sealed as string)).toBe('1980-02-03');
  });

  it('a check without planId, SSN given as nine digits, without a date of birth: no plan, no sealed date of birth', async () => {
    const answer = await creditCheck(api, token, { socialSecurityNumber: '234567720' });
    const row = await storedCheck(api, answer.id_credit_check);
    expect(row).toMatchObject({ plan_id: null, date_of_birth_sealed: null, ssn_last4: '7720', score: 720 });
    expect(unsealed(api, row.ssn_sealed as string)).toBe('234567720');
  });

  it('a check by date of birth alone stores no SSN', async () => {
    const answer = await creditCheck(api, token, { dateOfBirth: '1990-11-12', planId: standard.id });
    const row = await storedCheck(api, answer.id_credit_check);
    expect(row).toMatchObject({ ssn_sealed: null, ssn_last4: null, plan_id: standard.id });
    expect(unsealed(api, row.date_of_birth_sealed as string)).toBe('1990-11-12');
  });

  it('a good score carries no reason codes and needs nothing', async () => {
    const answer = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding('600'),
      planId: ssnRequired.id,
    });
    expect(answer).toEqual({
      id_credit_check: expect.any(Number),
      score: 600,
      deposit_required: false,
      deny_service: false,
      fraud_alert: false,
      reason_codes: [],
      fraud_alert_codes: [],
      no_score_reason: null,
      error_msg: null,
    });
  });

  it('a fraud alert is answered and stored with its codes, exactly when the bureau gives some', async () => {
    const alerted = await creditCheck(api, token, {
      lastName: 'Alert',
      socialSecurityNumber: ssnEnding('720'),
      planId: standard.id,
    });
    expect(alerted).toMatchObject({ fraud_alert: true, fraud_alert_codes: ['FA01'], score: 720 });
    expect(await storedCheck(api, alerted.id_credit_check)).toMatchObject({
      fraud_alert: 1,
      fraud_alert_codes: '["FA01"]',
    });
    const clean = await creditCheck(api, token, {
      lastName: 'Alerts',
      socialSecurityNumber: ssnEnding('720'),
      planId: standard.id,
    });
    expect(clean).toMatchObject({ fraud_alert: false, fraud_alert_codes: [] });
  });

  it('no score: the reason is given, a deposit is required and service is never refused', async () => {
    for (const plan of [standard, ssnRequired]) {
      const answer = await creditCheck(api, token, {
        socialSecurityNumber: ssnEnding('000'),
        planId: plan.id,
      });
      expect(answer).toEqual({
        id_credit_check: expect.any(Number),
        score: null,
        deposit_required: true,
        deny_service: false,
        fraud_alert: false,
        reason_codes: ['NS01'],
        fraud_alert_codes: [],
        no_score_reason: 'Insufficient credit history to produce a score.',
        error_msg: null,
      });
      expect(await storedCheck(api, answer.id_credit_check)).toMatchObject({
        score: null,
        no_score_reason: 'Insufficient credit history to produce a score.',
        deposit_required: 1,
        deny_service: 0,
        reason_codes: '["NS01"]',
      });
    }
  });
});

describe("the plan's thresholds decide deposit_required and deny_service; equal is on the good side", () => {
  const answer = async (lastThree: string, planId?: number) => {
    const data = await creditCheck(api, token, {
      socialSecurityNumber: ssnEnding(lastThree),
      ...(planId === undefined ? {} : { planId }),
    });
    const row = await storedCheck(api, data.id_credit_check);
    expect([row.deposit_required === 1, row.deny_service === 1]).toEqual([
      data.deposit_required,
      data.deny_service,
    ]);
    return { score: data.score, deposit_required: data.deposit_required, deny_service: data.deny_service };
  };

  it('deposit under 600, refusal under 450 (the SSN-required plan)', async () => {
    expect(await answer('599', ssnRequired.id)).toEqual({
      score: 599,
      deposit_required: true,
      deny_service: false,
    });
    expect(await answer('600', ssnRequired.id)).toEqual({
      score: 600,
      deposit_required: false,
      deny_service: false,
    });
    expect(await answer('450', ssnRequired.id)).toEqual({
      score: 450,
      deposit_required: true,
      deny_service: false,
    });
    expect(await answer('449', ssnRequired.id)).toEqual({
      score: 449,
      deposit_required: true,
      deny_service: true,
    });
    expect(await answer('850', ssnRequired.id)).toEqual({
      score: 850,
      deposit_required: false,
      deny_service: false,
    });
  });

  it('deposit under 550 and a refusal threshold of 0, which never refuses (the standard plan)', async () => {
    expect(await answer('549', standard.id)).toEqual({
      score: 549,
      deposit_required: true,
      deny_service: false,
    });
    expect(await answer('550', standard.id)).toEqual({
      score: 550,
      deposit_required: false,
      deny_service: false,
    });
    expect(await answer('300', standard.id)).toEqual({
      score: 300,
      deposit_required: true,
      deny_service: false,
    });
  });

  it('without planId: a deposit under 550, never a refusal', async () => {
    expect(await answer('549')).toEqual({ score: 549, deposit_required: true, deny_service: false });
    expect(await answer('550')).toEqual({ score: 550, deposit_required: false, deny_service: false });
    expect(await answer('300')).toEqual({ score: 300, deposit_required: true, deny_service: false });
  });
});
