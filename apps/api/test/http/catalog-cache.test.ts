import { beforeAll, describe, expect, it } from 'vitest';
import { utilityId } from '../fixtures/enrollments.js';
import { setPlans } from '../fixtures/operator.js';
import { createTenant } from '../fixtures/tenants.js';
import { signLogin, useTestApi } from '../helpers/app.js';

/**
 * Plan-shopping answers are cached per node; every write to the catalogue, from any node or tool (here: straight
 * SQL, as an administrator or an importer would), shows in the next answer.
 */
const api = useTestApi();
let token: string;
let oncor: number;
const wizard = () =>
  api.call('GET', '/plans/for-wizard', { token, query: { ids_utilities: oncor, customer_type: 1 } });
const fixedPlan = (plans: Array<{ id_plan: number; name: string; description: string }>) =>
  plans.find((p) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric');

beforeAll(async () => {
  token = await api.sandboxToken();
  oncor = await utilityId(api, 'ONCOR');
});

describe('cached plan-shopping answers', () => {
  it('are the same answer, byte for byte, while the catalogue is unchanged', async () => {
    const first = await wizard();
    const second = await wizard();
    expect(first.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.body).toEqual(first.body);
  });

  it('show a plan changed in the database at the next call', async () => {
    const before = fixedPlan((await wizard()).body.data)!;
    const id = before.id_plan;
    await setPlans(api.db.kysely, id, { description: `${before.description} Now with a welcome gift.` });
    expect(fixedPlan((await wizard()).body.data)!.description).toMatch(/welcome gift/);
    expect((await api.call('GET', `/plans/${id}`, { token })).body.data.description).toMatch(/welcome gift/);
  });

  it('drop a plan taken off sale and follow new delivery charges', async () => {
    const before = fixedPlan((await wizard()).body.data)!;
    // No operator tool edits delivery charges yet: an importer's straight SQL.
    await api.db.kysely
      .updateTable('utility_delivery_charges')
      .set((eb) => ({ charge: eb('charge', '+', 1) }))
      .where('utility_id', '=', oncor)
      .execute();
    expect(fixedPlan((await wizard()).body.data)).not.toEqual(before);
    await setPlans(api.db.kysely, before.id_plan, { published: 0 });
    expect(fixedPlan((await wizard()).body.data)).toBeUndefined();
  });

  it("never answer one company with another's", async () => {
    const query = { zipCode: '75201' };
    const ours = await api.call('GET', '/utilities', { token, query });
    expect(ours.body.data.map((u: { code: string }) => u.code)).toContain('ONCOR');
    const tenant = await createTenant(api.db.kysely, api.app.voltin.keys, 'cached-elsewhere');
    const login = await api.call('POST', '/auth/login', { query: signLogin(tenant.apiKey, tenant.secret) });
    const theirs = await api.call('GET', '/utilities', { token: login.body.data.token, query });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
  });
});
