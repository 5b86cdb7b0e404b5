import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, sandboxCompanyId } from '../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../helpers/app.js';

const api = useTestApi();

/** Routes anyone may call: everything else must refuse callers without a token or a permission. */
const PUBLIC_OPERATIONS = [
  'downloadDocument',
  // A published plan's documents and the market's notices, public by law, at the addresses plan listings keep.
  'downloadListedDocument',
  'authLogin',
  'authRefresh',
  // Ends a login by its refresh token, which works like authRefresh's: an expired access token must not stop a logout.
  'authLogout',
  'health',
  'healthReady',
  'downloadFile',
  'receiveDocusignWebhook',
];

/**
 * Routes a web service account calls alone for its whole company, or with X-Customer-Hash for that customer only:
 * the customer listings and enrollment calls the spec does not mark H, which a self-service site makes for its
 * signed-in customer, and the charge records the billing integration writes.
 */
const ACCOUNT_OR_CUSTOMER_OPERATIONS = [
  'listCustomerEnrollments',
  'listEnrollmentsForDeliveryMethodChange',
  'getEnrollment',
  'renewEnrollment',
  'dropEnrollment',
  'transferService',
  'updateBillingDeliveryMethod',
  'listBillingGroupEnrollments',
  'getPendingCreditLetter',
  'uploadCreditLetter',
  'createChargeTransaction',
  'updateChargeTransaction',
];

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

async function tokenFor(apiKey: string, secret: string) {
  const response = await api.call('POST', '/auth/login', { query: signLogin(apiKey, secret) });
  expect(response.status).toBe(200);
  return response.body.data.token as string;
}

let unpermittedToken: string;
let foreignCustomerHash: string;
let sandboxToken: string;

beforeAll(async () => {
  const companyId = await sandboxCompanyId(api.db.kysely);
  const unpermitted = await createAccount(api.db.kysely, api.app.voltin.keys, {
    companyId,
    apiKey: 'vlt_unpermitted',
    permissions: ['someOtherOperation'],
  });
  unpermittedToken = await tokenFor(unpermitted.apiKey, unpermitted.secret);
  const other = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-power');
  const otherToken = await tokenFor(other.apiKey, other.secret);
  const login = await api.call('POST', '/customers/login', {
    token: otherToken,
    body: { username: other.customer!.username, password: other.customer!.password },
  });
  foreignCustomerHash = login.body.data.customerHash;
  sandboxToken = await api.sandboxToken();
});

describe('every registered route', () => {
  it('has an operationId, and only the expected ones are public', () => {
    const routes = api.app.routeCatalogue;
    expect(routes.length).toBeGreaterThan(10);
    const publicOps = routes.filter((r) => r.access === 'public').map((r) => r.operationId);
    expect(publicOps.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    expect(new Set(routes.map((r) => r.operationId)).size).toBe(routes.length);
  });

  it('lets an account call only the expected ones with or without a customer hash', () => {
    const either = api.app.routeCatalogue.filter((r) => r.access === 'account-or-customer');
    expect(either.map((r) => r.operationId).sort()).toEqual([...ACCOUNT_OR_CUSTOMER_OPERATIONS].sort());
  });

  it('refuses a call without a token', async () => {
    for (const route of api.app.routeCatalogue.filter((r) => r.access !== 'public')) {
      const response = await api.call(route.method, concrete(route.url));
      expect({ route: route.operationId, code: response.body.code, status: response.status }).toEqual({
        route: route.operationId,
        code: 'AUTH_REQUIRED',
        status: 401,
      });
    }
  });

  it("refuses an account that lacks the route's permission", async () => {
    for (const route of api.app.routeCatalogue.filter((r) => r.access !== 'public')) {
      const response = await api.call(route.method, concrete(route.url), { token: unpermittedToken });
      expect({ route: route.operationId, code: response.body.code }).toEqual({
        route: route.operationId,
        code: 'PERMISSION_DENIED',
      });
      expect(response.status).toBe(403);
    }
  });

  it('refuses customer-scoped calls without a customer hash, or with another company customer hash', async () => {
    for (const route of api.app.routeCatalogue.filter((r) => r.access === 'customer')) {
      const path = concrete(route.url);
      expectFailure(
        await api.call(route.method, path, { token: sandboxToken }),
        401,
        'CUSTOMER_HASH_REQUIRED',
      );
      expectFailure(
        await api.call(route.method, path, { token: sandboxToken, customerHash: foreignCustomerHash }),
        401,
        'CUSTOMER_HASH_INVALID',
      );
    }
  });

  it('refuses account-or-customer calls with another company customer hash', async () => {
    for (const route of api.app.routeCatalogue.filter((r) => r.access === 'account-or-customer')) {
      expectFailure(
        await api.call(route.method, concrete(route.url), {
          token: sandboxToken,
          customerHash: foreignCustomerHash,
        }),
        401,
        'CUSTOMER_HASH_INVALID',
      );
    }
  });
});

/** Plan shopping's reads, which a site calls before anyone is a customer: the web service account alone. */
const PLAN_SHOPPING_OPERATIONS = ['listPlansForWizard', 'estimatePlanBills', 'listPlanStartDates'];

describe('plan shopping', () => {
  it('is read with the web service account, no customer hash', () => {
    const access = api.app.routeCatalogue
      .filter((r) => PLAN_SHOPPING_OPERATIONS.includes(r.operationId))
      .map((r) => [r.operationId, r.access]);
    expect(Object.fromEntries(access)).toEqual(
      Object.fromEntries(PLAN_SHOPPING_OPERATIONS.map((id) => [id, 'account'])),
    );
  });
});

describe('an account permitted for one operation only', () => {
  it('may call that operation and nothing else', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const narrow = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_states_only',
      permissions: ['listStates'],
    });
    const token = await tokenFor(narrow.apiKey, narrow.secret);
    expect((await api.call('GET', '/states', { token })).status).toBe(200);
    expectFailure(await api.call('GET', '/brands', { token }), 403, 'PERMISSION_DENIED');
  });
});
