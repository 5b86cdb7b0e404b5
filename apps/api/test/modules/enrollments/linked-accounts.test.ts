import { describe, expect, it } from 'vitest';
import {
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { useTestApi } from '../../helpers/app.js';
import { newCustomer } from '../customers/fixtures.js';

const api = useTestApi();

describe('logins merged with link-accounts', () => {
  it("bring their enrollments to the surviving login's listing and ownership checks", async () => {
    const token = await api.sandboxToken();
    const keeper = await newCustomer(api);
    const old = await newCustomer(api);
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: old.customerId })),
      socialSecurityNumber: ssnEnding('720'),
      planId: plan,
    });
    const oldEnrollment = (
      await api.call('POST', '/enrollments/create', {
        token,
        body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
          customer: { idCustomer: old.customerId },
          payment: { creditCheckId: check.id_credit_check },
        }),
      })
    ).body.data.enrollmentId;
    const before = await api.call('GET', `/customers/${keeper.customerId}/enrollments`, {
      token,
      customerHash: keeper.customerHash,
    });
    expect(before.body.data).toEqual([]);
    const linked = await api.call('POST', `/customers/${keeper.customerId}/link-accounts`, {
      token,
      customerHash: keeper.customerHash,
      body: { oldUsername: old.username, oldPassword: old.password },
    });
    expect(linked.status).toBe(200);
    const after = await api.call('GET', `/customers/${keeper.customerId}/enrollments`, {
      token,
      customerHash: keeper.customerHash,
    });
    expect(after.body.data.map((e: { id_enrollment: number }) => e.id_enrollment)).toEqual([oldEnrollment]);
    const history = await api.call('GET', `/payments/history-by-enrollment/${oldEnrollment}`, {
      token,
      customerHash: keeper.customerHash,
    });
    expect(history.status).toBe(200);
    const read = await api.call('GET', `/enrollments/${oldEnrollment}`, {
      token,
      customerHash: keeper.customerHash,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
  });
});
