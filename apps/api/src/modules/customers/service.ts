import { epochSeconds } from '../../domain/clock.js';
import { createLoginThrottle } from '../rate-limits/index.js';
import type { CustomersDeps } from './context.js';
import { createLinking } from './linking.js';
import { createNewCustomers } from './new-customers.js';
import { createProfiles } from './profile.js';
import { createRecovery } from './recovery.js';
import { createSessions } from './sessions.js';
import * as store from './store.js';

/**
 * The customers service: self-service logins and sessions, the customer's own record, linked logins, new customers
 * of the enrollment wizard, and recovery of forgotten credentials. Each part lives in its own file.
 */
export function createCustomersService(deps: CustomersDeps) {
  const context = { ...deps, loginThrottle: createLoginThrottle(deps.rateLimiter, deps.config) };
  return {
    ...createSessions(context),
    ...createProfiles(context),
    ...createLinking(context),
    ...createNewCustomers(context),
    ...createRecovery(context),
    async purgeExpired() {
      const now = epochSeconds(deps.clock);
      await store.purgeExpiredSessions(deps.db, now);
      // Reset tokens are kept a day past expiry, so a late click is told "expired" rather than "not valid".
      await store.purgeResetTokens(deps.db, now - 86_400);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
