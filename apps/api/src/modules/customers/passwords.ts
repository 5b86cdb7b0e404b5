import type { Kysely } from 'kysely';
import { type Mailer, mailLanguageOf, renderMail } from '../../adapters/mail/index.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { verifyAgainstDecoy, verifyPassword } from '../../security/passwords.js';
import type { CustomerRow } from './context.js';
import { findDefaultBrand, languageShortName } from './lookups.js';
import * as store from './store.js';

/**
 * Whether `password` is the one of `passwordHash`. Without a hash it is checked against a decoy, so the time taken
 * does not tell whether there was one.
 */
export function passwordMatches(
  config: Config,
  password: string,
  passwordHash: string | null,
): Promise<boolean> {
  return passwordHash
    ? verifyPassword(password, passwordHash)
    : verifyAgainstDecoy(password, config.passwordHashCost);
}

/** Whether `password` opens `login`: it must exist, be active and have a password. */
export function opensLogin(
  config: Config,
  login: Pick<CustomerRow, 'password_hash' | 'active'> | undefined,
  password: string,
): Promise<boolean> {
  return passwordMatches(config, password, login?.active === 1 ? login.password_hash : null);
}

/**
 * What a new password sets off, inside the transaction that stores it: the customer's sessions end (but for
 * `keepTokenHash`, the caller's own when there is one), outstanding reset links are void, and the customer is told.
 */
export async function afterPasswordChange(
  mail: Mailer,
  at: string,
  trx: Kysely<Database>,
  companyId: number,
  customerId: number,
  keepTokenHash?: string,
): Promise<void> {
  await store.deleteSessions(trx, customerId, keepTokenHash);
  await store.voidResetTokens(trx, customerId, at);
  const customer = await store.findCustomer(trx, companyId, customerId);
  if (customer) await queuePasswordChanged(mail, trx, companyId, customer);
}

/**
 * Queues the "password changed" notice inside the change's transaction (reading through it: on SQLite a read
 * outside an open transaction would wait for it), branded with the company's first active brand.
 */
async function queuePasswordChanged(
  mail: Mailer,
  trx: Kysely<Database>,
  companyId: number,
  customer: CustomerRow,
) {
  if (!customer.email) return;
  const brand = await findDefaultBrand(trx, companyId);
  if (!brand) return;
  const language = mailLanguageOf(await languageShortName(trx, customer.id_prefered_language));
  await mail.queue(trx, {
    companyId,
    to: customer.email,
    template: 'password-changed',
    ...renderMail('password-changed', language, brand, { firstName: customer.first_name }),
  });
}
