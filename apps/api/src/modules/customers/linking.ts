import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import type { CustomersContext } from './context.js';
import { opensLogin } from './passwords.js';
import { normalizeUserName } from './rules.js';
import type { LinkAccountsBody, LinkAccountsResult } from './schemas.js';
import * as store from './store.js';

const credentialsInvalid = () =>
  new ApiError(
    'LINK_CREDENTIALS_INVALID',
    'oldUsername, oldPassword: the username or password is not correct.',
  );

/** Self-service logins merged into one customer, whose enrollments are then listed together. */
export function createLinking({ db, config, clock, rateLimiter, loginThrottle }: CustomersContext) {
  /**
   * The id of the other login named by `input`, once its password is proved. Proving it is a login attempt on it:
   * the same streaks and ceilings apply.
   */
  async function proveOtherLogin(
    companyId: number,
    customerId: number,
    input: Static<typeof LinkAccountsBody>,
    ip: string,
  ): Promise<number> {
    const oldUserName = normalizeUserName(input.oldUsername);
    const attempt = await loginThrottle.attempt(`customer-login:${companyId}`, oldUserName, ip);
    const old = await store.findLoginByUserName(db, companyId, oldUserName);
    if (old?.id === customerId)
      throw new ApiError(
        'LINK_SAME_ACCOUNT',
        'oldUsername: this is the login you are signed in with; name another.',
      );
    const valid = await opensLogin(config, old, input.oldPassword);
    if (!old || !valid) throw credentialsInvalid();
    await attempt.succeeded();
    return old.id;
  }

  /** Deactivates the old login, links it to the customer, ends its sessions and voids its reset links. */
  async function mergeLogin(companyId: number, customerId: number, oldId: number): Promise<void> {
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      // Both logins must still be active when the change lands. The two conditional writes go in id order, so
      // concurrent links between the same logins (A into B while B into A) queue on the same row and the later
      // one finds a login gone, instead of deactivating both.
      const steps = [
        { id: customerId, write: () => store.touchActiveCustomer(trx, customerId, now) },
        { id: oldId, write: () => store.deactivateCustomer(trx, oldId, now) },
      ].sort((a, b) => a.id - b.id);
      for (const step of steps) {
        if (!(await step.write())) throw credentialsInvalid();
      }
      await store.linkCustomer(trx, { companyId, customerId, linkedCustomerId: oldId, linkedAt: now });
      await store.deleteSessions(trx, oldId);
      await store.voidResetTokens(trx, oldId, now);
    });
  }

  /**
   * Merges another self-service login of the same company into this customer. The old login is deactivated (its
   * sessions end, its username stays reserved) and recorded in `customer_links`, so its enrollments are listed with
   * this customer's (see linkedCustomerIds). Profiles are not merged: each record keeps its own personal data.
   */
  async function linkAccounts(
    companyId: number,
    customerId: number,
    input: Static<typeof LinkAccountsBody>,
    ip: string,
  ): Promise<Static<typeof LinkAccountsResult>> {
    await rateLimiter.consume(`customer-link:${companyId}:${customerId}`, config.loginAttemptsPerMinute, 60);
    const oldId = await proveOtherLogin(companyId, customerId, input, ip);
    await mergeLogin(companyId, customerId, oldId);
    return { customerId, linkedCustomerIds: await store.linkedCustomerIds(db, companyId, customerId) };
  }

  /**
   * The customers whose enrollments belong to this customer: itself first, then every login linked into it.
   * Enrollment listings filter on these ids.
   */
  async function linkedCustomerIds(companyId: number, customerId: number): Promise<number[]> {
    return [customerId, ...(await store.linkedCustomerIds(db, companyId, customerId))];
  }

  return { linkAccounts, linkedCustomerIds };
}
