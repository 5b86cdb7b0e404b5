import { afterEach, describe, expect, it } from 'vitest';
import { GatewayRejectedError } from '../../../src/adapters/payment-gateway/port.js';
import { systemClock } from '../../../src/domain/clock.js';
import { ApiError } from '../../../src/http/errors.js';
import { createChargesService } from '../../../src/modules/charges/service.js';
import { letterOfCreditEnrollment, recordCharge, sandboxDepositProfile } from '../../fixtures/enrollments.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure } from '../../helpers/app.js';
import {
  cardOf,
  chargeRows,
  chargesServiceOf,
  depositStatusOf,
  enrollmentOf,
  gate,
  gatewayCharges,
  noAnswer,
  pay,
  payDeposit,
  resetSwitches,
  statusOf,
  useChargesTestbed,
  waitingAtProfileLookup,
} from './helpers.js';

const bed = useChargesTestbed();
afterEach(() => resetSwitches(bed.switches));

const reasonsOf = async (enrollmentId: number) =>
  (
    await bed.api.db.kysely
      .selectFrom('enrollment_status_history')
      .select(['to_status', 'actor', 'reason'])
      .where('enrollment_id', '=', enrollmentId)
      .orderBy('id')
      .execute()
  ).slice(1);

describe('paying the deposit with POST /payments/pay', () => {
  it('an approved deposit payment marks the deposit paid and releases the hold', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    const seen: string[] = [];
    bed.switches.onCharge = (request) => seen.push(request.description);
    const paid = await payDeposit(bed, enrollmentId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toEqual({
      id_payment_charge_transactions: expect.any(Number),
      id_charge_transaction: expect.stringMatching(/^\d+$/),
      id_payment_profile: card.paymentProfileToken,
      payment_type: 'CreditCard',
      transaction_type: 'DEPOSIT',
      id_enrollment: enrollmentId,
      has_been_captured: true,
      amount: 150,
      status: 'approved',
      decline_reason: null,
      date_created: expect.any(String),
      sent_to_billing_system: false,
    });
    expect(seen).toEqual([`Deposit for enrollment ${enrollmentId}`]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('paid');
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
    expect((await reasonsOf(enrollmentId))[0]).toEqual({
      to_status: 'QUEUED_FOR_SUBMISSION',
      actor: 'system',
      reason: 'Deposit paid',
    });
    const [gatewayCharge] = await gatewayCharges(bed, card.paymentProfileToken);
    expect(gatewayCharge).toMatchObject({ amount_cents: 15_000, status: 'approved' });
    expect(gatewayCharge!.transaction_id).toBe(paid.body.data.id_charge_transaction);
  });

  it('a declined deposit payment is not paid: the deposit fails and the enrollment goes ON_HOLD_PAYMENT_FAILED', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const declining = await cardOf(bed, '0010');
    const declined = await payDeposit(bed, enrollmentId, declining);
    const [row] = await chargeRows(bed, enrollmentId);
    expect(expectFailure(declined, 422, 'PAYMENT_DECLINED').errors).toEqual([
      `id_payment_charge_transactions: ${row!.id}`,
    ]);
    const [atGateway] = await gatewayCharges(bed, declining.paymentProfileToken);
    expect(row).toMatchObject({
      status: 'declined',
      transaction_type: 'DEPOSIT',
      decline_reason: 'This transaction has been declined.',
      gateway_transaction_id: atGateway!.transaction_id,
      has_been_captured: 0,
    });
    expect(await depositStatusOf(bed, enrollmentId)).toBe('failed');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_PAYMENT_FAILED');
    expect(await reasonsOf(enrollmentId)).toEqual([
      {
        to_status: 'ON_HOLD_PAYMENT_FAILED',
        actor: 'system',
        reason: 'Deposit not paid: This transaction has been declined.',
      },
    ]);

    // A failed deposit is still due: a declined attempt does not block the next one, which pays it.
    const card = await cardOf(bed);
    const paid = await payDeposit(bed, enrollmentId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('paid');
    expect(await statusOf(bed, enrollmentId)).toBe('PENDING');
  });

  it('a deposit payment the gateway refuses with an error code is recorded declined with that code, and the deposit fails', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    bed.switches.chargeFaults.push({
      when: 'before',
      error: new GatewayRejectedError('E00027', 'The transaction was unsuccessful.'),
    });
    const refused = await payDeposit(bed, enrollmentId, card);
    expectFailure(refused, 422, 'PAYMENT_DECLINED');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      {
        status: 'declined',
        decline_reason: 'E00027: The transaction was unsuccessful.',
        gateway_transaction_id: null,
      },
    ]);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('failed');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_PAYMENT_FAILED');
  });

  it('a one-time payment on an enrollment with a deposit due leaves the deposit due, approved or declined', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    const seen: string[] = [];
    bed.switches.onCharge = (request) => seen.push(request.description);
    const paid = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 150 });
    expect(paid.body.data).toMatchObject({ status: 'approved', transaction_type: 'ONE_TIME_PAYMENT' });
    expect(seen).toEqual([`Payment for enrollment ${enrollmentId}`]);
    const explicit = await pay(bed, {
      idEnrollment: enrollmentId,
      ...card,
      amount: 150,
      isDepositPayment: false,
    });
    expect(explicit.body.data).toMatchObject({ status: 'approved', transaction_type: 'ONE_TIME_PAYMENT' });
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');

    const declining = await cardOf(bed, '0010');
    expectFailure(
      await pay(bed, { idEnrollment: enrollmentId, ...declining, amount: 20 }),
      422,
      'PAYMENT_DECLINED',
    );
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await reasonsOf(enrollmentId)).toEqual([]);
  });

  it('a deposit payment is for exactly the deposit due: a cent less or more is refused and nothing is charged', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    for (const amount of [149.99, 150.01, 15]) {
      const refused = await payDeposit(bed, enrollmentId, card, amount);
      expect(expectFailure(refused, 422, 'DEPOSIT_AMOUNT_MISMATCH').errors, String(amount)).toEqual([
        'amount: must equal the deposit due',
      ]);
    }
    expect(await chargeRows(bed, enrollmentId)).toEqual([]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toEqual([]);
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
  });

  it('refuses a deposit payment when no deposit is due: not required, waived, paid or covered by a letter of credit', async () => {
    const card = await cardOf(bed);
    const notRequired = (await enrollmentOf(bed, '720')).enrollmentId;
    const waived = (await enrollmentOf(bed, '520', { depositWaived: true })).enrollmentId;
    const paid = (await enrollmentOf(bed)).enrollmentId;
    expect((await payDeposit(bed, paid, card)).status).toBe(200);
    const letter = await letterOfCreditEnrollment(bed.api, bed.session.token);
    const cases: Array<[number, string]> = [
      [notRequired, 'not_required'],
      [waived, 'waived'],
      [paid, 'paid'],
      [letter, 'letter_of_credit'],
    ];
    for (const [enrollmentId, depositStatus] of cases) {
      expect(await depositStatusOf(bed, enrollmentId)).toBe(depositStatus);
      const amountDue = depositStatus === 'not_required' ? 0.01 : 150;
      const refused = await payDeposit(bed, enrollmentId, card, amountDue);
      if (depositStatus === 'letter_of_credit') {
        // The business enrollment is another customer's: the customer is refused before the deposit rule.
        expectFailure(refused, 403, 'CUSTOMER_FORBIDDEN');
        continue;
      }
      expect(expectFailure(refused, 409, 'DEPOSIT_NOT_DUE').errors, depositStatus).toEqual([
        `deposit: ${depositStatus}`,
      ]);
    }
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });
});

describe('a deposit is charged once: no second deposit payment while one is pending, unknown or approved', () => {
  it('refuses a second deposit payment while the first waits for the gateway, then the first pays it', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    const slow = gate();
    bed.switches.chargeGate = slow.promise;
    const first = payDeposit(bed, enrollmentId, card);
    await expect
      .poll(async () => (await chargeRows(bed, enrollmentId)).map((c) => c.status))
      .toEqual(['pending']);
    const second = await payDeposit(bed, enrollmentId, card);
    expectFailure(second, 409, 'PAYMENT_IN_PROGRESS');
    slow.open();
    expect((await first).body.data).toMatchObject({ status: 'approved', transaction_type: 'DEPOSIT' });
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
    expect(await chargeRows(bed, enrollmentId)).toHaveLength(1);
  });

  it('a one-time payment is not held up by a deposit payment waiting for the gateway', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    const slow = gate();
    bed.switches.chargeGate = slow.promise;
    const first = payDeposit(bed, enrollmentId, card);
    await expect.poll(async () => (await chargeRows(bed, enrollmentId)).length).toBe(1);
    bed.switches.chargeGate = null;
    const oneTime = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 40 });
    expect(oneTime.body.data).toMatchObject({ status: 'approved', transaction_type: 'ONE_TIME_PAYMENT' });
    slow.open();
    expect((await first).status).toBe(200);
  });

  it('refuses a new deposit payment while an earlier one got no answer, and charges nothing more', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const timingOut = await cardOf(bed, '0019');
    expectFailure(await payDeposit(bed, enrollmentId, timingOut), 503, 'UPSTREAM_UNAVAILABLE');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
    const card = await cardOf(bed);
    expectFailure(await payDeposit(bed, enrollmentId, card), 409, 'PAYMENT_IN_PROGRESS');
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toEqual([]);
    expect(await chargeRows(bed, enrollmentId)).toHaveLength(1);
  });

  it('refuses a new deposit payment while an approved deposit charge exists, even if the deposit still shows due', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    await recordCharge(bed.api, { enrollmentId, type: 'DEPOSIT', amountCents: 15_000, status: 'approved' });
    const card = await cardOf(bed);
    expectFailure(await payDeposit(bed, enrollmentId, card), 409, 'PAYMENT_IN_PROGRESS');
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toEqual([]);
  });

  it('declined and not-charged deposit attempts, and approved payments of another kind, do not block a deposit payment', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    for (const [type, status, amountCents] of [
      ['DEPOSIT', 'declined', 15_000],
      ['DEPOSIT', 'not_charged', 15_000],
      ['ONE_TIME_PAYMENT', 'approved', 15_011],
      ['ONE_TIME_PAYMENT', 'unknown', 15_000],
    ] as const)
      await recordCharge(bed.api, { enrollmentId, type, amountCents, status });
    const card = await cardOf(bed);
    const paid = await payDeposit(bed, enrollmentId, card);
    expect(paid.body.data).toMatchObject({ status: 'approved', transaction_type: 'DEPOSIT' });
  });

  it("another enrollment's deposit charge waiting for the gateway does not block this one", async () => {
    const other = (await enrollmentOf(bed)).enrollmentId;
    await recordCharge(bed.api, {
      enrollmentId: other,
      type: 'DEPOSIT',
      amountCents: 15_000,
      status: 'unknown',
    });
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    const paid = await payDeposit(bed, enrollmentId, card);
    expect(paid.body.data).toMatchObject({ status: 'approved', transaction_type: 'DEPOSIT' });
  });

  it('of two deposit payments that both passed the first check, at most one is charged (the check after the insert)', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const card = await cardOf(bed);
    // Both payments wait after their first check (at the payment profile look-up) until both got there.
    const { db: waitingDb, arrived } = waitingAtProfileLookup(bed.api.db.kysely, 2);
    const { companyId, charges } = await chargesServiceOf(bed, waitingDb);
    const body = { idEnrollment: enrollmentId, ...card, amount: 150, isDepositPayment: true };
    const outcomes = await Promise.allSettled([
      charges.pay(companyId, bed.session.customerId, body, undefined),
      charges.pay(companyId, bed.session.customerId, body, undefined),
    ]);
    expect(arrived()).toBe(2);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const o of refused) expect((o.reason as ApiError).code).toBe('PAYMENT_IN_PROGRESS');
    const charged = await gatewayCharges(bed, card.paymentProfileToken);
    expect(charged).toHaveLength(2 - refused.length);
    // A refused payment leaves no charge behind.
    expect(await chargeRows(bed, enrollmentId)).toHaveLength(charged.length);
  });
});

describe('the deposit paid at enrollment (PayNow)', () => {
  const payNow = async (lastFour: string) => {
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, lastFour);
    const created = await enrollmentOf(bed, '520', {
      depositOptions: 'PayNow',
      customerProfileToken,
      depositToken,
    });
    return { ...created, depositToken };
  };

  it('approved: the deposit is paid and the enrollment goes on', async () => {
    const { enrollmentId, enrollmentStatus, depositToken } = await payNow('1111');
    expect(enrollmentStatus).toBe('PENDING');
    expect(await depositStatusOf(bed, enrollmentId)).toBe('paid');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      {
        transaction_type: 'DEPOSIT',
        amount_cents: 15_000,
        status: 'approved',
        payment_type: 'CreditCard',
        payment_profile_token: depositToken,
        idempotency_key: null,
        has_been_captured: 1,
      },
    ]);
    expect((await chargeRows(bed, enrollmentId))[0]!.reference).toMatch(
      new RegExp(`^deposit-${enrollmentId}-[0-9a-f-]{36}$`),
    );
  });

  it('declined: ON_HOLD_PAYMENT_FAILED with the deposit failed', async () => {
    const { enrollmentId, enrollmentStatus } = await payNow('0010');
    expect(enrollmentStatus).toBe('ON_HOLD_PAYMENT_FAILED');
    expect(await depositStatusOf(bed, enrollmentId)).toBe('failed');
  });

  it('no answer: the enrollment keeps its deposit hold and the charge waits to be reconciled', async () => {
    const { enrollmentId, enrollmentStatus } = await payNow('0027');
    expect(enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
  });

  it('is charged once: a second call while a deposit charge of the enrollment exists charges nothing', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, '0019');
    const { companyId, charges } = await chargesServiceOf(bed);
    const method = {
      customerProfileToken,
      paymentProfileToken: depositToken,
      paymentType: 'BankAccount' as const,
    };
    await charges.chargeDepositNow(companyId, enrollmentId, method);
    await charges.chargeDepositNow(companyId, enrollmentId, method);
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      { status: 'unknown', payment_type: 'BankAccount', transaction_type: 'DEPOSIT' },
    ]);
    expect(await gatewayCharges(bed, depositToken)).toHaveLength(1);
  });

  it('a failure other than a gateway without answer is not swallowed', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, '1111');
    const { companyId, charges } = await chargesServiceOf(bed);
    bed.switches.chargeFaults.push({ when: 'before', error: new Error('the gateway adapter broke') });
    await expect(
      charges.chargeDepositNow(companyId, enrollmentId, {
        customerProfileToken,
        paymentProfileToken: depositToken,
      }),
    ).rejects.toThrow('the gateway adapter broke');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      { status: 'pending', payment_type: 'CreditCard' },
    ]);
  });

  it('a company without a payment gateway is not swallowed: the caller is told, nothing is charged', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, '1111');
    const charges = createChargesService({
      db: bed.api.db.kysely,
      clock: systemClock,
      enrollments: bed.api.app.voltin.enrollments!,
      gatewayFor: async () => {
        throw new ApiError('PAYMENT_GATEWAY_NOT_CONFIGURED', 'This retail company has no payment gateway.');
      },
      log: bed.api.app.log,
    });
    const companyId = await sandboxCompanyId(bed.api.db.kysely);
    await expect(
      charges.chargeDepositNow(companyId, enrollmentId, {
        customerProfileToken,
        paymentProfileToken: depositToken,
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_GATEWAY_NOT_CONFIGURED' });
    expect(await gatewayCharges(bed, depositToken)).toEqual([]);
    // Recorded as not charged, not left pending: once a gateway is there, the deposit can be paid.
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['not_charged']);
    const { charges: withGateway } = await chargesServiceOf(bed);
    await withGateway.chargeDepositNow(companyId, enrollmentId, {
      customerProfileToken,
      paymentProfileToken: depositToken,
    });
    expect(await gatewayCharges(bed, depositToken)).toHaveLength(1);
  });

  it('a gateway without answer is swallowed (the charge is reconciled later), and recorded unknown', async () => {
    const { enrollmentId } = await enrollmentOf(bed);
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, '1111');
    const { companyId, charges } = await chargesServiceOf(bed);
    bed.switches.chargeFaults.push({ when: 'before', error: noAnswer() });
    await expect(
      charges.chargeDepositNow(companyId, enrollmentId, {
        customerProfileToken,
        paymentProfileToken: depositToken,
      }),
    ).resolves.toBeUndefined();
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
  });
});
