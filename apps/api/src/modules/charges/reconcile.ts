import { GatewayUnavailableError } from '../../adapters/payment-gateway/port.js';
import { settleDeposit } from './deposits.js';
import { type ChargesDeps, nowIso } from './deps.js';
import { chargeOf } from './records.js';
import { reconcileRefund } from './refunds.js';
import * as store from './store.js';

/** Charges without an answer older than this are reconciled with the gateway by the background task. */
const RECONCILE_AFTER_SECONDS = 30;

/** A run of the task asks about at most this many charges; the next run takes the rest. */
const RECONCILE_BATCH = 100;

/** After a timeout: did the gateway charge under this reference? Yes → approved; no → not charged, safe to try again. */
export async function reconcile(deps: ChargesDeps, c: store.Charge): Promise<store.Charge> {
  const gateway = await deps.gatewayFor(c.company_id);
  const found = await gateway.findCharge(c.reference);
  if (c.transaction_type === 'REFUND') {
    const settled = await reconcileRefund(deps, c, found);
    return settled ?? chargeOf(deps, c.company_id, c.id);
  }
  const answer: store.ChargeAnswer = found
    ? found.status === 'approved'
      ? { status: 'approved', gateway_transaction_id: found.transactionId, has_been_captured: 1 }
      : {
          status: 'declined',
          gateway_transaction_id: found.transactionId,
          decline_reason: found.reasonText,
        }
    : { status: 'not_charged', decline_reason: 'The gateway did not charge it' };
  // A client's retry and the reconciliation task may ask about one charge at once: the first to record the answer
  // settles the deposit, the other reads what it recorded.
  const settled = await store.updateChargeIfStatus(deps.db, c.id, 'unknown', answer, nowIso(deps.clock));
  if (!settled) return chargeOf(deps, c.company_id, c.id);
  await settleDeposit(deps, settled);
  return settled;
}

/** The task: charges that got no answer are asked about once the gateway has had time to settle them. */
export async function reconcileUnknown(deps: ChargesDeps): Promise<string> {
  const before = new Date(deps.clock.now().getTime() - RECONCILE_AFTER_SECONDS * 1000).toISOString();
  const rows = await store.unknownChargesUnchangedSince(deps.db, before, RECONCILE_BATCH);
  for (const c of rows) {
    try {
      await reconcile(deps, c);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
    }
  }
  return `${rows.length} charge(s) reconciled`;
}
