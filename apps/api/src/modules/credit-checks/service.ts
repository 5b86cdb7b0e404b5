import type { Kysely, Selectable } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import { BureauUnavailableError, type CreditBureau } from '../../adapters/credit-bureau/port.js';
import type { Database } from '../../db/schema.js';
import type { CreditChecksTable } from '../../db/tables/enrollments.js';
import type { Clock } from '../../domain/clock.js';
import { ssnDigits, validateSsn } from '../../domain/ssn.js';
import { ApiError } from '../../http/errors.js';
import { open, type SecretBox, seal } from '../../security/secret-box.js';
import { findCompanySettings } from '../company/index.js';
import type { PlansService } from '../plans/index.js';
import { type EnrollingPerson, identityProblem } from './identity.js';
import type { CreditCheckRequest, CreditCheckResult } from './schemas.js';
import * as store from './store.js';
import { creditOutcome } from './thresholds.js';

/** Thresholds when no plan is named: a deposit under 550, never a refusal, SSN or date of birth accepted. */
export const DEFAULT_CREDIT_RULES = {
  deposit_required_under_score: 550,
  deposit_deny_service_under_score: 0,
  allow_use_date_of_birth: 1,
};

export function toCreditCheckResult(row: Selectable<CreditChecksTable>): Static<typeof CreditCheckResult> {
  return {
    id_credit_check: row.id,
    score: row.score,
    deposit_required: row.deposit_required === 1,
    deny_service: row.deny_service === 1,
    fraud_alert: row.fraud_alert === 1,
    reason_codes: JSON.parse(row.reason_codes) as string[],
    fraud_alert_codes: JSON.parse(row.fraud_alert_codes) as string[],
    no_score_reason: row.no_score_reason,
    error_msg: row.error_msg,
  };
}

/** The section 5 rule: with the date of birth allowed, either or both; otherwise the SSN is mandatory. */
function identityErrors(request: Static<typeof CreditCheckRequest>, allowDateOfBirth: boolean): string[] {
  const errors: string[] = [];
  if (request.socialSecurityNumber !== undefined) {
    const check = validateSsn(request.socialSecurityNumber);
    if (!check.valid) errors.push(`body.socialSecurityNumber: ${check.error_msg}`);
  }
  if (!allowDateOfBirth && request.socialSecurityNumber === undefined) {
    errors.push(
      'body.socialSecurityNumber: is required for this plan (it does not accept the date of birth instead)',
    );
  }
  if (allowDateOfBirth && request.socialSecurityNumber === undefined && request.dateOfBirth === undefined) {
    errors.push('body.socialSecurityNumber: the SSN or the date of birth is required');
  }
  return errors;
}

export function createCreditChecksService(
  db: Kysely<Database>,
  bureau: CreditBureau,
  plans: PlansService,
  secretBox: SecretBox,
  log: Pick<BaseLogger, 'error'>,
  clock: Clock,
) {
  return {
    async run(
      companyId: number,
      request: Static<typeof CreditCheckRequest>,
    ): Promise<Static<typeof CreditCheckResult>> {
      const rules =
        request.planId === undefined ? DEFAULT_CREDIT_RULES : await plans.planRow(companyId, request.planId);
      const errors = identityErrors(request, rules.allow_use_date_of_birth === 1);
      if (errors.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'The credit check request is invalid.', errors);
      const ssn = request.socialSecurityNumber === undefined ? null : ssnDigits(request.socialSecurityNumber);
      const base = {
        company_id: companyId,
        first_name: request.firstName.trim(),
        last_name: request.lastName.trim(),
        street_num: request.streetNum.trim(),
        street_name: request.streetName.trim(),
        city: request.city.trim(),
        state: request.state,
        zip_code: request.zipCode,
        ssn_sealed: ssn ? seal(secretBox, ssn) : null,
        ssn_last4: ssn ? ssn.slice(-4) : null,
        date_of_birth_sealed: request.dateOfBirth ? seal(secretBox, request.dateOfBirth) : null,
        plan_id: request.planId ?? null,
        created_at: clock.now().toISOString(),
      };
      let outcome: Omit<Selectable<CreditChecksTable>, keyof typeof base | 'id'>;
      try {
        const report = await bureau.inquire({
          companyId,
          firstName: base.first_name,
          lastName: base.last_name,
          streetNum: base.street_num,
          streetName: base.street_name,
          city: base.city,
          state: base.state,
          zipCode: base.zip_code,
          ssn,
          dateOfBirth: request.dateOfBirth ?? null,
        });
        const score = report.outcome === 'scored' ? report.score : null;
        const decided = creditOutcome(score, rules);
        outcome = {
          score,
          no_score_reason: report.outcome === 'no_score' ? report.noScoreReason : null,
          error_msg: null,
          deny_service: decided.denyService ? 1 : 0,
          deposit_required: decided.depositRequired ? 1 : 0,
          fraud_alert: report.fraudAlertCodes.length > 0 ? 1 : 0,
          reason_codes: JSON.stringify(report.reasonCodes),
          fraud_alert_codes: JSON.stringify(report.fraudAlertCodes),
        };
      } catch (error) {
        // Any other failure (the bureau's own error, a fault in its adapter) tells nothing about the customer either.
        if (!(error instanceof BureauUnavailableError))
          log.error({ err: error }, 'credit bureau inquiry failed; recorded as unanswered');
        // Recorded so an operator sees every attempt; an enrollment cannot use it.
        outcome = {
          score: null,
          no_score_reason: null,
          error_msg: 'The credit bureau did not answer; run the credit check again.',
          deny_service: 0,
          deposit_required: 0,
          fraud_alert: 0,
          reason_codes: '[]',
          fraud_alert_codes: '[]',
        };
      }
      const id = await store.insertCreditCheck(db, { ...base, ...outcome });
      return toCreditCheckResult({ id, ...base, ...outcome });
    },

    /**
     * A stored check an enrollment may rely on: this company's, run for the enrolling person, answered by the bureau,
     * no older than the company's `credit_check_valid_days`, and run with the SSN when the plan requires one (so
     * running the check without `planId` cannot skip the plan's rule).
     */
    async usable(
      companyId: number,
      id: number,
      enrolling: EnrollingPerson,
      plan: { allow_use_date_of_birth: number },
    ) {
      const row = await store.findCreditCheck(db, companyId, id);
      if (!row)
        throw new ApiError('CREDIT_CHECK_NOT_FOUND', `Credit check ${id} was not found.`, [
          'payment.creditCheckId: unknown',
        ]);
      // First, so that nothing else (its age, the bureau's answer) is told about another person's check.
      assertRunFor(row, enrolling);
      if (row.error_msg) {
        throw new ApiError(
          'CREDIT_CHECK_UNUSABLE',
          'That credit check got no answer from the bureau; run it again.',
          ['payment.creditCheckId: bureau error'],
        );
      }
      // The company's `credit_check_valid_days`: how many days a check may back an enrollment.
      const settings = await findCompanySettings(db, companyId);
      if (!settings) throw new Error(`Company ${companyId} has no settings`);
      const validDays = settings.credit_check_valid_days;
      if (isOlderThanDays(row.created_at, validDays, clock)) {
        throw new ApiError(
          'CREDIT_CHECK_UNUSABLE',
          `Credit checks are valid for ${validDays} days; run a new one.`,
          ['payment.creditCheckId: expired'],
        );
      }
      if (plan.allow_use_date_of_birth !== 1 && row.ssn_sealed === null) {
        throw new ApiError(
          'CREDIT_CHECK_SSN_REQUIRED',
          'This plan requires a credit check run with the SSN; the date of birth does not replace it. Run a new check with socialSecurityNumber.',
          ['payment.creditCheckId: run without an SSN'],
        );
      }
      return row;
    },
  };

  function assertRunFor(row: Selectable<CreditChecksTable>, enrolling: EnrollingPerson) {
    const problem = identityProblem(
      {
        firstName: row.first_name,
        lastName: row.last_name,
        dateOfBirth: row.date_of_birth_sealed === null ? null : open(secretBox, row.date_of_birth_sealed),
        ssn: row.ssn_sealed === null ? null : open(secretBox, row.ssn_sealed),
      },
      enrolling,
    );
    if (problem === 'date_of_birth_missing') {
      throw new ApiError(
        'CREDIT_CHECK_OTHER_PERSON',
        'The credit check was run with a date of birth: give the same customer.dateOfBirth to enroll with it.',
        ['customer.dateOfBirth: is required to match the credit check'],
      );
    }
    if (problem === 'other_person') {
      throw new ApiError(
        'CREDIT_CHECK_OTHER_PERSON',
        'The credit check was not run for this customer (name, date of birth or SSN differ); run a credit check for the customer who enrolls.',
        ['payment.creditCheckId: run for another person'],
      );
    }
  }
}

/** Valid for N days means up to N whole days after it was run, to the millisecond; older is expired. */
function isOlderThanDays(createdAt: string, days: number, clock: Clock): boolean {
  return clock.now().getTime() - Date.parse(createdAt) > days * 86_400_000;
}

export type CreditChecksService = ReturnType<typeof createCreditChecksService>;
