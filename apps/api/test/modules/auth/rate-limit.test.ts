import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, expectFailure, SANDBOX, signLogin, useTestApi } from '../../helpers/app.js';

const LIMIT = 3;
const api = useTestApi({ loginAttemptsPerMinute: LIMIT });

/** Repeats an attempt until it is limited; a minute boundary can reset the window once, hence the margin. */
async function attemptUntilLimited(attempt: () => Promise<ApiResponse>) {
  const seen: ApiResponse[] = [];
  for (let i = 0; i < LIMIT * 3; i++) {
    const response = await attempt();
    seen.push(response);
    if (response.status === 429) break;
  }
  return seen;
}

let token: string;
beforeAll(async () => {
  token = (await api.call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret) }))
    .body.data.token;
});

describe('login rate limiting', () => {
  it('answers 429 with Retry-After once attempts exceed the limit per minute', async () => {
    const seen = await attemptUntilLimited(() =>
      api.call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, 'wrong-secret') }),
    );
    const limited = seen.at(-1)!;
    expectFailure(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(seen.slice(0, -1).every((r) => r.status === 401)).toBe(true);
  });

  it('limits customer login attempts with buckets of their own', async () => {
    const seen = await attemptUntilLimited(() =>
      api.call('POST', '/customers/login', {
        token,
        body: { username: SANDBOX.customerUserName, password: 'wrong' },
      }),
    );
    expectFailure(seen.at(-1)!, 429, 'RATE_LIMITED');
    expect(seen.slice(0, -1).every((r) => r.body.code === 'CUSTOMER_LOGIN_FAILED')).toBe(true);
  });
});
