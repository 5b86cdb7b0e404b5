import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { expectFailure, useTestApi } from '../helpers/app.js';
import { productionEnv } from '../helpers/production.js';
import { newCustomer } from '../modules/customers/fixtures.js';

// The test client connects from 127.0.0.1, which is not in this list: its X-Forwarded-For is not believed.
const api = useTestApi({ trustProxy: ['10.0.0.1'] });

const PRODUCTION = productionEnv();

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: a spoofed address escapes no limit', async () => {
    const customer = await newCustomer(api);
    const token = await api.sandboxToken();
    const attempt = (i: number) =>
      api.call('POST', '/customers/login', {
        token,
        body: { username: customer.username, password: 'wrong' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 0; i < 6; i++) expectFailure(await attempt(i), 401, 'CUSTOMER_LOGIN_FAILED');
    const limited = expectFailure(await attempt(6), 429, 'RATE_LIMITED');
    expect(limited.message).toMatch(/try again in \d+ seconds/);
  });

  it('is a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
  });

  it('refuses entries that are not addresses or ranges, naming them', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.internal,10.0.0.0/33' })).toThrow(
      /TRUST_PROXY must be .*"proxy\.internal", "10\.0\.0\.0\/33"/,
    );
  });

  it('refuses true (every hop) in production, and maps it to every address in the sandbox', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['0.0.0.0/0', '::/0']);
  });
});
