import { ApiError } from '../../http/errors.js';
import { isDepositDue } from '../enrollments/index.js';
import type { ChargesDeps } from './deps.js';
import type { Charge } from './store.js';

/** A deposit payment is for exactly the deposit due, while one is due. */
export function assertDepositDue(
  e: { deposit_status: string; deposit_amount_cents: number },
  amountCents: number,
) {
  if (!isDepositDue(e.deposit_status))
    throw new ApiError('DEPOSIT_NOT_DUE', 'This enrollment has no deposit due.', [
      `deposit: ${e.deposit_status}`,
    ]);
  if (amountCents !== e.deposit_amount_cents)
    throw new ApiError(
      'DEPOSIT_AMOUNT_MISMATCH',
      `The deposit due is $${(e.deposit_amount_cents / 100).toFixed(2)}.`,
      ['amount: must equal the deposit due'],
    );
}

/** A settled deposit moves its enrollment on (paid → the holds are re-decided; refused → ON_HOLD_PAYMENT_FAILED). */
export async function settleDeposit({ enrollments }: Pick<ChargesDeps, 'enrollments'>, c: Charge) {
  if (
    c.transaction_type !== 'DEPOSIT' ||
    (c.status !== 'approved' && c.status !== 'declined' && c.status !== 'not_charged')
  )
    return;
  const e = await enrollments.row(c.company_id, c.enrollment_id);
  if (!isDepositDue(e.deposit_status)) return;
  const paid = c.status === 'approved';
  await enrollments.redecide(
    c.company_id,
    e.id,
    { deposit_status: paid ? 'paid' : 'failed' },
    'system',
    paid ? 'Deposit paid' : `Deposit not paid: ${c.decline_reason ?? c.status}`,
  );
}
