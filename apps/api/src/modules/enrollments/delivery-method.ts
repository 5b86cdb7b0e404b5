import { BILLING_DELIVERY_METHODS } from '../../domain/billing-delivery.js';
import { ApiError } from '../../http/errors.js';
import { findCompanyMarkets } from '../company/index.js';
import * as accounts from './account-store.js';
import { type AccountChangesDeps, type RequestedBy, requestedBy } from './changes-deps.js';
import { AWAITING_BILLING_STATUSES, type EnrollmentStatus, isLive } from './lifecycle.js';
import * as store from './store.js';

/** Section 5: the billing delivery method (paper, e-mail) of an enrollment, and the enrollments billed together. */
export function createDeliveryMethod({ db, clock, core, utilities }: AccountChangesDeps) {
  /**
   * Allowed on a live enrollment that is dual billed (the supplier sends its own bill), or where the supplier bills
   * (it handles payments) and the billing system awaits nothing.
   */
  async function changeAllowed(e: store.EnrollmentRow): Promise<boolean> {
    if (!isLive(e.status)) return false;
    if (e.dual_billed === 1) return true;
    const [utility] = await utilities.byIds(e.company_id, [e.utility_id]);
    const market = (await findCompanyMarkets(db, e.company_id)).find((m) => m.id === utility!.market_id)!;
    return market.handle_payments === 1 && !AWAITING_BILLING_STATUSES.includes(e.status as EnrollmentStatus);
  }

  async function updateDeliveryMethod(companyId: number, id: number, method: number, by?: RequestedBy) {
    const e = await core.row(companyId, id);
    if (!(await changeAllowed(e))) {
      throw new ApiError(
        'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
        'The billing delivery method of this enrollment cannot change now.',
        [`status: ${e.status}; the utility bills in this market, or the billing system awaits information`],
      );
    }
    const methodName = BILLING_DELIVERY_METHODS.find((m) => m.id_method_delivery === method)!.name;
    // A change of the same status: the history row that records it is written in the same transaction.
    await store.transition(
      db,
      clock,
      e,
      e.status as EnrollmentStatus,
      'customer',
      requestedBy(`Billing delivery method changed to ${methodName}`, by),
      { billing_delivery_method: method },
    );
    return core.get(companyId, id);
  }

  async function deliveryMethodCandidates(companyId: number, customerId: number) {
    const rows = await core.customerRows(companyId, customerId);
    const allowed: store.EnrollmentRow[] = [];
    for (const e of rows) if (await changeAllowed(e)) allowed.push(e);
    return Promise.all(allowed.map((e) => core.get(companyId, e.id)));
  }

  /** Enrollments billed together: the same customer at the same billing address. */
  async function billingGroup(companyId: number, id: number) {
    const e = await core.row(companyId, id);
    const rows = await accounts.billingGroupIds(db, companyId, e);
    return Promise.all(rows.map((r) => core.get(companyId, r.id)));
  }

  return { updateDeliveryMethod, deliveryMethodCandidates, billingGroup };
}
