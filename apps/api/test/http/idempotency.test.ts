import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/adapters/payment-gateway/port.js';
import { IDEMPOTENCY_KEY_TTL_SECONDS, purgeExpiredIdempotencyKeys } from '../../src/http/idempotency.js';
import { readPage } from '../docs/examples.js';
import {
  cardEnding,
  creditCheck,
  creditCheckBody,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
} from '../fixtures/enrollments.js';
import { type ApiResponse, expectFailure, useTestApi } from '../helpers/app.js';
import { manualClock } from '../helpers/clock.js';
import { tokenOnClock } from '../helpers/token-on-clock.js';

/** While `gate` is set, a charge reaches the gateway only once it resolves; `arrived` tells a charge is waiting. */
const held = { gate: null as Promise<void> | null, arrived: () => {}, charges: 0 };
const clock = manualClock(new Date().toISOString());
const api = useTestApi(
  { backgroundTasks: false },
  {
    gateway: (gateway: PaymentGateway): PaymentGateway => ({
      ...gateway,
      async charge(request) {
        held.charges++;
        if (held.gate) {
          held.arrived();
          await held.gate;
        }
        return gateway.charge(request);
      },
    }),
  },
  { clock },
);
let token: string;
let plan: number;
let options: number[];

interface Payer {
  login: { username: string; password: string };
  customerId: number;
  customerHash: string;
  enrollmentId: number;
  card: { customerProfileToken: string; paymentProfileToken: string };
}

/** The API token on the moved clock: the 24-hour test moves it past the life of any token taken before. */
const tokenNow = tokenOnClock(api, clock);

beforeAll(async () => {
  token = await tokenNow();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
});

let payers = 0;

/**
 * A new customer enrolled with a self-service login, logged in, with a card saved through the API (…0010 is declined,
 * …0019 times out after charging).
 */
async function payer(cardLastFour = '1111'): Promise<Payer> {
  token = await tokenNow();
  const login = { username: `payer.${++payers}.${Date.now().toString(36)}`, password: 'Sunny-Day-2026' };
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  const enrolled = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, {
      customer: login,
      payment: { creditCheckId: check.id_credit_check },
    }),
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const session = await api.call('POST', '/customers/login', { token, body: login });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  const { customerId, customerHash } = session.body.data;
  const enrollmentId = enrolled.body.data.enrollmentId as number;
  const saved = await api.call('POST', '/payments/payment-profile', {
    token,
    customerHash,
    body: {
      id_customer: customerId,
      id_payment_type: 1,
      card_number: cardEnding(cardLastFour),
      card_expiration_date: '2030-12',
      card_type: 'Visa',
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { login, customerId, customerHash, enrollmentId, card: saved.body.data };
}

/** After the clock moved on a day: a new API token and a new customer session, as a client would take. */
async function logInAgain(who: Payer): Promise<void> {
  token = await tokenNow();
  const session = await api.call('POST', '/customers/login', { token, body: who.login });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  who.customerHash = session.body.data.customerHash;
}

const pay = (who: Payer, amount: number, key: string) =>
  api.call('POST', '/payments/pay', {
    token,
    customerHash: who.customerHash,
    body: { idEnrollment: who.enrollmentId, ...who.card, amount },
    headers: { 'idempotency-key': key },
  });

const chargesOf = (enrollmentId: number) =>
  api.db.kysely
    .selectFrom('charge_transactions')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .execute();

const gatewayChargesWith = async (reference: string) =>
  (await api.db.kysely.selectFrom('sandbox_gateway_transactions').selectAll().execute()).filter((t) =>
    JSON.stringify(t).includes(reference),
  ).length;

const replayed = (response: ApiResponse) => response.headers.get('idempotent-replayed') === 'true';

describe('Idempotency-Key: scope', () => {
  it('two customers of one company using one key each get their own charge', async () => {
    const [ana, ben] = [await payer(), await payer()];
    const key = `shared-${Date.now()}`;
    const paidByAna = await pay(ana, 25, key);
    const paidByBen = await pay(ben, 40, key);
    expect(paidByAna.status, JSON.stringify(paidByAna.body)).toBe(200);
    expect(paidByBen.status, JSON.stringify(paidByBen.body)).toBe(200);
    expect(replayed(paidByBen)).toBe(false);
    expect(paidByBen.body.data).toMatchObject({
      id_enrollment: ben.enrollmentId,
      amount: 40,
      status: 'approved',
    });
    expect(paidByBen.body.data.id_payment_charge_transactions).not.toBe(
      paidByAna.body.data.id_payment_charge_transactions,
    );
    expect(await chargesOf(ana.enrollmentId)).toHaveLength(1);
    expect(await chargesOf(ben.enrollmentId)).toHaveLength(1);
  });
});

describe('Idempotency-Key: one request per key', () => {
  it('refuses the same key with another body, or on another endpoint, with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const ana = await payer();
    const key = `reuse-${Date.now()}`;
    expect((await pay(ana, 10, key)).status).toBe(200);
    const reused = expectFailure(await pay(ana, 11, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(reused.errors[0]).toContain('headers.idempotency-key');
    expect(await chargesOf(ana.enrollmentId)).toHaveLength(1);

    const accountKey = `reuse-account-${Date.now()}`;
    const checked = await api.call('POST', '/payments/credit-check', {
      token,
      body: creditCheckBody({ socialSecurityNumber: ssnEnding('720'), planId: plan }),
      headers: { 'idempotency-key': accountKey },
    });
    expect(checked.status).toBe(200);
    expectFailure(
      await api.call('POST', '/enrollments/create', {
        token,
        body: enrollmentBody(plan, options, {
          payment: { creditCheckId: checked.body.data.id_credit_check },
        }),
        headers: { 'idempotency-key': accountKey },
      }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('replays the first answer, status and body, with Idempotent-Replayed: true', async () => {
    const ana = await payer();
    const key = `replay-${Date.now()}`;
    const first = await pay(ana, 12.34, key);
    const again = await pay(ana, 12.34, key);
    expect(first.status).toBe(200);
    expect(replayed(first)).toBe(false);
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(first.body);

    // A refusal is an answer too: the same request gets it again, and nothing more is charged.
    const declined = await payer('0010');
    const refused = expectFailure(await pay(declined, 5, key), 422, 'PAYMENT_DECLINED');
    const refusedAgain = await pay(declined, 5, key);
    expect(refusedAgain.status).toBe(422);
    expect(replayed(refusedAgain)).toBe(true);
    expect(refusedAgain.body).toEqual(refused);
    expect(await chargesOf(declined.enrollmentId)).toHaveLength(1);
  });

  it('keys of at most 255 characters: a longer one is 400 naming the header', async () => {
    const ana = await payer();
    const tooLong = expectFailure(await pay(ana, 7, 'k'.repeat(256)), 400, 'VALIDATION_FAILED');
    expect(tooLong.errors).toEqual(['headers.idempotency-key: must NOT have more than 255 characters']);
    expect(await chargesOf(ana.enrollmentId)).toHaveLength(0);
    expect((await pay(ana, 7, 'k'.repeat(255))).status).toBe(200);
  });
});

describe('Idempotency-Key: while the first call is still running', () => {
  it('the same key is 409 IDEMPOTENCY_KEY_IN_USE; once it ends, a retry replays its answer; one gateway charge', async () => {
    const ana = await payer();
    const key = `running-${Date.now()}`;
    let release!: () => void;
    held.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const atGateway = new Promise<void>((resolve) => {
      held.arrived = resolve;
    });
    const chargesBefore = held.charges;
    try {
      const first = pay(ana, 44, key);
      await atGateway;

      const second = expectFailure(await pay(ana, 44, key), 409, 'IDEMPOTENCY_KEY_IN_USE');
      expect(second.message).toContain('still running');

      release();
      const answered = await first;
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(replayed(answered)).toBe(false);
      held.gate = null;

      const third = await pay(ana, 44, key);
      expect(third.status).toBe(200);
      expect(replayed(third)).toBe(true);
      expect(third.body).toEqual(answered.body);
    } finally {
      release();
      held.gate = null;
    }
    expect(held.charges - chargesBefore).toBe(1);
    const charges = await chargesOf(ana.enrollmentId);
    expect(charges).toHaveLength(1);
    expect(await gatewayChargesWith(charges[0]!.reference)).toBe(1);
  });
});

describe('Idempotency-Key: sent many times at once', () => {
  const SENDS = 10;

  /** Exactly one answer ran; every other one found it running (409) or finished (replayed, the same answer). */
  function expectOneRan(responses: ApiResponse[]) {
    const ran = responses.filter((r) => r.status === 200 && !replayed(r));
    expect(ran, JSON.stringify(responses.map((r) => [r.status, r.body.code]))).toHaveLength(1);
    for (const other of responses.filter((r) => r !== ran[0])) {
      if (other.status === 409) expectFailure(other, 409, 'IDEMPOTENCY_KEY_IN_USE');
      else {
        expect(replayed(other)).toBe(true);
        expect(other.body).toEqual(ran[0]!.body);
      }
    }
  }

  it('/payments/pay: one charge, one gateway charge', async () => {
    const ana = await payer();
    const key = `burst-pay-${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: SENDS }, () => pay(ana, 33, key)));
    expectOneRan(responses);
    const charges = await chargesOf(ana.enrollmentId);
    expect(charges).toHaveLength(1);
    expect(await gatewayChargesWith(charges[0]!.reference)).toBe(1);
  });

  it('/enrollments/create: one enrollment', async () => {
    const checked = await api.call('POST', '/payments/credit-check', {
      token,
      body: creditCheckBody({ socialSecurityNumber: ssnEnding('720'), planId: plan }),
    });
    const body = enrollmentBody(plan, options, {
      payment: { creditCheckId: checked.body.data.id_credit_check },
    });
    const key = `burst-create-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: SENDS }, () =>
        api.call('POST', '/enrollments/create', { token, body, headers: { 'idempotency-key': key } }),
      ),
    );
    expectOneRan(responses);
    const created = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('ldc_account', '=', body.serviceAddress.ldcAccount)
      .execute();
    expect(created).toHaveLength(1);
  });
});

describe('Idempotency-Key: kept 24 hours', () => {
  it('after 24 hours the key is free again, and the purge task deletes it', async () => {
    const ana = await payer();
    const key = `day-${Date.now()}`;
    const first = await pay(ana, 20, key);
    expect(first.status).toBe(200);
    clock.advance(IDEMPOTENCY_KEY_TTL_SECONDS - 60);
    await logInAgain(ana);
    expectFailure(await pay(ana, 21, key), 422, 'IDEMPOTENCY_KEY_REUSED');

    clock.advance(61);
    const nextDay = await pay(ana, 21, key);
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(200);
    expect(replayed(nextDay)).toBe(false);
    expect(nextDay.body.data.id_payment_charge_transactions).not.toBe(
      first.body.data.id_payment_charge_transactions,
    );
    expect(await chargesOf(ana.enrollmentId)).toHaveLength(2);

    const keys = () =>
      api.db.kysely.selectFrom('idempotency_keys').select('id').where('key', '=', key).execute();
    clock.advance(IDEMPOTENCY_KEY_TTL_SECONDS + 1);
    await purgeExpiredIdempotencyKeys(api.db.kysely, clock);
    expect(await keys()).toHaveLength(0);
  });
});

describe('Idempotency-Key: an answer of 5xx releases the key', () => {
  it('503 from a gateway that charged then timed out; the retry with the key charges once', async () => {
    const ana = await payer('0019');
    const key = `timeout-${Date.now()}`;
    expectFailure(await pay(ana, 30, key), 503, 'UPSTREAM_UNAVAILABLE');
    const [unknown] = await chargesOf(ana.enrollmentId);
    expect(unknown!.status).toBe('unknown');

    const retried = await pay(ana, 30, key);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(replayed(retried)).toBe(false);
    expect(retried.body.data).toMatchObject({
      status: 'approved',
      id_payment_charge_transactions: unknown!.id,
    });
    const again = await pay(ana, 30, key);
    expect(replayed(again)).toBe(true);
    expect(again.body).toEqual(retried.body);
    expect(await chargesOf(ana.enrollmentId)).toHaveLength(1);
    expect(await gatewayChargesWith(unknown!.reference)).toBe(1);
    // The released key still belongs to its request.
    expectFailure(await pay(ana, 31, key), 422, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('Idempotency-Key: the calls that take it', () => {
  it('are the ones the "Voltin API" page lists, and the API reference shows the header on each', async () => {
    const section = readPage('api-integrations/voltin-api.md')
      .split('## Idempotency\n')[1]!
      .split('\n## ')[0]!;
    const documented = [...section.matchAll(/^\| `(POST \/api\/v1\/[^`]+)` \|/gm)].map((m) => m[1]).sort();
    const openapi = (await api.call('GET', '/Swagger/v1/swagger.json')).body as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const withHeader = Object.entries(openapi.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toHaveLength(13);
    expect(withHeader.sort()).toEqual(documented);
  });
});
