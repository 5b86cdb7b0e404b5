import { beforeAll, describe, expect, it } from 'vitest';
import { pendingEnrollment, planId, requiredOptions } from '../../fixtures/enrollments.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { newCustomer } from './fixtures.js';

const api = useTestApi();
let token: string;
let customerId: number;
let customerHash: string;
let enrollmentId: number;

const LISTINGS = ['enrollments', 'enrollments-to-change-delivery-method'];

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerId, customerHash } = await api.sandboxCustomerHash());
  const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  enrollmentId = await pendingEnrollment(api, token, {
    plan,
    options: await requiredOptions(api, token, plan),
    customer: { idCustomer: customerId },
  });
});

describe.each(LISTINGS)('GET /customers/{id}/%s (not marked H in the spec)', (listing) => {
  const list = (id: number, hash?: string) =>
    api.call('GET', `/customers/${id}/${listing}`, { token, ...(hash ? { customerHash: hash } : {}) });

  it('a web service account lists any customer of its own company without a hash', async () => {
    const response = await list(customerId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (listing === 'enrollments')
      expect(response.body.data.map((e: { id_enrollment: number }) => e.id_enrollment)).toContain(
        enrollmentId,
      );
  });

  it("another company's customer, or no customer at all, is 404 to the account", async () => {
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, `rival-${listing}`);
    expectFailure(await list(rival.customer!.id), 404, 'NOT_FOUND');
    expectFailure(await list(999_999_999), 404, 'NOT_FOUND');
  });

  it('with a hash the call stays limited to that customer', async () => {
    expect((await list(customerId, customerHash)).status).toBe(200);
    const other = await newCustomer(api);
    expectFailure(await list(other.customerId, customerHash), 403, 'CUSTOMER_FORBIDDEN');
  });
});
