import type { ChargesDeps } from './deps.js';
import { chargeDepositNow, pay } from './pay.js';
import { reconcileUnknown } from './reconcile.js';
import {
  getCharge,
  listByEnrollment,
  paymentHistory,
  recordCharge,
  totalPaid,
  updateFlags,
} from './records.js';
import { refundPayment } from './refunds.js';

export { toCents } from './records.js';

/** The charges' rules, one part of them per file, bound to what the app gives them. */
export function createChargesService(bound: ChargesDeps) {
  return {
    pay: pay.bind(null, bound),
    chargeDepositNow: chargeDepositNow.bind(null, bound),
    charge: getCharge.bind(null, bound),
    byEnrollment: listByEnrollment.bind(null, bound),
    create: recordCharge.bind(null, bound),
    update: updateFlags.bind(null, bound),
    total: totalPaid.bind(null, bound),
    history: paymentHistory.bind(null, bound),
    reconcileUnknown: reconcileUnknown.bind(null, bound),
    refund: refundPayment.bind(null, bound),
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;
