import { describe, expect, it } from 'vitest';
import { seal } from '../../../src/security/secret-box.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { newCustomer } from './fixtures.js';

const api = useTestApi({ backgroundTasks: false });

describe('GET /customers/{customerId}/profile', () => {
  it("returns the spec's profile fields with SSN and driver's licence masked and no password data", async () => {
    const { customerId, customerHash } = await api.sandboxCustomerHash();
    // As an imported record holds them: no API call stores an SSN or licence on an existing customer.
    await api.db.kysely
      .updateTable('customers')
      .set({
        ssn_sealed: seal(api.app.voltin.keys.secretBox, '123-45-6789'),
        ssn_last4: '6789',
        drivers_license_sealed: seal(api.app.voltin.keys.secretBox, 'TX98761234'),
        drivers_license_last4: '1234',
        drivers_license_state_code: 'TX',
      })
      .where('id', '=', customerId)
      .execute();
    const response = await api.call('GET', `/customers/${customerId}/profile`, {
      token: await api.sandboxToken(),
      customerHash,
    });
    expect(response.status).toBe(200);
    const profile = response.body.data;
    expect(profile).toMatchObject({
      id_customer: customerId,
      user_name: 'demo.customer',
      first_name: 'Dana',
      last_name: 'Demo',
      customer_name: 'Dana Demo',
      active: true,
      email: 'demo.customer@bluebonnet-energy.example',
      send_to_main_email: true,
      send_to_secondary_email: false,
      ssn: '***-**-6789',
      drivers_license_number: '*****1234',
      drivers_license_state_code: 'TX',
      opted_marketing_coms: false,
    });
    expect(Object.keys(profile).sort()).toEqual(
      [
        'id_customer',
        'user_name',
        'first_name',
        'last_name',
        'phone',
        'active',
        'email',
        'alternative_email',
        'send_to_main_email',
        'send_to_secondary_email',
        'ssn',
        'cell_number',
        'employer_name',
        'drivers_license_number',
        'drivers_license_state_code',
        'fax_num',
        'firm_name',
        'contact_name',
        'customer_name',
        'business_name',
        'other_phone',
        'id_primary_phone_type',
        'id_other_phone_type',
        'id_prefered_language',
        'opted_marketing_coms',
        'disabled_bank_accounts_date',
      ].sort(),
    );
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('123-45-6789');
    expect(text).not.toContain('TX98761234');
    expect(text).not.toContain('scrypt');
  });

  it('answers null for an SSN or licence that was never given', async () => {
    const customer = await newCustomer(api);
    const response = await api.call('GET', `/customers/${customer.customerId}/profile`, {
      token: await api.sandboxToken(),
      customerHash: customer.customerHash,
    });
    expect(response.body.data).toMatchObject({
      ssn: null,
      drivers_license_number: null,
      phone: '5125550142',
    });
  });

  it("refuses another customer's profile", async () => {
    const other = await newCustomer(api);
    const { customerHash } = await api.sandboxCustomerHash();
    expectFailure(
      await api.call('GET', `/customers/${other.customerId}/profile`, {
        token: await api.sandboxToken(),
        customerHash,
      }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});
