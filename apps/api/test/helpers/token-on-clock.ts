import { epochSeconds } from '../../src/domain/clock.js';
import { SANDBOX, signLogin, type TestApi } from './app.js';
import type { ManualClock } from './clock.js';

/**
 * The sandbox's API token on an app whose clock the test moves: signed at the clock's time (a signature is accepted
 * once) and logged in again once the clock has moved ten minutes, well inside the token's life.
 */
export function tokenOnClock(api: Pick<TestApi, 'call'>, clock: ManualClock, address = '192.0.2.1') {
  let cached: { token: string; at: number } | undefined;
  return async (): Promise<string> => {
    const now = clock.now().getTime();
    if (cached && now - cached.at < 600_000) return cached.token;
    const response = await api.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, epochSeconds(clock)),
      headers: { 'x-forwarded-for': address },
    });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    cached = { token: response.body.data.token, at: now };
    return cached.token;
  };
}
