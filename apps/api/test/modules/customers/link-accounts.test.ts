import { describe, expect, it } from 'vitest';
import { mailerFor } from '../../../src/adapters/mail/index.js';
import { createCustomersService } from '../../../src/modules/customers/index.js';
import { createRateLimiter } from '../../../src/modules/rate-limits/index.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { login, newCustomer } from './fixtures.js';

const api = useTestApi({ backgroundTasks: false });

const link = async (customer: { customerId: number; customerHash: string }, body: unknown) =>
  api.call('POST', `/customers/${customer.customerId}/link-accounts`, {
    token: await api.sandboxToken(),
    customerHash: customer.customerHash,
    body,
  });

describe('POST /customers/{customerId}/link-accounts', () => {
  it('merges the old login into this customer: it is deactivated and its sessions end', async () => {
    const keeper = await newCustomer(api);
    const old = await newCustomer(api);
    const response = await link(keeper, {
      oldUsername: old.username.toUpperCase(),
      oldPassword: old.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      customerId: keeper.customerId,
      linkedCustomerIds: [old.customerId],
    });
    expect(
      await api.db.kysely
        .selectFrom('customer_links')
        .selectAll()
        .where('customer_id', '=', keeper.customerId)
        .execute(),
    ).toHaveLength(1);
    expectFailure(await login(api, old.username, old.password), 401, 'CUSTOMER_LOGIN_FAILED');
    expectFailure(
      await api.call('GET', `/customers/${old.customerId}/profile`, {
        token: await api.sandboxToken(),
        customerHash: old.customerHash,
      }),
      401,
      'CUSTOMER_HASH_INVALID',
    );
    // Linking again fails: the old login no longer signs in.
    expectFailure(
      await link(keeper, { oldUsername: old.username, oldPassword: old.password }),
      401,
      'LINK_CREDENTIALS_INVALID',
    );
  });

  it('carries logins already merged into the old one over to the customer that stays', async () => {
    const keeper = await newCustomer(api);
    const middle = await newCustomer(api);
    const oldest = await newCustomer(api);
    expect((await link(middle, { oldUsername: oldest.username, oldPassword: oldest.password })).status).toBe(
      200,
    );
    const response = await link(keeper, { oldUsername: middle.username, oldPassword: middle.password });
    expect(response.body.data.linkedCustomerIds).toEqual(
      [middle.customerId, oldest.customerId].sort((a, b) => a - b),
    );
  });

  it('lets only one of two logins linking each other at the same moment win, never deactivating both', async () => {
    const first = await newCustomer(api);
    const second = await newCustomer(api);
    const results = await Promise.all([
      link(first, { oldUsername: second.username, oldPassword: second.password }),
      link(second, { oldUsername: first.username, oldPassword: first.password }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const active = await api.db.kysely
      .selectFrom('customers')
      .select('active')
      .where('id', 'in', [first.customerId, second.customerId])
      .execute();
    expect(active.map((r) => r.active).sort()).toEqual([0, 1]);
  });

  it('refuses wrong credentials and an unknown login alike, and linking a login to itself', async () => {
    const keeper = await newCustomer(api);
    const other = await newCustomer(api);
    const wrong = expectFailure(
      await link(keeper, { oldUsername: other.username, oldPassword: 'Not-The-Password-1' }),
      401,
      'LINK_CREDENTIALS_INVALID',
    );
    const unknown = expectFailure(
      await link(keeper, { oldUsername: 'no.such.login', oldPassword: 'Not-The-Password-1' }),
      401,
      'LINK_CREDENTIALS_INVALID',
    );
    expect(wrong.message).toBe(unknown.message);
    expect(
      expectFailure(
        await link(keeper, { oldUsername: keeper.username, oldPassword: keeper.password }),
        422,
        'LINK_SAME_ACCOUNT',
      ).message,
    ).toMatch(/^oldUsername:/);
    expect((await login(api, other.username, other.password)).status).toBe(200);
  });

  it('exposes the linked ids to the enrollment listings through the service', async () => {
    const keeper = await newCustomer(api);
    const old = await newCustomer(api);
    await link(keeper, { oldUsername: old.username, oldPassword: old.password });
    const companyId = (
      await api.db.kysely
        .selectFrom('customers')
        .select('company_id')
        .where('id', '=', keeper.customerId)
        .executeTakeFirstOrThrow()
    ).company_id;
    const service = createCustomersService({
      db: api.db.kysely,
      config: api.app.voltin.config,
      rateLimiter: createRateLimiter(api.db.kysely, api.app.voltin.clock),
      mail: mailerFor(api.app.voltin.config, api.db.kysely, api.app.log),
      clock: api.app.voltin.clock,
    });
    expect(await service.linkedCustomerIds(companyId, keeper.customerId)).toEqual([
      keeper.customerId,
      old.customerId,
    ]);
    expect(await service.linkedCustomerIds(companyId + 1000, keeper.customerId)).toEqual([keeper.customerId]);
  });
});
