import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CapturedDepositCharge } from '../enrollments/index.js';
import * as store from './store.js';

/**
 * A deposit paid before enrolling (`depositCaptureStatus: Captured`), once the gateway confirmed it: the enrollment
 * records it as its approved deposit charge, in the enrollment's own transaction.
 */
export async function isChargeRecorded(
  db: Kysely<Database>,
  companyId: number,
  gatewayTransactionId: string,
): Promise<boolean> {
  return (await store.findChargeByGatewayTransaction(db, companyId, gatewayTransactionId)) !== undefined;
}

export async function recordCapturedDeposit(
  trx: Transaction<Database>,
  c: CapturedDepositCharge,
): Promise<void> {
  await store.insertCharge(trx, {
    company_id: c.companyId,
    enrollment_id: c.enrollmentId,
    customer_id: c.customerId,
    transaction_type: 'DEPOSIT',
    amount_cents: c.amountCents,
    reference: `deposit-${c.enrollmentId}-captured`,
    gateway_transaction_id: c.gatewayTransactionId,
    payment_profile_token: c.paymentProfileToken,
    payment_type: c.paymentType,
    status: 'approved',
    decline_reason: null,
    has_been_captured: 1,
    sent_to_billing_system: 0,
    idempotency_key: null,
    created_at: c.at,
    updated_at: c.at,
  });
}
