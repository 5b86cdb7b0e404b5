import type { Static } from 'typebox';
import { addDays, dayOf } from '../../domain/dates.js';
import { ApiError } from '../../http/errors.js';
import { findCustomerTypes } from '../company/index.js';
import { findPlanTerms } from '../plans/index.js';
import * as accounts from './account-store.js';
import { type AccountChangesDeps, conflict, nowIso, type RequestedBy, requestedBy } from './changes-deps.js';
import { isLive } from './lifecycle.js';
import { DROP_REASONS, type DropRequest, type DropResult } from './schemas.js';
import * as store from './store.js';

/** A drop: before service starts, a cancellation; once it serves, service ends on the date given, with any ETF. */
export function createDrop({ db, clock, core, utilities }: AccountChangesDeps) {
  async function drop(
    companyId: number,
    id: number,
    body: Static<typeof DropRequest>,
    by?: RequestedBy,
  ): Promise<Static<typeof DropResult>> {
    const e = await core.row(companyId, id);
    if (body.effectiveDate < dayOf(clock))
      throw new ApiError('VALIDATION_FAILED', 'The drop cannot be in the past.', [
        'effectiveDate: before today',
      ]);
    // Being dropped, or ended already (dropped, cancelled, replaced): there is nothing left to drop or cancel.
    if (e.status === 'DROP_PENDING' || !isLive(e.status))
      throw conflict(`This enrollment is already ${e.status}.`, `status: ${e.status}`);
    const reason = DROP_REASONS.find((r) => r.id === body.reasonCodeId)!;
    if (e.status !== 'ACTIVE') {
      // Before service starts a drop is a cancellation, and the lifecycle says who may cancel from where.
      await store.transition(
        db,
        clock,
        e,
        'CANCELLED',
        'customer',
        requestedBy(`Cancelled before service started: ${reason.name}`, by),
      );
      return { enrollment: await core.get(companyId, id), etf_invoice: null };
    }
    const etf = await earlyTerminationFee(e, body.effectiveDate, reason.etf);
    const invoice = await db.transaction().execute(async (trx) => {
      await store.transition(
        trx,
        clock,
        e,
        'DROP_PENDING',
        'customer',
        requestedBy(`Drop requested: ${reason.name}`, by),
        {
          drop_effective_date: body.effectiveDate,
          drop_reason_code: reason.id,
          remove_meter: body.removeMeter ? 1 : 0,
        },
      );
      await store.cancelLiveRenewal(trx, clock, e.id, 'the enrollment it continues is being dropped');
      if (etf === 0) return null;
      return accounts.insertEtfInvoice(trx, {
        company_id: companyId,
        enrollment_id: e.id,
        amount_cents: etf,
        reason: reason.name,
        created_at: nowIso(clock),
      });
    });
    return {
      enrollment: await core.get(companyId, id),
      etf_invoice: invoice
        ? { id_etf_invoice: invoice.id, amount: invoice.amount_cents / 100, status: invoice.status }
        : null,
    };
  }

  /**
   * The early termination fee: the plan's cancellation fee, when the customer type sends one, the reason is not
   * exempt (moving, death) and the drop is before the fee-free window at the end of the contract.
   */
  async function earlyTerminationFee(
    e: store.EnrollmentRow,
    effectiveDate: string,
    reasonAllowsFee: boolean,
  ): Promise<number> {
    const [[plan], types, [utility]] = await Promise.all([
      findPlanTerms(db, [e.plan_version_id]),
      findCustomerTypes(db, e.company_id),
      utilities.byIds(e.company_id, [e.utility_id]),
    ]);
    const type = types.find((t) => t.id === e.customer_type_id)!;
    const inFreeWindow =
      e.contract_end_date !== null && effectiveDate >= addDays(e.contract_end_date, -utility!.etf_windows);
    if (!reasonAllowsFee || type.send_etf_value !== 1 || inFreeWindow || plan!.cancellation_fee <= 0)
      return 0;
    return Math.round(plan!.cancellation_fee * 100);
  }

  return { drop };
}
