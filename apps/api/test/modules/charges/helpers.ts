import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, expect } from 'vitest';
import { createPaymentGateways } from '../../../src/adapters/payment-gateway/index.js';
import {
  type ChargeRequest,
  type ChargeResult,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../../src/adapters/payment-gateway/port.js';
import type { Database } from '../../../src/db/schema.js';
import { systemClock } from '../../../src/domain/clock.js';
import { createChargesService } from '../../../src/modules/charges/service.js';
import {
  cardEnding,
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  savedCard,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { configuredGatewayOf, sandboxCompanyId } from '../../fixtures/tenants.js';
import { type TestApi, useTestApi } from '../../helpers/app.js';

/**
 * The sandbox gateway with switches a test turns on for the length of one test (and off in `finally`): a charge that
 * waits at a gate, a charge that fails in a given way, a look-up by reference that gets no answer.
 */
export interface GatewaySwitches {
  /** While set, a charge waits for it before reaching the gateway. */
  chargeGate: Promise<void> | null;
  /** Called with each charge before it reaches the gateway (a charge request is seen only once its gate opened). */
  onCharge: ((request: ChargeRequest) => void) | null;
  /** Each entry is used by one charge, in order: `before` throws without charging, `after` charges and then throws. */
  chargeFaults: Array<{ when: 'before' | 'after'; error: Error }>;
  /** References whose look-up (findCharge) fails, and how (a `GatewayUnavailableError` is a gateway without answer). */
  findChargeFaults: Map<string, Error>;
  /** While set, each look-up by reference waits for the promise it returns. */
  findChargeGate: (() => Promise<void>) | null;
  /** While set, asking the gateway about a transaction (transactionDetails) fails this way. */
  transactionDetailsFault: Error | null;
}

export function switchedGateway(switches: GatewaySwitches) {
  return (gateway: PaymentGateway): PaymentGateway => ({
    ...gateway,
    async charge(request) {
      if (switches.chargeGate) await switches.chargeGate;
      switches.onCharge?.(request);
      const fault = switches.chargeFaults.shift();
      if (fault?.when === 'before') throw fault.error;
      const result = await gateway.charge(request);
      if (fault?.when === 'after') throw fault.error;
      return result;
    },
    async findCharge(reference): Promise<ChargeResult | null> {
      if (switches.findChargeGate) await switches.findChargeGate();
      const fault = switches.findChargeFaults.get(reference);
      if (fault) throw fault;
      return gateway.findCharge(reference);
    },
    async transactionDetails(transactionId) {
      if (switches.transactionDetailsFault) throw switches.transactionDetailsFault;
      return gateway.transactionDetails(transactionId);
    },
  });
}

export const noAnswer = () => new GatewayUnavailableError('the gateway did not answer');

/** A barrier: each call waits until `count` calls got there. */
export function barrier(count: number) {
  const waiting: Array<() => void> = [];
  return {
    arrive: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length >= count) for (const go of waiting) go();
      }),
    arrived: () => waiting.length,
  };
}

/**
 * The database as the charges service sees it, where each payment waits after its payment profile look-up (after
 * its first checks, before it records its charge) until `count` payments got there. It waits outside the database
 * connection, so the others go on.
 */
export function waitingAtProfileLookup(db: Kysely<Database>, count: number) {
  const meeting = barrier(count);
  const waitAfterLookup = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'executeTakeFirst')
          return async () => {
            const row = await value.call(target);
            await meeting.arrive();
            return row;
          };
        return (...args: unknown[]) => {
          const next = value.apply(target, args);
          return next && typeof next === 'object' ? waitAfterLookup(next) : next;
        };
      },
    });
  const waiting = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'selectFrom') return typeof value === 'function' ? value.bind(target) : value;
      return (table: string) =>
        table === 'payment_profiles'
          ? waitAfterLookup(target.selectFrom(table))
          : target.selectFrom(table as never);
    },
  });
  return { db: waiting, arrived: meeting.arrived };
}

/** A gate a test opens when it wants the waiting charges to go on. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export interface ChargesTestbed {
  api: TestApi;
  switches: GatewaySwitches;
  session: { token: string; customerHash: string; customerId: number };
  plan: number;
  options: number[];
}

/** The app of one test file, on the switched sandbox gateway, with the sandbox customer logged in. */
export function useChargesTestbed(): ChargesTestbed {
  const switches: GatewaySwitches = {
    chargeGate: null,
    onCharge: null,
    chargeFaults: [],
    findChargeFaults: new Map(),
    findChargeGate: null,
    transactionDetailsFault: null,
  };
  const api = useTestApi({}, { gateway: switchedGateway(switches) });
  const bed = { api, switches } as ChargesTestbed;
  beforeAll(async () => {
    const token = await api.sandboxToken();
    const { customerHash, customerId } = await api.sandboxCustomerHash();
    bed.session = { token, customerHash, customerId };
    bed.plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    bed.options = await requiredOptions(api, token, bed.plan);
  });
  return bed;
}

/** Puts every switch back, whatever the test did. */
export function resetSwitches(switches: GatewaySwitches) {
  switches.chargeGate = null;
  switches.onCharge = null;
  switches.chargeFaults.length = 0;
  switches.findChargeFaults.clear();
  switches.findChargeGate = null;
  switches.transactionDetailsFault = null;
}

/**
 * An enrollment of the sandbox customer. Score 520 makes a $150 deposit due (ON_HOLD_DEPOSIT_PENDING, pay later);
 * 720 needs none (PENDING). `payment` replaces the deposit choice (PayNow, waived…).
 */
export async function enrollmentOf(
  bed: ChargesTestbed,
  score: '520' | '720' = '520',
  payment: Record<string, unknown> = { depositOptions: 'PayLater' },
) {
  const { api, session } = bed;
  const check = await creditCheck(api, session.token, {
    ...(await nameOf(api, { idCustomer: session.customerId })),
    socialSecurityNumber: ssnEnding(score),
    planId: bed.plan,
  });
  const created = await api.call('POST', '/enrollments/create', {
    token: session.token,
    body: enrollmentBody(bed.plan, bed.options, {
      customer: { idCustomer: session.customerId },
      payment: { creditCheckId: check.id_credit_check, ...payment },
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data as { enrollmentId: number; enrollmentStatus: string };
}

/** A card saved through the API for the sandbox customer (a new gateway payment profile each time). */
export async function cardOf(bed: ChargesTestbed, lastFour = '1111') {
  const card = await savedCard(bed.api, bed.session, cardEnding(lastFour));
  return {
    customerProfileToken: card.customer_profile_token,
    paymentProfileToken: card.payment_profile_token,
  };
}

/** POST /payments/pay as the sandbox customer, with an Idempotency-Key when one is given. */
export function pay(bed: ChargesTestbed, body: Record<string, unknown>, idempotencyKey?: string) {
  return bed.api.call('POST', '/payments/pay', {
    token: bed.session.token,
    customerHash: bed.session.customerHash,
    body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

/** A deposit payment (POST /payments/pay with isDepositPayment) of `amount` dollars, $150 by default, on `card`. */
export function payDeposit(
  bed: ChargesTestbed,
  enrollmentId: number,
  card: { customerProfileToken: string; paymentProfileToken: string },
  amount = 150,
) {
  return pay(bed, { idEnrollment: enrollmentId, ...card, amount, isDepositPayment: true });
}

/** The hosted payment page's form posted as a browser would, the redirect it answers not followed. */
export function submitHostedPayment(url: string, paymentProfileToken: string, amount: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ paymentProfileToken, amount }),
  });
}

export async function enrollmentView(bed: ChargesTestbed, enrollmentId: number) {
  const response = await bed.api.call('GET', `/enrollments/${enrollmentId}`, { token: bed.session.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

export async function statusOf(bed: ChargesTestbed, enrollmentId: number): Promise<string> {
  return (await enrollmentView(bed, enrollmentId)).status;
}

export async function depositStatusOf(bed: ChargesTestbed, enrollmentId: number): Promise<string> {
  const row = await bed.api.db.kysely
    .selectFrom('enrollments')
    .select('deposit_status')
    .where('id', '=', enrollmentId)
    .executeTakeFirstOrThrow();
  return row.deposit_status;
}

export function chargeRows(bed: ChargesTestbed, enrollmentId: number) {
  return bed.api.db.kysely
    .selectFrom('charge_transactions')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();
}

/** The charges the gateway made on one payment profile. */
export async function gatewayCharges(bed: ChargesTestbed, paymentProfileToken: string) {
  return bed.api.db.kysely
    .selectFrom('sandbox_gateway_transactions')
    .selectAll()
    .where('kind', '=', 'charge')
    .where('payment_profile_token', '=', paymentProfileToken)
    .execute();
}

/** The charges service of the test app's database, for rules a caller reaches only by racing or retrying. */
export async function chargesServiceOf(bed: ChargesTestbed, db = bed.api.db.kysely) {
  const gateways = createPaymentGateways({
    db: bed.api.db.kysely,
    secretBoxKey: bed.api.app.voltin.keys.secretBox,
    configuredGateway: configuredGatewayOf(bed.api.db.kysely),
  });
  const wrap = switchedGateway(bed.switches);
  return {
    companyId: await sandboxCompanyId(bed.api.db.kysely),
    charges: createChargesService({
      clock: systemClock,
      db,
      enrollments: bed.api.app.voltin.enrollments!,
      gatewayFor: async (companyId) => wrap(await gateways.gatewayFor(companyId)),
      log: bed.api.app.log,
    }),
  };
}

/** The sandbox company's gateway itself, as another system (a phone payment desk) would use it. */
export async function sandboxGatewayOf(bed: ChargesTestbed) {
  return createPaymentGateways({
    db: bed.api.db.kysely,
    secretBoxKey: bed.api.app.voltin.keys.secretBox,
    configuredGateway: configuredGatewayOf(bed.api.db.kysely),
  }).gatewayFor(await sandboxCompanyId(bed.api.db.kysely));
}

/** A charge the sandbox gateway really made outside Voltin (a phone payment, a hosted page): its transaction id. */
export async function chargedAtGateway(
  bed: ChargesTestbed,
  method: { customerProfileToken: string; paymentProfileToken: string },
  amountCents: number,
): Promise<string> {
  const result = await (await sandboxGatewayOf(bed)).charge({
    ...method,
    amountCents,
    reference: `outside-${randomUUID()}`,
    description: 'Phone payment',
  });
  if (!result.transactionId) throw new Error('the sandbox made no transaction');
  return result.transactionId;
}
