import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, epochSeconds } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import type { CustomerSession } from '../../security/callers.js';
import { newOpaqueToken, sha256Hex } from '../../security/tokens.js';
import type { CustomersContext } from './context.js';
import { opensLogin } from './passwords.js';
import { normalizeUserName } from './rules.js';
import type { CustomerAuthResult, CustomerLoginBody } from './schemas.js';
import * as store from './store.js';

/** Opens a self-service session; the customer hash it answers is the session's only copy of its token. */
export async function openSession(
  { config, clock }: { config: Config; clock: Clock },
  executor: Kysely<Database>,
  companyId: number,
  customerId: number,
): Promise<Static<typeof CustomerAuthResult>> {
  const customerHash = newOpaqueToken();
  await store.insertSession(executor, {
    tokenHash: sha256Hex(customerHash),
    companyId,
    customerId,
    expiresAt: epochSeconds(clock) + config.customerSessionTtlSeconds,
    createdAt: clock.now().toISOString(),
  });
  return { customerId, customerHash, expiresIn: config.customerSessionTtlSeconds };
}

/** Self-service login, and the session a customer hash stands for. */
export function createSessions({ db, config, clock, loginThrottle }: CustomersContext) {
  async function login(
    companyId: number,
    input: Static<typeof CustomerLoginBody>,
    ip: string,
  ): Promise<Static<typeof CustomerAuthResult>> {
    const userName = normalizeUserName(input.username);
    const attempt = await loginThrottle.attempt(`customer-login:${companyId}`, userName, ip);
    const customer = await store.findLoginByUserName(db, companyId, userName);
    const valid = await opensLogin(config, customer, input.password);
    if (!customer || !valid)
      throw new ApiError('CUSTOMER_LOGIN_FAILED', 'The username or password is not correct.');
    await attempt.succeeded();
    return openSession({ config, clock }, db, companyId, customer.id);
  }

  async function session(companyId: number, customerHash: string): Promise<CustomerSession | null> {
    const row = await store.findLiveSession(db, companyId, sha256Hex(customerHash), epochSeconds(clock));
    if (!row) return null;
    // Logins merged into this one (link-accounts) are this customer's too: their enrollments, payments and bills.
    const linkedCustomerIds = await store.linkedCustomerIds(db, companyId, row.customer_id);
    return { customerId: row.customer_id, companyId: row.company_id, linkedCustomerIds };
  }

  return { login, session };
}
