import { describe, expect, it } from 'vitest';
import { expectFailure, SANDBOX, signLogin, useTestApi } from './helpers/app.js';

/** A production server on a database of its own: nothing of the sandbox exists or answers there. */
const production = useTestApi({ mode: 'production' });

describe('production mode', () => {
  it('seeds no sandbox company, account, customer, plan or prospect', async () => {
    const count = async (
      table: 'retail_companies' | 'web_service_accounts' | 'customers' | 'plans' | 'prospects',
    ) =>
      Number(
        (
          await production.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const table of [
      'retail_companies',
      'web_service_accounts',
      'customers',
      'plans',
      'prospects',
    ] as const)
      expect(await count(table), table).toBe(0);
  });

  it('refuses the documented sandbox credentials', async () => {
    const login = await production.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
    });
    expectFailure(login, 401, 'AUTH_INVALID_CREDENTIALS');
  });

  it('serves no sandbox gateway hosted form', async () => {
    for (const page of ['addPayment', 'editPayment']) {
      const response = await fetch(
        `${production.baseUrl}/sandbox-gateway/customer/${page}?token=sbx_hosted_x`,
      );
      expect(response.status, page).toBe(404);
    }
  });

  it('says production on every answer', async () => {
    const health = await production.call('GET', '/health');
    expect(health.headers.get('voltin-environment')).toBe('production');
  });
});
