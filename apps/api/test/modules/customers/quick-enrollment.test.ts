import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { languageId, login } from './fixtures.js';

const api = useTestApi({ backgroundTasks: false });

const create = async (body: Record<string, unknown>) =>
  api.call('POST', '/customers/create-customer-quick-enrollment', {
    token: await api.sandboxToken(),
    body: {
      firstName: 'Jordan',
      lastName: 'Lee',
      email: 'jordan.lee@example.com',
      primaryPhoneNumber: '+1 (214) 555-0177',
      languageId: await languageId(api, 'en'),
      ...body,
    },
  });

describe('POST /customers/create-customer-quick-enrollment', () => {
  it('creates a customer without a login and returns only its id', async () => {
    const response = await create({});
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data)).toEqual(['customerId']);
    const row = await api.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', response.body.data.customerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_name: null,
      password_hash: null,
      first_name: 'Jordan',
      last_name: 'Lee',
      phone: '2145550177',
      active: 1,
    });
  });

  it('opens a self-service login at once when a username and password are given', async () => {
    const response = await create({
      username: 'Jordan.Lee',
      password: 'Quick-Start-123',
      suscribeMarketingComms: true,
    });
    expect(response.status).toBe(200);
    const { customerId, customerHash, expiresIn } = response.body.data;
    expect(expiresIn).toBeGreaterThan(0);
    const profile = await api.call('GET', `/customers/${customerId}/profile`, {
      token: await api.sandboxToken(),
      customerHash,
    });
    expect(profile.body.data).toMatchObject({ user_name: 'jordan.lee', opted_marketing_coms: true });
    expect((await login(api, 'jordan.lee', 'Quick-Start-123')).body.data.customerId).toBe(customerId);
  });

  it('refuses a username already taken in the company, whatever its case', async () => {
    const failure = expectFailure(
      await create({ username: 'Demo.Customer', password: 'Quick-Start-123' }),
      409,
      'USERNAME_TAKEN',
    );
    expect(failure.message).toMatch(/^username:/);
  });

  it('refuses incomplete or invalid input, naming the field', async () => {
    const half = expectFailure(await create({ username: 'half.login' }), 400, 'VALIDATION_FAILED');
    expect(half.errors).toEqual(['body.password: is required with the other']);
    expect(
      expectFailure(await create({ username: 'ok.name', password: 'weak' }), 422, 'PASSWORD_TOO_WEAK')
        .errors[0],
    ).toMatch(/^password:/);
    expect(expectFailure(await create({ email: 'jordan@' }), 400, 'EMAIL_INVALID').message).toMatch(
      /^email:/,
    );
    expect(expectFailure(await create({ primaryPhoneNumber: '12' }), 400, 'PHONE_INVALID').message).toMatch(
      /^primaryPhoneNumber:/,
    );
    expect(expectFailure(await create({ languageId: 777 }), 422, 'LANGUAGE_NOT_FOUND').message).toMatch(
      /^languageId:/,
    );
    expect(expectFailure(await create({ firstName: undefined }), 400, 'VALIDATION_FAILED').errors).toContain(
      'body.firstName: is required',
    );
  });
});
