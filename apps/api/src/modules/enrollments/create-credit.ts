import { ApiError, notFound } from '../../http/errors.js';
import { open } from '../../security/secret-box.js';
import { creditOutcome, type EnrollingPerson } from '../credit-checks/index.js';
import { findCustomer } from '../customers/index.js';
import type { CreateRequest, EnrollmentsDeps, PlanRow } from './deps.js';

/** Step 5 of the decision flow: the credit result, for this customer, against the plan's thresholds. */
export async function creditDecision(
  deps: EnrollmentsDeps,
  companyId: number,
  plan: PlanRow,
  body: CreateRequest,
  ssn: string | null,
) {
  const { payment } = body;
  if (!plan.required_credit_check) return { creditCheckId: null, depositRequired: false, fraudAlert: false };
  if (payment?.bypassCreditCheck) {
    if (!plan.allow_bypass_credit_check) {
      throw new ApiError(
        'CREDIT_CHECK_BYPASS_NOT_ALLOWED',
        'This plan does not allow skipping the credit check.',
        ['payment.bypassCreditCheck: not allowed'],
      );
    }
    return { creditCheckId: null, depositRequired: true, fraudAlert: false };
  }
  if (payment?.creditCheckId === undefined) {
    throw new ApiError(
      'CREDIT_CHECK_REQUIRED',
      'This plan requires a credit check: run POST /payments/credit-check and pass payment.creditCheckId.',
      ['payment.creditCheckId: is required by the plan'],
    );
  }
  const person = await enrollingPerson(deps, companyId, body.customer, ssn);
  const check = await deps.creditChecks.usable(companyId, payment.creditCheckId, person, plan);
  const { depositRequired, denyService } = creditOutcome(check.score, plan);
  if (denyService) {
    throw new ApiError(
      'CREDIT_SCORE_TOO_LOW',
      'The credit score is below what this plan accepts; service cannot be offered.',
      [`payment.creditCheckId: score below ${plan.deposit_deny_service_under_score}`],
    );
  }
  return { creditCheckId: check.id, depositRequired, fraudAlert: check.fraud_alert === 1 };
}

export type CreditDecision = Awaited<ReturnType<typeof creditDecision>>;

/**
 * Who the enrollment is for, to match the credit check against: the stored customer (`idCustomer`), whose date
 * of birth and SSN come from the request when the record has none; or the new customer of the request.
 */
async function enrollingPerson(
  deps: EnrollmentsDeps,
  companyId: number,
  customer: CreateRequest['customer'],
  ssn: string | null,
): Promise<EnrollingPerson> {
  const given = { dateOfBirth: customer.dateOfBirth ?? null, ssn };
  if (customer.idCustomer === undefined) {
    const hasName = customer.firstName !== undefined || customer.lastName !== undefined;
    const name = hasName
      ? // Stryker disable next-line StringLiteral: half a name matches no check (it has both), whatever fills the gap
        `${customer.firstName ?? ''} ${customer.lastName ?? ''}`
      : (customer.contactName ?? '');
    return { name, ...given };
  }
  const stored = await findCustomer(deps.db, companyId, customer.idCustomer);
  if (!stored) throw notFound(`Customer ${customer.idCustomer}`);
  const opened = (sealed: string | null) => (sealed === null ? null : open(deps.secretBox, sealed));
  return {
    name: `${stored.first_name} ${stored.last_name}`,
    dateOfBirth: opened(stored.date_of_birth_sealed) ?? given.dateOfBirth,
    ssn: opened(stored.ssn_sealed) ?? given.ssn,
  };
}
