import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { addDays } from '../../domain/dates.js';
import { findCompanySettings, findUtilityTerms } from '../company/index.js';
import { findPlanTerms } from '../plans/index.js';
import { isDepositDue, statusDetails } from './decision.js';
import { type EnrollmentStatus, HIDDEN_FROM_CUSTOMERS, LIFECYCLE, SERVING_STATUSES } from './lifecycle.js';
import type { Enrollment } from './schemas.js';
import { type EnrollmentRow, statusHistory } from './store.js';

/** Days after a drop in which a customer may still be reinstated on the same terms. */
export const REINSTATEMENT_WINDOW_DAYS = 60;

/** Whether the renewal window is open: from `renewalAlertDays` before the contract ends. */
export function inRenewalWindow(contractEndDate: string | null, renewalAlertDays: number, today: string) {
  return contractEndDate !== null && addDays(today, renewalAlertDays) >= contractEndDate;
}

/**
 * Why an enrollment cannot be renewed today, or null when it can: the one rule behind `isRenewable` and the
 * renewal call.
 */
export function whyNotRenewable(
  e: Pick<EnrollmentRow, 'status' | 'contract_end_date'>,
  plan: { not_able_renewals: number },
  renewalAlertDays: number,
  today: string,
): string | null {
  if (e.status !== 'ACTIVE') return `only an active enrollment can be renewed; this one is ${e.status}`;
  if (plan.not_able_renewals !== 0) return 'its plan does not allow renewals';
  if (e.contract_end_date === null) return 'it has no contract end date yet';
  if (!inRenewalWindow(e.contract_end_date, renewalAlertDays, today))
    return `renewal opens ${renewalAlertDays} days before the contract ends on ${e.contract_end_date}`;
  return null;
}

/** The spec's enrollment response, for one or many enrollments with a fixed number of queries. */
export async function describeEnrollments(
  db: Kysely<Database>,
  companyId: number,
  rows: EnrollmentRow[],
  today: string,
): Promise<Static<typeof Enrollment>[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((e) => e.id);
  const [history, plans, utilities, settings] = await Promise.all([
    statusHistory(db, ids),
    findPlanTerms(db, [...new Set(rows.map((e) => e.plan_version_id))]),
    findUtilityTerms(db, [...new Set(rows.map((e) => e.utility_id))]),
    findCompanySettings(db, companyId),
  ]);
  const planByVersion = new Map(plans.map((p) => [p.plan_version_id, p]));
  const utilityById = new Map(utilities.map((u) => [u.id, u]));
  return rows.map((e) => {
    const status = e.status as EnrollmentStatus;
    const plan = planByVersion.get(e.plan_version_id)!;
    const utility = utilityById.get(e.utility_id)!;
    const isActive = status === 'ACTIVE';
    const isRenewable = whyNotRenewable(e, plan, utility.renewal_alert, today) === null;
    const dropped = status === 'DROPPED';
    const reEnroll = dropped && settings?.my_account_reenroll_option === 1 && plan.not_able_reenrolls === 0;
    const reinstate =
      dropped &&
      settings?.my_account_reinstate_option === 1 &&
      e.drop_effective_date !== null &&
      addDays(e.drop_effective_date, REINSTATEMENT_WINDOW_DAYS) >= today;
    const pendingDeposit = isDepositDue(e.deposit_status) ? e.deposit_amount_cents / 100 : 0;
    // The supplier takes payments where it bills: its market, or its own bill beside the utility's (dual billing).
    const handlesPayments = utility.handle_payments === 1 || e.dual_billed === 1;
    const address = (prefix: 'service' | 'billing') => ({
      address_1: e[`${prefix}_address_1`],
      address_2: e[`${prefix}_address_2`],
      city: e[`${prefix}_city`],
      state: e[`${prefix}_state`],
      ldc_account: e.ldc_account,
      correspondence_zip: e[`${prefix}_zipcode`],
    });
    return {
      id_enrollment: e.id,
      id_customer: e.customer_id,
      id_plan: e.plan_id,
      id_utility: e.utility_id,
      id_status: LIFECYCLE[status].id,
      status,
      requested_start_date: e.requested_start_date,
      contract_start_date: e.contract_start_date,
      contract_end_date: e.contract_end_date,
      isRenewable,
      winbackProcess:
        reEnroll && reinstate
          ? ('Both' as const)
          : reEnroll
            ? ('ReEnroll' as const)
            : reinstate
              ? ('Reinstatement' as const)
              : null,
      showRenewable: isRenewable,
      showReEnroll: reEnroll,
      showReinstatement: reinstate,
      pendingDepositAmount: pendingDeposit,
      showPaymentDeposit: pendingDeposit > 0,
      canMakePayments: handlesPayments && LIFECYCLE[status].live,
      showPayments: handlesPayments,
      isActive,
      id_method_delivery: e.billing_delivery_method,
      plans: [
        {
          id_plan: plan.id,
          version: plan.version,
          name: plan.name,
          rate: plan.rate,
          monthly_fee: plan.monthly_fee,
          cancellation_fee: plan.cancellation_fee,
          term: plan.term,
          commodity_name: e.commodity,
        },
      ],
      service_address: address('service'),
      billing_address: address('billing'),
      enrollment_statuses: history
        .filter((h) => h.enrollment_id === e.id)
        .map((h) => ({
          name: h.to_status,
          status_for_customers: LIFECYCLE[h.to_status as EnrollmentStatus]?.statusForCustomers ?? h.to_status,
          changed_at: h.created_at,
        })),
      statusDetails: statusDetails(e),
      billing_errors: e.billing_errors ? (JSON.parse(e.billing_errors) as string[]) : [],
      meter_unverified: e.meter_unverified === 1,
    };
  });
}

/**
 * The enrollments a customer's list shows: the newest of each renewal chain, without those that never happened or were
 * replaced; and a replaced term (ARCHIVED) as long as something is still owed on it (`stillOwing`), so a balance
 * never disappears from view when a renewal starts.
 */
export function shownToCustomer(rows: EnrollmentRow[], stillOwing: ReadonlySet<number>): EnrollmentRow[] {
  const current = new Set(
    newestOfChains(rows)
      .filter((e) => !HIDDEN_FROM_CUSTOMERS.includes(e.status as EnrollmentStatus))
      .map((e) => e.id),
  );
  return rows.filter((e) => current.has(e.id) || (e.status === 'ARCHIVED' && stillOwing.has(e.id)));
}

/**
 * Of each renewal chain, the newest enrollment once it serves the customer. While a renewal waits to start, the
 * enrollment it continues still serves (and bills) the customer, so both are shown.
 */
function newestOfChains(rows: EnrollmentRow[]): EnrollmentRow[] {
  const superseded = new Set(
    rows
      .filter((e) => SERVING_STATUSES.includes(e.status as EnrollmentStatus))
      .map((e) => e.previous_enrollment_id)
      .filter((id): id is number => id !== null),
  );
  return rows.filter((e) => !superseded.has(e.id));
}
