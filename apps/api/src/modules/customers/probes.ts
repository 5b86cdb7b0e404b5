import { sha256Hex } from '../../security/tokens.js';
import type { Budget } from '../rate-limits/index.js';
import type { CustomersContext } from './context.js';

/**
 * Requests per hour of one account-probing call (validate-new-customer, forgot-username, forgot-password) that may
 * name one username or one email address, whether it exists or not; then 429.
 */
export const PROBES_PER_IDENTITY_PER_HOUR = 10;

/**
 * Spends the budgets of a call that tells whether an account exists: per client address per minute and per hour
 * (the hour shared by all such calls, so switching between them gains nothing), and per username and per email
 * address it names per hour.
 */
export async function throttleProbe(
  { config, rateLimiter }: Pick<CustomersContext, 'config' | 'rateLimiter'>,
  kind: string,
  companyId: number,
  ip: string,
  named: { userName?: string; email?: string },
): Promise<void> {
  const budgets: Budget[] = [
    [`${kind}:ip:${ip}`, config.loginAttemptsPerMinute, 60],
    [`probe:ip:${ip}`, config.loginLimits.probesPerAddressPerHour, 3600],
  ];
  if (named.userName)
    budgets.push([
      `${kind}:user:${companyId}:${sha256Hex(named.userName)}`,
      PROBES_PER_IDENTITY_PER_HOUR,
      3600,
    ]);
  if (named.email)
    budgets.push([
      `${kind}:email:${companyId}:${sha256Hex(named.email.toLowerCase())}`,
      PROBES_PER_IDENTITY_PER_HOUR,
      3600,
    ]);
  await rateLimiter.consumeAll(budgets);
}
