import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../src/domain/dates.js';
import {
  activateEnrollment,
  freshEsiid,
  letterOfCreditEnrollment,
  pendingEnrollment,
  planId,
  requiredOptions,
  travelTo,
} from '../../fixtures/enrollments.js';
import { type ApiResponse, expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { enrollmentRow, historyOf } from './rules.js';

/*
 * The enrollment calls a self-service site makes for its signed-in customer (not marked H in the spec): a web
 * service account alone acts for any enrollment of its company; with X-Customer-Hash only for that customer's own,
 * and another customer's enrollment is 403 CUSTOMER_FORBIDDEN before anything changes.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({ backgroundTasks: false }, {}, { clock });
type Plan = { id: number; options: number[] };
let fixed12: Plan;
let fixed24: Plan;

beforeAll(async () => {
  const token = await api.sandboxToken();
  const plan = async (name: string) => {
    const id = await planId(api, name);
    return { id, options: await requiredOptions(api, token, id) };
  };
  fixed12 = await plan('Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await plan('Bluebonnet Energy 24-Month Fixed Electric');
});

/** Who calls: the account alone, or the account for the customer of a hash. */
interface Caller {
  token: string;
  customerHash?: string;
}

/** An enrollment in the state a call needs, of a new customer with these fields (a login with `username`). */
type Subject = (customer: Record<string, unknown>) => Promise<number>;

const today = () => dayOf(clock);

const pending: Subject = async (customer) =>
  pendingEnrollment(api, await api.sandboxToken(), { plan: fixed12.id, options: fixed12.options, customer });

/** Service started: the clock moves on to the start date a week later. */
const active: Subject = async (customer) => {
  const id = await pending(customer);
  await activateEnrollment(api, clock, id);
  return id;
};

/** Active and inside its renewal window: the clock moves on to 30 days before the contract ends. */
const renewable: Subject = async (customer) => {
  const id = await active(customer);
  travelTo(clock, addDays((await enrollmentRow(api, id)).contract_end_date!, -30));
  return id;
};

const awaitingLetter: Subject = async (customer) =>
  letterOfCreditEnrollment(api, await api.sandboxToken(), customer);

const letterForm = () => {
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from('%PDF-1.4\n% letter of credit\n')], { type: 'application/pdf' }),
    'letter.pdf',
  );
  return form;
};

async function uploadLetter(id: number, caller: Caller): Promise<ApiResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
  if (caller.customerHash) headers['x-customer-hash'] = caller.customerHash;
  const response = await fetch(`${api.baseUrl}/api/v1/enrollments/${id}/upload-credit-letter`, {
    method: 'POST',
    headers,
    body: letterForm(),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A letter of credit uploaded by the account, waiting for review. */
const withLetter: Subject = async (customer) => {
  const id = await awaitingLetter(customer);
  expect((await uploadLetter(id, { token: await api.sandboxToken() })).status).toBe(200);
  return id;
};

interface Route {
  subject: Subject;
  call: (id: number, caller: Caller) => Promise<ApiResponse>;
}

const ROUTES: Record<string, Route> = {
  'GET /enrollments/{id}': {
    subject: pending,
    call: (id, caller) => api.call('GET', `/enrollments/${id}`, caller),
  },
  'POST /enrollments/{id}/renewal': {
    subject: renewable,
    call: (id, caller) =>
      api.call('POST', `/enrollments/${id}/renewal`, {
        ...caller,
        body: { planId: fixed24.id, agreedAcceptanceValues: fixed24.options },
      }),
  },
  'POST /enrollments/{id}/drop': {
    subject: pending,
    call: (id, caller) =>
      api.call('POST', `/enrollments/${id}/drop`, {
        ...caller,
        body: { effectiveDate: addDays(today(), 1), reasonCodeId: 3 },
      }),
  },
  'POST /enrollments/{id}/transfer-service': {
    subject: active,
    call: (id, caller) =>
      api.call('POST', `/enrollments/${id}/transfer-service`, {
        ...caller,
        body: {
          currentServiceEffectiveDate: addDays(today(), 3),
          newServiceStartDate: addDays(today(), 4),
          serviceAddress: {
            address: '2200 Ross Ave',
            city: 'Dallas',
            state: 'TX',
            zipcode: '75201',
            ldcAccount: freshEsiid(),
          },
        },
      }),
  },
  'POST /enrollments/{id}/update-billing-delivery-method': {
    subject: pending,
    call: (id, caller) =>
      api.call('POST', `/enrollments/${id}/update-billing-delivery-method`, {
        ...caller,
        body: { id_method_delivery: 3 },
      }),
  },
  'GET /enrollments/{id}/enrollments-from-billing-group': {
    subject: pending,
    call: (id, caller) => api.call('GET', `/enrollments/${id}/enrollments-from-billing-group`, caller),
  },
  'GET /enrollments/{id}/pending-credit-letter': {
    subject: withLetter,
    call: (id, caller) => api.call('GET', `/enrollments/${id}/pending-credit-letter`, caller),
  },
  'POST /enrollments/{id}/upload-credit-letter': { subject: awaitingLetter, call: uploadLetter },
};

let loginCounter = 0;

/** Fields of a new customer with a self-service login, and signing that login in (at the clock's time). */
function newLogin() {
  loginCounter++;
  const fields = { username: `own.${loginCounter}.${Date.now().toString(36)}`, password: 'Sunny-Day-2026' };
  const signIn = async (): Promise<Caller> => {
    const token = await api.sandboxToken();
    const response = await api.call('POST', '/customers/login', { token, body: fields });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { token, customerHash: response.body.data.customerHash };
  };
  return { fields, signIn };
}

/** What a refused call must leave as it was: the enrollment, its history and letters, and the enrollments made. */
async function footprint(id: number) {
  const [enrollment, history, letters, count] = await Promise.all([
    enrollmentRow(api, id),
    historyOf(api, id),
    api.db.kysely.selectFrom('credit_letters').selectAll().where('enrollment_id', '=', id).execute(),
    api.db.kysely
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { enrollment, history, letters, enrollments: Number(count.n) };
}

describe.each(Object.entries(ROUTES))('%s', (_route, { subject, call }) => {
  it('acts for the signed-in customer on their own enrollment', async () => {
    const login = newLogin();
    const id = await subject(login.fields);
    const response = await call(id, await login.signIn());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it("refuses another customer's enrollment with 403 CUSTOMER_FORBIDDEN, and changes nothing", async () => {
    const id = await subject({});
    const signedIn = newLogin();
    await pending(signedIn.fields); // the login is opened with an enrollment of its own
    const before = await footprint(id);
    expectFailure(await call(id, await signedIn.signIn()), 403, 'CUSTOMER_FORBIDDEN');
    expect(await footprint(id)).toEqual(before);
  });

  it('lets the web service account alone act on any enrollment of its company', async () => {
    const id = await subject({});
    const response = await call(id, { token: await api.sandboxToken() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe('with X-Customer-Hash', () => {
  it('refuses an unknown or expired hash with 401 CUSTOMER_HASH_INVALID, and an enrollment of no one with 404', async () => {
    const login = newLogin();
    const id = await pending(login.fields);
    const { customerHash } = await login.signIn();
    const token = await api.sandboxToken();
    expect((await api.call('GET', `/enrollments/${id}`, { token, customerHash })).status).toBe(200);
    expectFailure(
      await api.call('GET', `/enrollments/${id}`, { token, customerHash: 'not-a-customer-hash' }),
      401,
      'CUSTOMER_HASH_INVALID',
    );
    expectFailure(await api.call('GET', '/enrollments/987654321', { token, customerHash }), 404, 'NOT_FOUND');
    clock.advance(api.app.voltin.config.customerSessionTtlSeconds + 1);
    const drop = await api.call('POST', `/enrollments/${id}/drop`, {
      token: await api.sandboxToken(),
      customerHash,
      body: { effectiveDate: addDays(today(), 1), reasonCodeId: 3 },
    });
    expectFailure(drop, 401, 'CUSTOMER_HASH_INVALID');
    expect((await enrollmentRow(api, id)).status).toBe('PENDING');
  });
});
