import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/http/errors.js';
import { expectFailure } from '../../helpers/app.js';
import {
  barrier,
  cardOf,
  chargeRows,
  chargesServiceOf,
  enrollmentOf,
  enrollmentView,
  gate,
  gatewayCharges,
  noAnswer,
  pay,
  resetSwitches,
  submitHostedPayment,
  useChargesTestbed,
  waitingAtProfileLookup,
} from './helpers.js';

const bed = useChargesTestbed();
afterEach(() => resetSwitches(bed.switches));

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as ApiError).code, details: (error as ApiError).details };
  }
  throw new Error('expected a refusal');
};

describe('POST /payments/pay retried with its Idempotency-Key', () => {
  it('after no answer and nothing charged, the retry charges the same charge, once', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const key = `retry-${randomUUID()}`;
    bed.switches.chargeFaults.push({ when: 'before', error: noAnswer() });
    const body = { idEnrollment: enrollmentId, ...card, amount: 25 };
    expectFailure(await pay(bed, body, key), 503, 'UPSTREAM_UNAVAILABLE');
    const [unknown] = await chargeRows(bed, enrollmentId);
    expect(unknown!.status).toBe('unknown');
    const retried = await pay(bed, body, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({
      id_payment_charge_transactions: unknown!.id,
      status: 'approved',
      decline_reason: null,
      amount: 25,
    });
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
    expect(await chargeRows(bed, enrollmentId)).toHaveLength(1);
    const again = await pay(bed, body, key);
    expect(again.body.data.id_payment_charge_transactions).toBe(unknown!.id);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('after no answer, a charge the gateway declined answers PAYMENT_DECLINED for that charge without charging again', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed, '0010');
    const key = `declined-${randomUUID()}`;
    bed.switches.chargeFaults.push({ when: 'after', error: noAnswer() });
    const body = { idEnrollment: enrollmentId, ...card, amount: 25 };
    expectFailure(await pay(bed, body, key), 503, 'UPSTREAM_UNAVAILABLE');
    const [charge] = await chargeRows(bed, enrollmentId);
    const retried = await pay(bed, body, key);
    expect(expectFailure(retried, 422, 'PAYMENT_DECLINED').errors).toEqual([
      `id_payment_charge_transactions: ${charge!.id}`,
    ]);
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      { id: charge!.id, status: 'declined', decline_reason: 'This transaction has been declined.' },
    ]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('while the gateway still does not answer, the retry answers 503 and the charge stays unknown', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed, '0019');
    const key = `silent-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 25 };
    expectFailure(await pay(bed, body, key), 503, 'UPSTREAM_UNAVAILABLE');
    const [charge] = await chargeRows(bed, enrollmentId);
    bed.switches.findChargeFaults.set(charge!.reference, noAnswer());
    expectFailure(await pay(bed, body, key), 503, 'UPSTREAM_UNAVAILABLE');
    expect((await chargeRows(bed, enrollmentId)).map((c) => c.status)).toEqual(['unknown']);
    bed.switches.findChargeFaults.clear();
    const answered = await pay(bed, body, key);
    expect(answered.body.data).toMatchObject({
      id_payment_charge_transactions: charge!.id,
      status: 'approved',
    });
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });
});

describe('the Idempotency-Key rules inside the payment (service)', () => {
  it('a key already used for another enrollment or another amount is refused, naming the charge', async () => {
    const first = (await enrollmentOf(bed, '720')).enrollmentId;
    const second = (await enrollmentOf(bed, '720')).enrollmentId;
    const card = await cardOf(bed);
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `service-${randomUUID()}`;
    const paid = await charges.pay(
      companyId,
      bed.session.customerId,
      { idEnrollment: first, ...card, amount: 30 },
      key,
    );
    const reused = {
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [`Idempotency-Key: belongs to charge ${paid.id_payment_charge_transactions}`],
    };
    expect(
      await codeOf(
        charges.pay(companyId, bed.session.customerId, { idEnrollment: second, ...card, amount: 30 }, key),
      ),
    ).toEqual(reused);
    expect(
      await codeOf(
        charges.pay(companyId, bed.session.customerId, { idEnrollment: first, ...card, amount: 30.01 }, key),
      ),
    ).toEqual(reused);
    const same = await charges.pay(
      companyId,
      bed.session.customerId,
      { idEnrollment: first, ...card, amount: 30 },
      key,
    );
    expect(same).toEqual(paid);
    expect(await chargeRows(bed, second)).toEqual([]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('the same key while its charge waits for the gateway answers PAYMENT_IN_PROGRESS', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `pending-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    const slow = gate();
    bed.switches.chargeGate = slow.promise;
    const first = charges.pay(companyId, bed.session.customerId, body, key);
    await expect
      .poll(async () => (await chargeRows(bed, enrollmentId)).map((c) => c.status))
      .toEqual(['pending']);
    expect(await codeOf(charges.pay(companyId, bed.session.customerId, body, key))).toEqual({
      code: 'PAYMENT_IN_PROGRESS',
      details: [],
    });
    slow.open();
    expect(await first).toMatchObject({ status: 'approved' });
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('a declined charge answers PAYMENT_DECLINED again for its key, without charging again', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed, '0010');
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `declined-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    const first = await codeOf(charges.pay(companyId, bed.session.customerId, body, key));
    const [charge] = await chargeRows(bed, enrollmentId);
    const declined = { code: 'PAYMENT_DECLINED', details: [`id_payment_charge_transactions: ${charge!.id}`] };
    expect(first).toEqual(declined);
    expect(await codeOf(charges.pay(companyId, bed.session.customerId, body, key))).toEqual(declined);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('a retry of a payment the gateway answered is answered from its record, without asking the gateway again', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `answered-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    const first = await charges.pay(companyId, bed.session.customerId, body, key);
    const [charge] = await chargeRows(bed, enrollmentId);
    // The gateway no longer answers about this charge: the retry must not need it.
    bed.switches.findChargeFaults.set(charge!.reference, noAnswer());
    expect(await charges.pay(companyId, bed.session.customerId, body, key)).toEqual(first);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('two retries at once of a charge the gateway never made: it is charged once', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `twice-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    bed.switches.chargeFaults.push({ when: 'before', error: noAnswer() });
    expect(await codeOf(charges.pay(companyId, bed.session.customerId, body, key))).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
    });
    const [charge] = await chargeRows(bed, enrollmentId);
    // Both retries ask the gateway about the charge before either records the answer.
    const meeting = barrier(2);
    bed.switches.findChargeGate = meeting.arrive;
    const outcomes = await Promise.allSettled([
      charges.pay(companyId, bed.session.customerId, body, key),
      charges.pay(companyId, bed.session.customerId, body, key),
    ]);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled')
        expect(outcome.value).toMatchObject({
          id_payment_charge_transactions: charge!.id,
          status: 'approved',
        });
      else expect((outcome.reason as ApiError).code).toBe('PAYMENT_IN_PROGRESS');
    }
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([{ id: charge!.id, status: 'approved' }]);
  });

  it('a retry that finds the charge being charged by an earlier retry answers PAYMENT_IN_PROGRESS', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `charging-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    bed.switches.chargeFaults.push({ when: 'before', error: noAnswer() });
    expect(await codeOf(charges.pay(companyId, bed.session.customerId, body, key))).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
    });
    // Both retries find the charge unknown; the second asks the gateway about it only once the first is charging it.
    const slow = gate();
    bed.switches.chargeGate = slow.promise;
    const bothAsking = barrier(2);
    let asked = 0;
    bed.switches.findChargeGate = async () => {
      const turn = ++asked;
      await bothAsking.arrive();
      if (turn === 2)
        while ((await chargeRows(bed, enrollmentId))[0]!.status !== 'pending')
          await new Promise((resolve) => setTimeout(resolve, 5));
    };
    // Which of the two charges is up to the database; the other answers while the charging one waits at the gate.
    const retries = [1, 2].map(() =>
      charges.pay(companyId, bed.session.customerId, body, key).then(
        (charge) => ({ charge }),
        (error: ApiError) => ({ code: error.code, details: error.details }),
      ),
    );
    expect(await Promise.race(retries)).toEqual({ code: 'PAYMENT_IN_PROGRESS', details: [] });
    slow.open();
    const answers = await Promise.all(retries);
    expect(answers.filter((a) => 'charge' in a)).toMatchObject([{ charge: { status: 'approved' } }]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('two identical first payments at once with one key: one is charged, the other answers PAYMENT_IN_PROGRESS', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    // Both get past the look-up of an earlier charge with the key before either records its own.
    const { db, arrived } = waitingAtProfileLookup(bed.api.db.kysely, 2);
    const { companyId, charges } = await chargesServiceOf(bed, db);
    const key = `racing-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    const outcomes = await Promise.allSettled([
      charges.pay(companyId, bed.session.customerId, body, key),
      charges.pay(companyId, bed.session.customerId, body, key),
    ]);
    expect(arrived()).toBe(2);
    expect(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value.status : (o.reason as ApiError).code)).sort(),
    ).toEqual(['PAYMENT_IN_PROGRESS', 'approved']);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
    expect(await chargeRows(bed, enrollmentId)).toHaveLength(1);
  });

  it('a failure other than a gateway without answer while reconciling the retried charge is not turned into 503', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed, '0019');
    const { companyId, charges } = await chargesServiceOf(bed);
    const key = `broken-${randomUUID()}`;
    const body = { idEnrollment: enrollmentId, ...card, amount: 30 };
    expect(await codeOf(charges.pay(companyId, bed.session.customerId, body, key))).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
    });
    const [charge] = await chargeRows(bed, enrollmentId);
    bed.switches.findChargeFaults.set(charge!.reference, new Error('the gateway adapter broke'));
    await expect(charges.pay(companyId, bed.session.customerId, body, key)).rejects.toThrow(
      'the gateway adapter broke',
    );
  });
});

describe('the hosted payment page: one payment per link', () => {
  const linkFor = async (enrollmentId: number) => {
    const ldc = (await enrollmentView(bed, enrollmentId)).service_address.ldc_account;
    const link = await bed.api.call('GET', `/payments/redirect-payment-uri/${enrollmentId}`, {
      token: bed.session.token,
      customerHash: bed.session.customerHash,
      query: {
        ldcNumber: ldc,
        callbackSuccessURL: 'http://localhost:3002/ok',
        callbackErrorURL: 'http://localhost:3002/fail',
        secondsBeforeExpire: 120,
      },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    return link.body.data as string;
  };

  it('a second submission of another amount is refused (IDEMPOTENCY_KEY_REUSED); the same amount answers the first payment', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const url = await linkFor(enrollmentId);
    const first = await submitHostedPayment(url, card.paymentProfileToken, '20.00');
    expect(first.headers.get('location')).toMatch(
      /^http:\/\/localhost:3002\/ok\?transactionId=\d+&amount=20\.00$/,
    );
    const other = await submitHostedPayment(url, card.paymentProfileToken, '21.00');
    expect(other.headers.get('location')).toBe('http://localhost:3002/fail?reason=IDEMPOTENCY_KEY_REUSED');
    const same = await submitHostedPayment(url, card.paymentProfileToken, '20.00');
    expect(same.headers.get('location')).toBe(first.headers.get('location'));
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });

  it('a second submission while the first waits for the gateway goes back with PAYMENT_IN_PROGRESS', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const url = await linkFor(enrollmentId);
    const slow = gate();
    bed.switches.chargeGate = slow.promise;
    const first = submitHostedPayment(url, card.paymentProfileToken, '20.00');
    await expect.poll(async () => (await chargeRows(bed, enrollmentId)).length).toBe(1);
    const second = await submitHostedPayment(url, card.paymentProfileToken, '20.00');
    expect(second.headers.get('location')).toBe('http://localhost:3002/fail?reason=PAYMENT_IN_PROGRESS');
    slow.open();
    expect((await first).headers.get('location')).toMatch(/^http:\/\/localhost:3002\/ok\?/);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toHaveLength(1);
  });
});
