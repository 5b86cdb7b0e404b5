import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../src/security/access-tokens.js';
import { createTenant, sandboxCompanyId } from '../fixtures/tenants.js';
import { signLogin, useTestApi } from '../helpers/app.js';

/**
 * Another retail company's account (with its own customer's hash) aims at the sandbox company's real resources on
 * every route that takes an id: nothing is returned or changed, only refusals.
 */
const api = useTestApi();
let rivalToken: string;
let rivalHash: string;
const sandboxIds: Record<string, string> = {};

/** Reference data every company shares (US geography, consent methods): the same answer for everyone. */
const SHARED_REFERENCE = new Set(['listCountiesByState', 'listCitiesByCounty', 'getContactMethod']);

const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, (_m, name: string) => sandboxIds[name] ?? '1');

beforeAll(async () => {
  const db = api.db.kysely;
  const companyId = await sandboxCompanyId(db);
  const demo = await db
    .selectFrom('customers')
    .select('id')
    .where('user_name', '=', 'demo.customer')
    .executeTakeFirstOrThrow();
  const enrollment = await db
    .selectFrom('enrollments')
    .select(['id', 'ldc_account'])
    .where('customer_id', '=', demo.id)
    .executeTakeFirstOrThrow();
  const plan = await db
    .selectFrom('plans')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const prospect = await db
    .selectFrom('prospects')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const brand = await db
    .selectFrom('brands')
    .select('system_name')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  Object.assign(sandboxIds, {
    customerId: String(demo.id),
    enrollmentId: String(enrollment.id),
    enrollId: String(enrollment.id),
    planId: String(plan.id),
    prospectId: String(prospect?.id ?? 1),
    systemName: brand.system_name,
    customerTypeId: '1',
    chargeId: '1',
    notificationId: '1',
    id: '1',
  });
  const rival = await createTenant(db, api.app.voltin.keys, 'rival-power');
  rivalToken = (await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })).body
    .data.token;
  rivalHash = (
    await api.call('POST', '/customers/login', {
      token: rivalToken,
      body: { username: rival.customer!.username, password: rival.customer!.password },
    })
  ).body.data.customerHash;
});

describe('tenant isolation', () => {
  it("never returns or changes another company's resources, on any route that takes an id", async () => {
    const routes = api.app.routeCatalogue.filter(
      (r) => r.access !== 'public' && r.url.includes(':') && !SHARED_REFERENCE.has(r.operationId),
    );
    expect(routes.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const route of routes) {
      const path = concrete(route.url);
      const response = await api.call(route.method, path, {
        token: rivalToken,
        customerHash: rivalHash,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      const refused = response.status >= 400 && response.body?.succeeded === false;
      if (!refused) leaks.push(`${route.method} ${path} answered ${response.status}`);
    }
    console.log(`tenant crossing: ${routes.length} routes tried with another company's credentials`);
    expect(leaks).toEqual([]);
    const demoEnrollment = (
      await api.call('GET', `/enrollments/${sandboxIds.enrollmentId}`, { token: await api.sandboxToken() })
    ).body.data;
    expect(demoEnrollment.status).toBe('ACTIVE');
  });

  it('refuses an expired token on every route that needs one', async () => {
    const account = await api.db.kysely
      .selectFrom('web_service_accounts')
      .select(['id', 'company_id'])
      .where('api_key', '=', 'vlt_demo_key')
      .executeTakeFirstOrThrow();
    const expired = await issueAccessToken(
      api.app.voltin.keys.jwt,
      { accountId: account.id, companyId: account.company_id, sessionId: 'expired-session' },
      -60,
      new Date(),
    );
    for (const route of api.app.routeCatalogue.filter((r) => r.access !== 'public')) {
      const response = await api.call(route.method, concrete(route.url), { token: expired });
      expect({ route: route.operationId, code: response.body.code }).toEqual({
        route: route.operationId,
        code: 'AUTH_TOKEN_EXPIRED',
      });
    }
  });
});
