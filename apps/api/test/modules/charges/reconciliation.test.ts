import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectFailure, SANDBOX, signLogin } from '../../helpers/app.js';
import {
  cardOf,
  chargedAtGateway,
  chargeRows,
  chargesServiceOf,
  depositStatusOf,
  enrollmentOf,
  gatewayCharges,
  noAnswer,
  pay,
  payDeposit,
  resetSwitches,
  statusOf,
  useChargesTestbed,
} from './helpers.js';

const bed = useChargesTestbed();
afterEach(() => {
  vi.useRealTimers();
  resetSwitches(bed.switches);
});

const reconcileTask = () => bed.api.app.voltin.scheduler.runNow('reconcile-charges');

/**
 * Freezes the clock of the whole process (server included) and reconciles whatever earlier tests left unknown, so
 * this test's own charges are the only ones the task finds. Returns the instant the test's charges are made at.
 */
async function frozenClock(): Promise<number> {
  // Later than any instant an earlier test of this file froze the clock at, so that what it left is flushed.
  const start = Math.max(Date.now(), latestFrozen) + 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  await reconcileTask();
  latestFrozen = start + 60_000;
  vi.setSystemTime(latestFrozen);
  // An access token lasts 15 minutes of this clock: log in again at its time.
  const login = await bed.api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  bed.session.token = login.body.data.token;
  return latestFrozen;
}
let latestFrozen = 0;

/** A deposit payment the gateway gave no answer to: 503, and the charge recorded unknown. */
async function unansweredDeposit(lastFour: string, fault?: 'after' | 'before') {
  const { enrollmentId } = await enrollmentOf(bed);
  const card = await cardOf(bed, lastFour);
  if (fault) bed.switches.chargeFaults.push({ when: fault, error: noAnswer() });
  expectFailure(await payDeposit(bed, enrollmentId, card), 503, 'UPSTREAM_UNAVAILABLE');
  const [charge] = await chargeRows(bed, enrollmentId);
  expect(charge!.status).toBe('unknown');
  expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
  return { enrollmentId, card, charge: charge! };
}

const lastReason = async (enrollmentId: number) =>
  await bed.api.db.kysely
    .selectFrom('enrollment_status_history')
    .select(['to_status', 'reason'])
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('the reconcile-charges task: charges without an answer are asked about at the gateway', () => {
  it('a charge the gateway made is approved with its transaction id, and the deposit is paid', async () => {
    const t0 = await frozenClock();
    const { enrollmentId, card, charge } = await unansweredDeposit('0019');
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    const [atGateway] = await gatewayCharges(bed, card.paymentProfileToken);
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      {
        id: charge.id,
        status: 'approved',
        gateway_transaction_id: atGateway!.transaction_id,
        has_been_captured: 1,
        decline_reason: null,
      },
    ]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('paid');
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
  });

  it('a charge the gateway declined is declined with its reason, and the deposit fails', async () => {
    const t0 = await frozenClock();
    const { enrollmentId, card, charge } = await unansweredDeposit('0010', 'after');
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    const [atGateway] = await gatewayCharges(bed, card.paymentProfileToken);
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      {
        id: charge.id,
        status: 'declined',
        gateway_transaction_id: atGateway!.transaction_id,
        has_been_captured: 0,
        decline_reason: 'This transaction has been declined.',
      },
    ]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('failed');
    expect(await lastReason(enrollmentId)).toEqual({
      to_status: 'ON_HOLD_PAYMENT_FAILED',
      reason: 'Deposit not paid: This transaction has been declined.',
    });
  });

  it('a charge the gateway never made is not charged, the deposit fails, and it may be paid again', async () => {
    const t0 = await frozenClock();
    const { enrollmentId, card, charge } = await unansweredDeposit('0027');
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      {
        id: charge.id,
        status: 'not_charged',
        gateway_transaction_id: null,
        has_been_captured: 0,
        decline_reason: 'The gateway did not charge it',
      },
    ]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toEqual([]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('failed');
    expect(await lastReason(enrollmentId)).toEqual({
      to_status: 'ON_HOLD_PAYMENT_FAILED',
      reason: 'Deposit not paid: The gateway did not charge it',
    });
    const good = await cardOf(bed);
    const paid = await payDeposit(bed, enrollmentId, good);
    expect(paid.body.data).toMatchObject({ status: 'approved', transaction_type: 'DEPOSIT' });
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
  });

  it('waits 30 seconds after the last answer: not at 29 s, at 30 s exactly', async () => {
    const t0 = await frozenClock();
    const { enrollmentId } = await unansweredDeposit('0019');
    vi.setSystemTime(t0 + 29_000);
    expect(await reconcileTask()).toBe('0 charge(s) reconciled');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
    vi.setSystemTime(t0 + 29_999);
    expect(await reconcileTask()).toBe('0 charge(s) reconciled');
    vi.setSystemTime(t0 + 30_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['approved']);
    expect(await reconcileTask()).toBe('0 charge(s) reconciled');
  });

  it('counts every charge it asked about; one the gateway still does not answer for stays unknown', async () => {
    const t0 = await frozenClock();
    const answered = await unansweredDeposit('0019');
    const silent = await unansweredDeposit('0019');
    bed.switches.findChargeFaults.set(silent.charge.reference, noAnswer());
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('2 charge(s) reconciled');
    expect((await chargeRows(bed, answered.enrollmentId)).map((c) => c.status)).toEqual(['approved']);
    expect((await chargeRows(bed, silent.enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
    expect(await statusOf(bed, silent.enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
    bed.switches.findChargeFaults.clear();
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    expect((await chargeRows(bed, silent.enrollmentId)).map((c) => c.status)).toEqual(['approved']);
  });

  it('a failure other than a gateway without answer fails the task run', async () => {
    const t0 = await frozenClock();
    const { charge, enrollmentId } = await unansweredDeposit('0019');
    bed.switches.findChargeFaults.set(charge.reference, new Error('the gateway adapter broke'));
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('the gateway adapter broke');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
  });

  it('a one-time payment reconciled as charged leaves the deposit due', async () => {
    const t0 = await frozenClock();
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed, '0019');
    expectFailure(
      await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 150 }),
      503,
      'UPSTREAM_UNAVAILABLE',
    );
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      { status: 'approved', transaction_type: 'ONE_TIME_PAYMENT' },
    ]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
  });

  it('a deposit paid another way meanwhile is not undone by its unanswered charge turning out not charged', async () => {
    const t0 = await frozenClock();
    const { enrollmentId } = await unansweredDeposit('0027');
    // Meanwhile the customer paid the deposit by phone, and the web service account recorded it.
    const card = await cardOf(bed);
    const phone = await chargedAtGateway(bed, card, 15_000);
    const recorded = await bed.api.call('POST', '/payments/charge-transaction', {
      token: bed.session.token,
      body: {
        id_enrollment: enrollmentId,
        id_charge_transaction: phone,
        id_payment_profile: card.paymentProfileToken,
        payment_type: 'CreditCard',
        transaction_type: 'DEPOSIT',
        amount: 150,
      },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
    vi.setSystemTime(t0 + 31_000);
    expect(await reconcileTask()).toBe('1 charge(s) reconciled');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['not_charged', 'approved']);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('paid');
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
  });

  it('when the task and a retry reconcile one charge at once, the deposit is settled once', async () => {
    const t0 = await frozenClock();
    const { enrollmentId } = await unansweredDeposit('0019');
    vi.setSystemTime(t0 + 31_000);
    const { charges } = await chargesServiceOf(bed);
    const [first, second] = await Promise.all([charges.reconcileUnknown(), charges.reconcileUnknown()]);
    expect([first, second]).toEqual(['1 charge(s) reconciled', '1 charge(s) reconciled']);
    const paidMoves = await bed.api.db.kysely
      .selectFrom('enrollment_status_history')
      .select('reason')
      .where('enrollment_id', '=', enrollmentId)
      .where('reason', '=', 'Deposit paid')
      .execute();
    expect(paidMoves).toHaveLength(1);
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
  });
});
