import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import { BureauUnavailableError, type CreditBureau } from '../../adapters/credit-bureau/port.js';
import type { Database } from '../../db/schema.js';
import type { CreditChecksTable } from '../../db/tables/enrollments.js';
import { ssnDigits, validateSsn } from '../../domain/ssn.js';
import { ApiError } from '../../http/errors.js';
import { seal } from '../../security/secret-box.js';
import type { PlansService } from '../plans/index.js';
import type { CreditCheckRequest } from './schemas.js';
import * as store from './store.js';

/** Thresholds when no plan is named: a deposit under 550, never a refusal, SSN or date of birth accepted. */
export const DEFAULT_CREDIT_RULES = {
  deposit_required_under_score: 550,
  deposit_deny_service_under_score: 0,
  allow_use_date_of_birth: 1,
};

/** A stored credit check older than this cannot back an enrollment. */
export const CREDIT_CHECK_VALID_DAYS = 30;

export function toCreditCheckResult(row: Selectable<CreditChecksTable>) {
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
  secretBox: Buffer,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  return {
    async run(companyId: number, request: Static<typeof CreditCheckRequest>) {
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
        created_at: new Date().toISOString(),
      };
      let outcome: Omit<Selectable<CreditChecksTable>, keyof typeof base | 'id'>;
      try {
        const report = await bureau.inquire({
          ...request,
          ssn,
          dateOfBirth: request.dateOfBirth ?? null,
          zipCode: request.zipCode,
        });
        const score = report.outcome === 'scored' ? report.score : null;
        const deny =
          score !== null &&
          rules.deposit_deny_service_under_score > 0 &&
          score < rules.deposit_deny_service_under_score;
        outcome = {
          score,
          no_score_reason: report.outcome === 'no_score' ? report.noScoreReason : null,
          error_msg: null,
          deny_service: deny ? 1 : 0,
          deposit_required: score === null || score < rules.deposit_required_under_score ? 1 : 0,
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

    /** A stored check an enrollment may rely on: this company's, answered by the bureau, and recent. */
    async usable(companyId: number, id: number) {
      const row = await store.findCreditCheck(db, companyId, id);
      if (!row)
        throw new ApiError('CREDIT_CHECK_NOT_FOUND', `Credit check ${id} was not found.`, [
          'payment.creditCheckId: unknown',
        ]);
      if (row.error_msg) {
        throw new ApiError(
          'CREDIT_CHECK_UNUSABLE',
          'That credit check got no answer from the bureau; run it again.',
          ['payment.creditCheckId: bureau error'],
        );
      }
      const ageDays = (Date.now() - Date.parse(row.created_at)) / 86_400_000;
      if (ageDays > CREDIT_CHECK_VALID_DAYS) {
        throw new ApiError(
          'CREDIT_CHECK_UNUSABLE',
          `Credit checks are valid for ${CREDIT_CHECK_VALID_DAYS} days; run a new one.`,
          ['payment.creditCheckId: expired'],
        );
      }
      return row;
    },
  };
}

export type CreditChecksService = ReturnType<typeof createCreditChecksService>;
