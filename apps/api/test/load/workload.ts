import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/client.js';
import { creditCheck, enrollmentBody, planId, requiredOptions, ssnEnding } from '../fixtures/enrollments.js';
import { type ApiResponse, askAgainWhileInUse, SANDBOX, signLogin, type TestApi } from '../helpers/app.js';

/**
 * What an integrator's traffic looks like, on the sandbox company: enrollment-wizard reads, the signed-in customer's
 * own pages, and enrollments created with an Idempotency-Key.
 */

type Call = TestApi['call'];
/** `Offline` makes the sandbox billing system unreachable for the customer. */
type EnrolledLastName = 'Garcia' | 'Offline';

export interface Workload {
  token: string;
  customerId: number;
  customerHash: string;
  utilityId: number;
  plan: number;
  options: number[];
  /**
   * One clean credit check per last name the workload enrolls under, reused by each of its enrollments (a check
   * backs only the person it was run for, at any number of LDC numbers, for 30 days).
   */
  creditCheckIds: Record<EnrolledLastName, number>;
}

async function succeeded(response: Promise<ApiResponse>, what: string) {
  const answer = await response;
  if (answer.status !== 200)
    throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function prepareWorkload(call: Call, db: Db): Promise<Workload> {
  const login = await succeeded(
    call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret) }),
    'sandbox login',
  );
  const token = login.token as string;
  const customer = await succeeded(
    call('POST', '/customers/login', {
      token,
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    }),
    'customer login',
  );
  const api = { db, call };
  const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  const utility = await db.kysely
    .selectFrom('utilities')
    .select('id')
    .where('code', '=', 'ONCOR')
    .executeTakeFirstOrThrow();
  const checkFor = async (lastName: EnrolledLastName) =>
    (await creditCheck(api, token, { lastName, socialSecurityNumber: ssnEnding('720'), planId: plan }))
      .id_credit_check;
  return {
    token,
    customerId: customer.customerId,
    customerHash: customer.customerHash,
    utilityId: utility.id,
    plan,
    options: await requiredOptions(api, token, plan),
    creditCheckIds: { Garcia: await checkFor('Garcia'), Offline: await checkFor('Offline') },
  };
}

/** The enrollment-wizard reads: which utilities serve a zip code, and their plans on sale. */
export function wizardRead(call: Call, work: Workload, sequence: number): Promise<ApiResponse> {
  return sequence % 2 === 0
    ? call('GET', '/utilities', { token: work.token, query: { zipCode: '75201' } })
    : call('GET', '/plans/for-wizard', { token: work.token, query: { ids_utilities: work.utilityId } });
}

/** The signed-in customer's own pages (customer-scoped: the token and the X-Customer-Hash). */
export function customerRead(call: Call, work: Workload, sequence: number): Promise<ApiResponse> {
  const scoped = { token: work.token, customerHash: work.customerHash };
  const pages = [
    `/customers/${work.customerId}/profile`,
    `/customers/${work.customerId}/enrollments`,
    `/notifications/by-customer/${work.customerId}`,
  ];
  return call('GET', pages[sequence % pages.length]!, scoped);
}

/** A new customer's enrollment request; `lastName: 'Offline'` makes the sandbox billing system unreachable for it. */
export function newEnrollment(work: Workload, lastName: EnrolledLastName = 'Garcia') {
  return enrollmentBody(work.plan, work.options, {
    customer: { lastName },
    payment: { creditCheckId: work.creditCheckIds[lastName] },
  });
}

export const idempotencyKey = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

/** One client's create under its key; a resend that finds the first still running (409) asks again for its answer. */
export function createEnrollment(call: Call, work: Workload, body: object, key: string) {
  return askAgainWhileInUse(() =>
    call('POST', '/enrollments/create', {
      token: work.token,
      body,
      headers: { 'idempotency-key': key },
    }),
  );
}

/** The enrollments made under `keys` (an enrollment keeps its key's claim), for checking each key made exactly one. */
export function enrollmentsWithKeys(db: Db, keys: string[]) {
  return db.kysely
    .selectFrom('enrollments')
    .innerJoin('idempotency_keys', (join) =>
      join.on(sql<boolean>`enrollments.idempotency_key = 'idempotency-' || idempotency_keys.id`),
    )
    .select(['enrollments.id', 'enrollments.status', 'idempotency_keys.key as idempotency_key'])
    .where('idempotency_keys.key', 'in', keys.length ? keys : [''])
    .execute();
}
