import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '../../../src/modules/customers/index.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { languageId, login, newCustomer, outboxFor } from './fixtures.js';

const api = useTestApi({ backgroundTasks: false });

const update = async (customer: { customerId: number; customerHash: string }, body: unknown) =>
  api.call('PUT', `/customers/${customer.customerId}`, {
    token: await api.sandboxToken(),
    customerHash: customer.customerHash,
    body,
  });

describe('PUT /customers/{customerId}', () => {
  it('changes contact details and preferences without the password and returns the profile', async () => {
    const customer = await newCustomer(api);
    const spanish = await languageId(api, 'es');
    const response = await update(customer, {
      phone: '(713) 555-0123',
      alternativeEmail: 'casey.work@example.com',
      notificationToAlternativeEmail: true,
      notificationToEmail: false,
      language: spanish,
      opted_marketing_coms: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id_customer: customer.customerId,
      phone: '7135550123',
      alternative_email: 'casey.work@example.com',
      send_to_secondary_email: true,
      send_to_main_email: false,
      id_prefered_language: spanish,
      opted_marketing_coms: true,
    });
    const cleared = await update(customer, { alternativeEmail: null, notificationToAlternativeEmail: false });
    expect(cleared.body.data).toMatchObject({ alternative_email: null, send_to_secondary_email: false });
  });

  it('needs the current password to change username, password or email, and checks it', async () => {
    const customer = await newCustomer(api);
    for (const body of [
      { username: 'new.name.1' },
      { newPassword: 'Another-Pass-42' },
      { email: 'x@example.com' },
    ]) {
      const failure = expectFailure(await update(customer, body), 400, 'CURRENT_PASSWORD_REQUIRED');
      expect(failure.message).toMatch(/^password:/);
    }
    expectFailure(
      await update(customer, { email: 'x@example.com', password: 'wrong-password-1' }),
      401,
      'CURRENT_PASSWORD_INCORRECT',
    );
    // Sending the unchanged username and email (a whole form) needs no password.
    expect(
      (await update(customer, { username: customer.username.toUpperCase(), email: customer.email })).status,
    ).toBe(200);
  });

  it('changes the username (stored in lower case) and the email with the current password', async () => {
    const customer = await newCustomer(api);
    const username = `Renamed.${customer.customerId}`;
    const response = await update(customer, {
      username,
      email: `renamed.${customer.customerId}@example.com`,
      password: customer.password,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.user_name).toBe(username.toLowerCase());
    expect((await login(api, username, customer.password)).status).toBe(200);
    expectFailure(await login(api, customer.username, customer.password), 401, 'CUSTOMER_LOGIN_FAILED');
  });

  it('refuses a username taken by another customer of the company, whatever its case', async () => {
    const customer = await newCustomer(api);
    const failure = expectFailure(
      await update(customer, { username: 'DEMO.Customer', password: customer.password }),
      409,
      'USERNAME_TAKEN',
    );
    expect(failure.message).toMatch(/^username:/);
    expectFailure(
      await update(customer, { username: 'no spaces allowed', password: customer.password }),
      400,
      'USERNAME_INVALID',
    );
  });

  it('applies the password policy and lists every rule broken', async () => {
    const customer = await newCustomer(api);
    const short = expectFailure(
      await update(customer, { newPassword: 'abc', password: customer.password }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    expect(short.errors).toEqual([
      `newPassword: must have at least ${PASSWORD_POLICY.minLength} characters`,
      'newPassword: must contain a digit',
    ]);
    const withName = expectFailure(
      await update(customer, { newPassword: `${customer.username}-9`, password: customer.password }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    expect(withName.errors).toEqual(['newPassword: must not contain the username']);
    expect(
      expectFailure(
        await update(customer, { newPassword: '1234567890123', password: customer.password }),
        422,
        'PASSWORD_TOO_WEAK',
      ).errors,
    ).toEqual(['newPassword: must contain a letter']);
  });

  it("changes the password, ends the customer's other sessions but not the caller's, and emails a notice", async () => {
    const customer = await newCustomer(api);
    const other = (await login(api, customer.username, customer.password)).body.data.customerHash;
    const response = await update(customer, { newPassword: 'Brand-New-Pass-7', password: customer.password });
    expect(response.status).toBe(200);
    const token = await api.sandboxToken();
    const profile = (customerHash: string) =>
      api.call('GET', `/customers/${customer.customerId}/profile`, { token, customerHash });
    expect((await profile(customer.customerHash)).status).toBe(200);
    expectFailure(await profile(other), 401, 'CUSTOMER_HASH_INVALID');
    expectFailure(await login(api, customer.username, customer.password), 401, 'CUSTOMER_LOGIN_FAILED');
    expect((await login(api, customer.username, 'Brand-New-Pass-7')).status).toBe(200);
    const mails = await outboxFor(api, customer.email);
    expect(mails.map((m) => m.template)).toEqual(['password-changed']);
    expect(mails[0]!.text).toContain('Bluebonnet Energy');
    expect(mails[0]!.text).not.toContain('Brand-New-Pass-7');
  });

  it('refuses bad emails, phones, languages and notifications to a missing address, naming the field', async () => {
    const customer = await newCustomer(api);
    expect(
      expectFailure(await update(customer, { alternativeEmail: 'not-an-email' }), 400, 'EMAIL_INVALID')
        .message,
    ).toMatch(/^alternativeEmail:/);
    expect(expectFailure(await update(customer, { phone: '555-12' }), 400, 'PHONE_INVALID').message).toMatch(
      /^phone:/,
    );
    expect(
      expectFailure(await update(customer, { language: 9999 }), 422, 'LANGUAGE_NOT_FOUND').message,
    ).toMatch(/^language:/);
    expect(
      expectFailure(
        await update(customer, { notificationToAlternativeEmail: true }),
        422,
        'NOTIFICATION_EMAIL_MISSING',
      ).message,
    ).toMatch(/^notificationToAlternativeEmail:/);
  });

  it("refuses to update another customer's account", async () => {
    const customer = await newCustomer(api);
    const other = await newCustomer(api);
    expectFailure(
      await api.call('PUT', `/customers/${other.customerId}`, {
        token: await api.sandboxToken(),
        customerHash: customer.customerHash,
        body: { phone: '5125550100' },
      }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});
