import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailableError, type PaymentGateway } from '../../../src/adapters/payment-gateway/port.js';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  cardEnding,
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  recordCharge,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Refunds in the Operations console: a bill payment is given back, all or part, through the gateway; never more
 * than was paid, even when many refunds are asked at once; a refund whose answer is lost stays reserved until
 * reconciliation learns what the gateway did.
 */
const faults = { refund: 'answer' as 'answer' | 'lose-answer-after-refund' | 'unreachable' };
const withRefundFaults = (gateway: PaymentGateway): PaymentGateway => ({
  ...gateway,
  async refund(request) {
    if (faults.refund === 'unreachable') throw new GatewayUnavailableError('connect ECONNREFUSED');
    const result = await gateway.refund(request);
    if (faults.refund === 'lose-answer-after-refund') throw new GatewayUnavailableError('socket hang up');
    return result;
  },
});
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, { gateway: withRefundFaults }, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let admin: StaffBrowser;
let session: { token: string; customerHash: string; customerId: number };

/** A one-time payment of `amount` dollars the sandbox customer made on a new enrollment with a saved card. */
async function payment(amount: number) {
  const { token, customerHash, customerId } = session;
  const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding('720'),
    planId: plan,
  });
  const created = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check },
    }),
  });
  const card = await api.call('POST', '/payments/payment-profile', {
    token,
    customerHash,
    body: {
      id_customer: customerId,
      id_payment_type: 1,
      card_number: cardEnding('1111'),
      card_expiration_date: '2030-12',
      card_type: 'Visa',
    },
  });
  const paid = await api.call('POST', '/payments/pay', {
    token,
    customerHash,
    body: { idEnrollment: created.body.data.enrollmentId, ...card.body.data, amount },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.data.id_payment_charge_transactions as number;
}

const refund = (id: number, body: Record<string, unknown> = { reason: 'Paid twice by mistake' }) =>
  admin.call('POST', `/payments/${id}/refund`, { body });

const gatewayRefunds = async () =>
  api.db.kysely.selectFrom('sandbox_gateway_transactions').selectAll().where('kind', '=', 'refund').execute();

beforeAll(async () => {
  const token = await api.sandboxToken();
  session = { token, ...(await api.sandboxCustomerHash()) };
  admin = await as('Administrator');
});

describe('POST /ops/api/v1/payments/{id}/refund', () => {
  it('refunds part, then the rest, and no more; the profile shows what was refunded', async () => {
    const id = await payment(80);
    // Cents that binary fractions cannot hold exactly (19.99) are still two decimals.
    const cents = await refund(id, { amount: 19.99, reason: 'Overcharged on the first bill' });
    expect(cents.status, JSON.stringify(cents.body)).toBe(200);
    const first = await refund(id, { amount: 10.01, reason: 'Overcharged on the first bill' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      refund: { amount: 10.01, status: 'approved' },
      payment: { id, amount: 80, refunded: 30, refundable: 50 },
    });
    expect((await refund(id)).body.data.payment).toMatchObject({ refunded: 80, refundable: 0 });
    expectFailure(await refund(id, { amount: 0.01, reason: 'One cent more' }), 409, 'REFUND_EXCEEDS_PAYMENT');

    const profile = (await admin.call('GET', `/customers/${session.customerId}`)).body.data;
    expect(profile.payments.find((p: { id: number }) => p.id === id)).toMatchObject({
      amount: 80,
      refunded: 80,
    });
    const audit = (await admin.call('GET', '/audit-log', { query: { action: 'payment.refund' } })).body.data;
    expect(audit.map((e: { summary: string }) => e.summary)).toContain(
      `Refunded $19.99 of payment ${id}: Overcharged on the first bill`,
    );
  });

  it('gives back the payment once when many refunds of all of it are asked at once', async () => {
    const id = await payment(60);
    const before = (await gatewayRefunds()).length;
    const answers = await Promise.all(Array.from({ length: 12 }, () => refund(id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200))
      expectFailure(answer, 409, 'REFUND_EXCEEDS_PAYMENT');
    const made = (await gatewayRefunds()).slice(before);
    expect(made.map((r) => r.amount_cents)).toEqual([6000]);
  });

  it('never refunds more than was paid when partial refunds race', async () => {
    const id = await payment(50);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(id, { amount: 20, reason: 'Goodwill credit' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const payments = (await admin.call('GET', `/customers/${session.customerId}`)).body.data.payments;
    expect(payments.find((p: { id: number }) => p.id === id).refunded).toBe(40);
  });

  it('keeps a refund whose answer was lost reserved, and reconciliation records what the gateway did', async () => {
    const id = await payment(40);
    faults.refund = 'lose-answer-after-refund';
    expectFailure(await refund(id), 503, 'UPSTREAM_UNAVAILABLE');
    faults.refund = 'answer';
    // Until the gateway's answer is known the money counts as refunded: asking again cannot pay it out twice.
    expectFailure(await refund(id), 409, 'REFUND_EXCEEDS_PAYMENT');
    clock.advance(60);
    await api.app.voltin.scheduler.runNow('reconcile-charges');
    const refunds = await api.db.kysely
      .selectFrom('charge_transactions')
      .select(['status', 'amount_cents'])
      .where('refund_of_charge_id', '=', id)
      .execute();
    expect(refunds).toEqual([{ status: 'approved', amount_cents: 4000 }]);
  });

  it('releases the reservation when reconciliation finds the gateway never made the refund', async () => {
    const id = await payment(25);
    faults.refund = 'unreachable';
    expectFailure(await refund(id), 503, 'UPSTREAM_UNAVAILABLE');
    faults.refund = 'answer';
    clock.advance(60);
    await api.app.voltin.scheduler.runNow('reconcile-charges');
    admin = await as('Administrator');
    const again = await refund(id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.payment).toMatchObject({ refunded: 25, refundable: 0 });
  });

  it('refuses a deposit, a refund, an unknown payment, and staff without payments.refund', async () => {
    const id = await payment(15);
    const refundId = (await refund(id)).body.data.refund.id;
    expectFailure(await refund(refundId), 409, 'REFUND_NOT_ALLOWED');
    const { enrollment_id: enrollmentId } = await api.db.kysely
      .selectFrom('charge_transactions')
      .select('enrollment_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await recordCharge(api, { enrollmentId, type: 'DEPOSIT', amountCents: 15_000 + id, status: 'approved' });
    const deposit = await api.db.kysely
      .selectFrom('charge_transactions')
      .select('id')
      .where('enrollment_id', '=', enrollmentId)
      .where('transaction_type', '=', 'DEPOSIT')
      .executeTakeFirstOrThrow();
    expectFailure(await refund(deposit.id), 409, 'REFUND_NOT_ALLOWED');
    expectFailure(await refund(999_999), 404, 'NOT_FOUND');
    expectFailure(await refund(id, { amount: 1.234, reason: 'Fractions' }), 400, 'VALIDATION_FAILED');
    const agent = await as('Operations agent');
    expectFailure(
      await agent.call('POST', `/payments/${id}/refund`, { body: { reason: 'Not mine to give' } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});
