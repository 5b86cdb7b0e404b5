import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cardEnding,
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  sandboxDepositProfile,
  ssnEnding,
} from '../fixtures/enrollments.js';
import type { ApiResponse } from '../helpers/app.js';
import { askAgainWhileInUse, useTestApi } from '../helpers/app.js';
import { controllableGateway } from './faulty-adapters.js';
import { expectNothingHalfWritten, runLoad, runTask, Tally, type Watermark, watermark } from './harness.js';

/*
 * Deposits and payments under load while the payment gateway charges and then fails to answer (the call times out
 * after the money moved). No charge may be made twice, whether the client retries with its Idempotency-Key, the
 * reconciliation task asks the gateway meanwhile, or both at once.
 */
const gateway = controllableGateway();
const api = useTestApi({ backgroundTasks: false }, { gateway: gateway.wrap });
let token: string;
let plan: number;
let options: number[];
/** A score under the plan's deposit threshold: every enrollment owes the deposit. */
let depositCheckId: number;

const CONCURRENCY = 10;
const DEPOSIT_CENTS = 15_000;

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: plan });
  expect(check.deposit_required).toBe(true);
  depositCheckId = check.id_credit_check;
});

// A failed run must not leave its fault on for the next.
afterEach(() => {
  gateway.timeoutAfterCharge = false;
});

/** The fault is on for the middle half of a run of `count` jobs, flipped while earlier ones are in flight. */
function flipFaultAt(index: number, count: number): void {
  if (index === count / 4) gateway.timeoutAfterCharge = true;
  if (index === (count * 3) / 4) gateway.timeoutAfterCharge = false;
}

/** Time passes: the reconciliation task asks the gateway about every charge that got no answer. */
async function reconcileAll(since: Watermark): Promise<void> {
  const unanswered = () =>
    api.db.kysely
      .selectFrom('charge_transactions')
      .select('id')
      .where('id', '>', since.charge)
      .where('status', '=', 'unknown')
      .execute();
  for (let round = 0; round < 10 && (await unanswered()).length > 0; round++) {
    await makeReconcilable(since.charge);
    await runTask(api, 'reconcile-charges');
  }
  expect(await unanswered(), 'charges never reconciled').toEqual([]);
}

/** Backdates unanswered charges past the delay the task gives the gateway to settle them. */
async function makeReconcilable(sinceCharge: number, chargeId?: number): Promise<void> {
  let query = api.db.kysely
    .updateTable('charge_transactions')
    .set({ updated_at: new Date(Date.now() - 3_600_000).toISOString() })
    .where('id', '>', sinceCharge)
    .where('status', '=', 'unknown');
  if (chargeId !== undefined) query = query.where('id', '=', chargeId);
  await query.execute();
}

/** What the gateway itself holds: its charges per reference (the charge the gateway made, not what we recorded). */
async function gatewayCharges(references: string[]): Promise<Map<string, number[]>> {
  const rows = await api.db.kysely
    .selectFrom('sandbox_gateway_transactions')
    .select(['reference', 'amount_cents'])
    .where('kind', '=', 'charge')
    .where('status', '=', 'approved')
    .where('reference', 'in', references.length ? references : [''])
    .execute();
  const byReference = new Map<string, number[]>();
  for (const row of rows)
    byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row.amount_cents]);
  return byReference;
}

/** Each enrollment's deposit: exactly one approved charge with us, made once at the gateway, for the deposit due. */
async function expectEachDepositChargedOnce(enrollmentIds: number[]): Promise<void> {
  const deposits = await api.db.kysely
    .selectFrom('charge_transactions')
    .select(['enrollment_id', 'reference', 'status', 'amount_cents'])
    .where('enrollment_id', 'in', enrollmentIds)
    .where('transaction_type', '=', 'DEPOSIT')
    .execute();
  const charged = await gatewayCharges(deposits.map((d) => d.reference));
  for (const id of enrollmentIds) {
    const own = deposits.filter((d) => d.enrollment_id === id);
    expect(
      own.filter((d) => d.status === 'approved'),
      `enrollment ${id}: approved deposits`,
    ).toHaveLength(1);
    const atGateway = own.flatMap((d) => charged.get(d.reference) ?? []);
    expect(atGateway, `enrollment ${id}: deposits charged at the gateway`).toEqual([DEPOSIT_CENTS]);
  }
}

async function statusesOf(ids: number[]) {
  return api.db.kysely
    .selectFrom('enrollments')
    .select(['id', 'status', 'deposit_status'])
    .where('id', 'in', ids)
    .execute();
}

describe('deposits charged during enrollment create, the gateway timing out after charging', () => {
  it('holds each as ON_HOLD_DEPOSIT_PENDING, charged once, and releases it when reconciled', async () => {
    const CREATES = 100;
    const since = await watermark(api.db);
    const injectedBefore = gateway.injected;
    const tally = new Tally();
    /** Each enrollment's answers: two for a retried request, the replay's taken while the first was charging. */
    const answered = new Map<number, string[]>();
    let retriedClients = 0;

    await runLoad(CREATES, CONCURRENCY, async (i) => {
      flipFaultAt(i, CREATES);
      const body = enrollmentBody(plan, options, {
        payment: {
          creditCheckId: depositCheckId,
          depositOptions: 'PayNow',
          ...(await sandboxDepositProfile(api, '1111')),
        },
      });
      const headers = { 'idempotency-key': `deposit-create-${i}` };
      // A resend that finds the first still running (409) asks again until it gets the first's answer.
      const send = () =>
        askAgainWhileInUse(() => api.call('POST', '/enrollments/create', { token, body, headers }));
      // Every fourth client sends its request again while the first is in flight, as after a lost answer.
      const retried = i % 4 === 0;
      if (retried) retriedClients++;
      const responses = retried ? await Promise.all([send(), send()]) : [await send()];
      for (const response of responses) {
        tally.count(response, response.body.data?.enrollmentStatus);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      }
      expect(new Set(responses.map((r) => r.body.data.enrollmentId)).size).toBe(1);
      answered.set(
        responses[0]!.body.data.enrollmentId,
        responses.map((r) => r.body.data.enrollmentStatus),
      );
    });
    gateway.timeoutAfterCharge = false;
    const injected = gateway.injected - injectedBefore;
    expect(injected).toBeGreaterThan(0);

    // Right after the run: each charge whose answer was lost holds its enrollment, marked for reconciliation.
    const ids = [...answered.keys()];
    const unknown = await api.db.kysely
      .selectFrom('charge_transactions')
      .select('enrollment_id')
      .where('id', '>', since.charge)
      .where('status', '=', 'unknown')
      .execute();
    expect(unknown).toHaveLength(injected);
    const held = new Set(unknown.map((c) => c.enrollment_id));
    for (const e of await statusesOf(ids)) {
      if (held.has(e.id))
        expect(e).toMatchObject({ status: 'ON_HOLD_DEPOSIT_PENDING', deposit_status: 'pending' });
      else expect(e.status, `enrollment ${e.id}`).toBe('PENDING');
    }
    for (const [id, statuses] of answered) {
      if (held.has(id))
        expect(statuses, `enrollment ${id}`).toEqual(statuses.map(() => 'ON_HOLD_DEPOSIT_PENDING'));
      else expect(statuses, `enrollment ${id}`).toContain('PENDING');
    }

    await reconcileAll(since);
    for (const e of await statusesOf(ids))
      expect(e, `enrollment ${e.id}`).toMatchObject({ status: 'PENDING', deposit_status: 'paid' });
    const created = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('id', '>', since.enrollment)
      .execute();
    expect(
      created.map((e) => e.id).sort((a, b) => a - b),
      'one enrollment per client',
    ).toEqual(ids.sort((a, b) => a - b));
    await expectEachDepositChargedOnce(ids);
    await expectNothingHalfWritten(api.db, since);
    tally.report('gateway timeout after charging, deposit during enrollment create', injected, {
      'clients retrying with one Idempotency-Key': retriedClients,
      'held then released by reconciliation': held.size,
    });
  });
});

/** The client's retry with its own key, while the reconciliation task asks the gateway about the same charge. */
async function retryWhileReconciling(enrollmentId: number, pay: (key: string) => Promise<ApiResponse>) {
  const key = `deposit-${enrollmentId}`;
  const charge = await api.db.kysely
    .selectFrom('charge_transactions')
    .select('id')
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'unknown')
    .executeTakeFirstOrThrow();
  await makeReconcilable(0, charge.id);
  const [retry] = await Promise.all([pay(key), runTask(api, 'reconcile-charges')]);
  return retry;
}

describe('POST /payments/pay, the gateway timing out after charging', () => {
  it('answers 503, never charges twice on a retry or a new attempt, and settles each payment', async () => {
    const PAYMENTS = 80;
    const { customerHash, customerId } = await api.sandboxCustomerHash();
    const asCustomer = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      api.call('POST', path, { token, customerHash, body, headers });
    const card = (
      await asCustomer('/payments/payment-profile', {
        id_customer: customerId,
        id_payment_type: 1,
        card_number: cardEnding('1111'),
        card_expiration_date: '2030-12',
        card_type: 'Visa',
      })
    ).body.data as { customerProfileToken: string; paymentProfileToken: string };
    const tally = new Tally();
    // The customer's enrollments, each with its deposit to pay later, on a check run for this customer.
    const customersCheck = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('520'),
      planId: plan,
    });
    const enrollments: number[] = [];
    await runLoad(PAYMENTS, CONCURRENCY, async () => {
      const created = await api.call('POST', '/enrollments/create', {
        token,
        body: enrollmentBody(plan, options, {
          customer: { idCustomer: customerId },
          payment: { creditCheckId: customersCheck.id_credit_check, depositOptions: 'PayLater' },
        }),
      });
      tally.count(created, created.body.data?.enrollmentStatus);
      expect(created.body.data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
      enrollments.push(created.body.data.enrollmentId);
    });

    const since = await watermark(api.db);
    const injectedBefore = gateway.injected;
    const settled = new Map<number, ApiResponse>();
    let retriedClients = 0;
    let impatientClients = 0;
    await runLoad(PAYMENTS, CONCURRENCY, async (i) => {
      flipFaultAt(i, PAYMENTS);
      const enrollmentId = enrollments[i]!;
      const deposit = {
        idEnrollment: enrollmentId,
        ...card,
        amount: DEPOSIT_CENTS / 100,
        isDepositPayment: true,
      };
      const pay = (key: string) => asCustomer('/payments/pay', deposit, { 'idempotency-key': key });
      const first = await pay(`deposit-${enrollmentId}`);
      tally.count(first, first.body.data?.status);
      if (first.status !== 503) {
        settled.set(enrollmentId, first);
        return;
      }
      expect(first.body.code).toBe('UPSTREAM_UNAVAILABLE');
      // Half the clients retry with their key while the reconciliation task asks the gateway about the same charge;
      // the other half give up on the key and pay again at once with a new one, before anything is reconciled.
      const impatient = i % 2 === 1;
      if (impatient) impatientClients++;
      else retriedClients++;
      const retry = impatient
        ? await pay(`deposit-${enrollmentId}-again`)
        : await retryWhileReconciling(enrollmentId, pay);
      tally.count(retry, retry.body.data?.status);
      settled.set(enrollmentId, retry);
    });
    gateway.timeoutAfterCharge = false;
    const injected = gateway.injected - injectedBefore;
    expect(injected).toBeGreaterThan(0);
    await reconcileAll(since);

    for (const [id, response] of settled) {
      // A payment is approved, or refused because the deposit it would pay is paid already or still being charged.
      if (response.status === 200)
        expect(response.body.data, `enrollment ${id}`).toMatchObject({ status: 'approved' });
      else
        expect(['DEPOSIT_NOT_DUE', 'PAYMENT_IN_PROGRESS'], `enrollment ${id}`).toContain(response.body.code);
    }
    for (const e of await statusesOf(enrollments))
      expect(e, `enrollment ${e.id}`).toMatchObject({ status: 'PENDING', deposit_status: 'paid' });
    await expectEachDepositChargedOnce(enrollments);
    await expectNothingHalfWritten(api.db, since);
    tally.report('gateway timeout after charging, POST /payments/pay deposits', injected, {
      'clients retrying with their Idempotency-Key': retriedClients,
      'clients paying again with a new key': impatientClients,
    });
  });
});
