import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/security/tokens.js';
import { expectFailure, SANDBOX, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { tokenOnClock } from '../../helpers/token-on-clock.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
/** The API token on the moved clock. */
const tokenNow = tokenOnClock(api, clock);
const customerLogin = async (body: unknown) =>
  api.call('POST', '/customers/login', { token: await tokenNow(), body });

describe('POST /customers/login', () => {
  it('returns the customer id and a customer hash that opens customer-scoped calls', async () => {
    const response = await customerLogin({
      username: SANDBOX.customerUserName,
      password: SANDBOX.customerPassword,
    });
    expect(response.status).toBe(200);
    const { customerId, customerHash, expiresIn } = response.body.data;
    expect(customerId).toEqual(expect.any(Number));
    expect(customerHash.length).toBeGreaterThan(30);
    expect(expiresIn).toBe(12 * 3600);
    const scoped = await api.call('GET', '/configuration-parameters', {
      token: await tokenNow(),
      customerHash,
    });
    expect(scoped.status).toBe(200);
  });

  it('treats the username case-insensitively', async () => {
    const response = await customerLogin({ username: ' Demo.Customer ', password: SANDBOX.customerPassword });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = expectFailure(
      await customerLogin({ username: SANDBOX.customerUserName, password: 'nope' }),
      401,
      'CUSTOMER_LOGIN_FAILED',
    );
    const unknown = expectFailure(
      await customerLogin({ username: 'nobody', password: 'nope' }),
      401,
      'CUSTOMER_LOGIN_FAILED',
    );
    expect(wrong.message).toBe(unknown.message);
  });

  it('stores only a digest of the customer hash', async () => {
    const { customerHash } = (
      await customerLogin({ username: SANDBOX.customerUserName, password: SANDBOX.customerPassword })
    ).body.data;
    const rows = await api.db.kysely.selectFrom('customer_sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256Hex(customerHash));
    expect(rows.map((r) => r.token_hash)).not.toContain(customerHash);
  });

  it('refuses an expired customer hash', async () => {
    const { customerHash } = (
      await customerLogin({ username: SANDBOX.customerUserName, password: SANDBOX.customerPassword })
    ).body.data;
    clock.advance(12 * 3600 + 1); // past the customer hash's 12 hours
    expectFailure(
      await api.call('GET', '/configuration-parameters', { token: await tokenNow(), customerHash }),
      401,
      'CUSTOMER_HASH_INVALID',
    );
  });

  it('refuses a body without username or password', async () => {
    const body = expectFailure(await customerLogin({ username: 'x' }), 400, 'VALIDATION_FAILED');
    expect(body.errors).toContain('body.password: is required');
  });
});
