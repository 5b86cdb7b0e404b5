import { BillingUnavailableError, type SubmissionResult } from '../../adapters/billing-system/port.js';
import { epochSeconds } from '../../domain/clock.js';
import { addMonths } from '../../domain/dates.js';
import { findCustomer } from '../customers/index.js';
import { findPlanTerms } from '../plans/index.js';
import { retryDelaySeconds } from './decision.js';
import type { EnrollmentsDeps } from './deps.js';
import { SUBMITTABLE_STATUSES } from './lifecycle.js';
import * as store from './store.js';

/**
 * Billing submission: an enrollment with nothing missing is sent to the billing system at once, and again by the
 * retry task while the billing system cannot be reached. Each attempt is claimed with a lease, so two nodes never
 * send the same enrollment; the billing system's answer decides the status.
 */
export function createSubmission(deps: EnrollmentsDeps) {
  const { db } = deps;

  async function submitIfQueued(companyId: number, enrollmentId: number) {
    const e = await store.findEnrollment(db, companyId, enrollmentId);
    if (e?.status === 'QUEUED_FOR_SUBMISSION') await submit(e.id, e.company_id);
  }

  /** Sends one enrollment to the billing system, if this process wins it; the outcome decides the status. */
  async function submit(enrollmentId: number, companyId: number): Promise<void> {
    const claimed = await store.claimForSubmission(
      db,
      enrollmentId,
      SUBMITTABLE_STATUSES,
      epochSeconds(deps.clock),
      deps.submissionLeaseSeconds,
    );
    if (!claimed) return;
    const e = (await store.findEnrollment(db, companyId, enrollmentId))!;
    const { plan, submission } = await submissionOf(e);
    try {
      const result = await deps.billing.submitEnrollment(submission);
      await recordAnswer(e, plan.term, result);
    } catch (error) {
      await holdForRetry(e, error);
    }
  }

  /** What the billing system is sent: the plan as sold (a plan withdrawn from sale since still has its code and term). */
  async function submissionOf(e: store.EnrollmentRow) {
    const [[plan], customer, [utility]] = await Promise.all([
      findPlanTerms(db, [e.plan_version_id]),
      findCustomer(db, e.company_id, e.customer_id),
      deps.utilities.byIds(e.company_id, [e.utility_id]),
    ]);
    const address = (prefix: 'service' | 'billing') => ({
      address: e[`${prefix}_address_1`],
      address2: e[`${prefix}_address_2`],
      city: e[`${prefix}_city`],
      state: e[`${prefix}_state`],
      zipcode: e[`${prefix}_zipcode`],
    });
    return {
      plan: plan!,
      submission: {
        enrollmentId: e.id,
        companyId: e.company_id,
        submissionAttempt: e.submission_attempts,
        billingSystemPlanCode: plan!.billing_system_plan_code,
        ldcAccount: e.ldc_account,
        utilityCode: utility!.code,
        switchType: e.switch_type,
        requestedStartDate: e.requested_start_date,
        customer: {
          firstName: customer!.first_name,
          lastName: customer!.last_name,
          firmName: customer!.firm_name,
          email: customer!.email,
          phone: customer!.phone,
        },
        serviceAddress: address('service'),
        billingAddress: address('billing'),
        billingDeliveryMethod: e.billing_delivery_method,
        // A renewal continues the enrollment it renews, and stays one when it is sent again after a failed attempt.
        renewal: e.previous_enrollment_id !== null,
      },
    };
  }

  async function recordAnswer(e: store.EnrollmentRow, termMonths: number, result: SubmissionResult) {
    const contract = {
      contract_start_date: e.requested_start_date,
      contract_end_date: addMonths(e.requested_start_date, termMonths),
      billing_account_number: result.billingAccountNumber,
      next_submission_at: null,
    };
    if (result.outcome === 'accepted') {
      await store.transition(db, deps.clock, e, 'PENDING', 'system', 'Accepted by the billing system', {
        ...contract,
        billing_errors: null,
      });
    } else {
      await store.transition(
        db,
        deps.clock,
        e,
        'SUBMITTED_WITH_ERRORS',
        'system',
        'The billing system reported errors',
        {
          ...contract,
          billing_errors: JSON.stringify(result.errors),
        },
      );
    }
  }

  /**
   * Any failure (unreachable, the vendor's own error, a fault in its adapter) did not take the enrollment: it is held
   * and retried, so the create that queued it still answers and the retry batch goes on.
   */
  async function holdForRetry(e: store.EnrollmentRow, error: unknown) {
    const unreachable = error instanceof BillingUnavailableError;
    if (!unreachable)
      deps.log.error(
        { err: error, enrollmentId: e.id },
        'billing system submission failed; it will be retried',
      );
    const delay = retryDelaySeconds(e.submission_attempts);
    await store.transition(
      db,
      deps.clock,
      e,
      'SUBMITION_NOT_SENT_CONNECTION_ERROR',
      'system',
      `Billing system ${unreachable ? 'unreachable' : 'failed'} (attempt ${e.submission_attempts}); retry in ${delay} s`,
      { next_submission_at: epochSeconds(deps.clock) + delay },
    );
  }

  /** Every enrollment in `statuses` due for (re)submission, each claimed so two nodes never send the same one. */
  async function submitDue(statuses: readonly string[], limit: number): Promise<number> {
    const due = await store.dueForSubmission(db, statuses, epochSeconds(deps.clock), limit);
    for (const e of due) await submit(e.id, e.company_id);
    return due.length;
  }

  return { submit, submitIfQueued, submitDue };
}
