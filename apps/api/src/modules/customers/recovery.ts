import { setTimeout as sleep } from 'node:timers/promises';
import type { Static } from 'typebox';
import { mailLanguageOf, maskEmail, renderMail } from '../../adapters/mail/index.js';
import { epochSeconds } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import { newOpaqueToken, sha256Hex } from '../../security/tokens.js';
import type { CustomersContext } from './context.js';
import { findActiveBrand, findDefaultBrand, findRecoverableLogins } from './lookups.js';
import { afterPasswordChange } from './passwords.js';
import { throttleProbe } from './probes.js';
import { assertPasswordPolicy, normalizeUserName } from './rules.js';
import type { RecoveryBody, ResetPasswordBody, ResetPasswordResult, ValidationResult } from './schemas.js';
import * as store from './store.js';

/** A reset link works once, for this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Recovery emails one account (or one email address) may receive per hour; more requests are answered alike. */
export const RECOVERY_EMAILS_PER_HOUR = 5;
/**
 * Forgot-password and forgot-username answer no sooner than this, so the time taken does not tell whether an
 * account exists (sending costs a token and an outbox row; not finding one costs a single read).
 */
const RECOVERY_RESPONSE_FLOOR_MS = 250;
/** At most this many logins of one email address receive recovery email for one request. */
const RECOVERY_MATCH_LIMIT = 10;

type Brand = NonNullable<Awaited<ReturnType<typeof findActiveBrand>>>;
type RecoverableLogin = Awaited<ReturnType<typeof findRecoverableLogins>>[number];

type TokenCheck =
  | { valid: true; customerId: number; userName: string | null }
  | {
      valid: false;
      code: 'RESET_TOKEN_INVALID' | 'RESET_TOKEN_USED' | 'RESET_TOKEN_EXPIRED';
      message: string;
    };

/** Runs `work` and answers no sooner than the floor, whatever the outcome. */
async function withResponseFloor<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const wait = RECOVERY_RESPONSE_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await sleep(wait);
  }
}

/** The logins of one email address, by address (compared case-insensitively), in the order found. */
function loginsByAddress(logins: RecoverableLogin[]): Map<string, RecoverableLogin[]> {
  const byAddress = new Map<string, RecoverableLogin[]>();
  for (const login of logins) {
    const key = login.email!.toLowerCase();
    byAddress.set(key, [...(byAddress.get(key) ?? []), login]);
  }
  return byAddress;
}

/** Forgotten usernames and passwords: recovery email, and setting a new password from a reset link. */
export function createRecovery(context: CustomersContext) {
  const { db, config, rateLimiter, mail } = context;

  /** A silent per-hour budget: false once spent, without telling the caller (used where a 429 would leak). */
  async function withinBudget(bucket: string, limit: number): Promise<boolean> {
    try {
      await rateLimiter.consume(bucket, limit, 3600);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') return false;
      throw error;
    }
  }

  async function brandOrRefuse(companyId: number, brandId: number): Promise<Brand> {
    const brand = await findActiveBrand(db, companyId, brandId);
    if (!brand)
      throw new ApiError('BRAND_NOT_FOUND', `brandId: brand ${brandId} does not exist or is not active.`);
    return brand;
  }

  /** Checks the request and spends the caller's rate budgets; the same whether or not an account matches. */
  async function startRecovery(
    kind: 'forgot-password' | 'forgot-username',
    companyId: number,
    input: Static<typeof RecoveryBody>,
    ip: string,
  ) {
    const brand = await brandOrRefuse(companyId, input.brandId);
    // A blank field counts as not sent.
    const userName = input.username?.trim() ? normalizeUserName(input.username) : undefined;
    const email = input.email?.trim() || undefined;
    if (!userName && !email)
      throw new ApiError('VALIDATION_FAILED', 'username, email: send the username or the email address.', [
        'body.username: is required when email is not sent',
      ]);
    await throttleProbe(context, kind, companyId, ip, { userName, email });
    const logins = await findRecoverableLogins(db, companyId, { userName, email }, RECOVERY_MATCH_LIMIT);
    return { brand, logins };
  }

  /** Records a new reset token of the login and queues the mail carrying its link, in one transaction. */
  async function sendResetLink(companyId: number, brand: Brand, login: RecoverableLogin): Promise<void> {
    const token = newOpaqueToken();
    const resetUrl = `${brand.my_account_url.replace(/\/+$/, '')}/reset-password?securityToken=${encodeURIComponent(token)}`;
    await db.transaction().execute(async (trx) => {
      await store.insertResetToken(trx, {
        tokenHash: sha256Hex(token),
        companyId,
        customerId: login.id,
        expiresAt: epochSeconds(context.clock) + RESET_TOKEN_TTL_MINUTES * 60,
        createdAt: context.clock.now().toISOString(),
      });
      await mail.queue(trx, {
        companyId,
        to: login.email!,
        template: 'reset-password',
        ...renderMail('reset-password', mailLanguageOf(login.language), brand, {
          firstName: login.first_name,
          resetUrl,
          expiresInMinutes: RESET_TOKEN_TTL_MINUTES,
        }),
      });
    });
  }

  /** Queues one mail listing the usernames of the logins of one address, in the first one's language. */
  async function sendUserNames(companyId: number, brand: Brand, group: RecoverableLogin[]): Promise<void> {
    const first = group[0]!;
    await mail.queue(db, {
      companyId,
      to: first.email!,
      template: 'forgot-username',
      ...renderMail('forgot-username', mailLanguageOf(first.language), brand, {
        firstName: first.first_name,
        userNames: group.map((l) => l.user_name!),
        loginUrl: brand.my_account_url,
      }),
    });
  }

  /**
   * Emails a single-use reset link to each matching login's own address. The answer never says whether an
   * account matched, and it takes the same time either way.
   */
  async function forgotPassword(
    companyId: number,
    input: Static<typeof RecoveryBody>,
    ip: string,
  ): Promise<void> {
    await withResponseFloor(async () => {
      const { brand, logins } = await startRecovery('forgot-password', companyId, input, ip);
      for (const login of logins) {
        if (await withinBudget(`reset-mail:${companyId}:${login.id}`, RECOVERY_EMAILS_PER_HOUR))
          await sendResetLink(companyId, brand, login);
      }
    });
  }

  /** Emails each matching address the usernames registered with it; the same answer whether or not any exist. */
  async function forgotUsername(
    companyId: number,
    input: Static<typeof RecoveryBody>,
    ip: string,
  ): Promise<void> {
    await withResponseFloor(async () => {
      const { brand, logins } = await startRecovery('forgot-username', companyId, input, ip);
      for (const [address, group] of loginsByAddress(logins)) {
        if (await withinBudget(`username-mail:${companyId}:${sha256Hex(address)}`, RECOVERY_EMAILS_PER_HOUR))
          await sendUserNames(companyId, brand, group);
      }
    });
  }

  /**
   * Staff send a customer the same reset link the customer could ask for, from the company's default brand, within
   * the same hourly budget per login; unlike the customer's request, the answer says where it went (masked).
   */
  async function sendResetLinkForStaff(companyId: number, customerId: number): Promise<{ sentTo: string }> {
    const [login] = await findRecoverableLogins(db, companyId, { customerId }, 1);
    const brand = await findDefaultBrand(db, companyId);
    if (!login || !brand)
      throw new ApiError(
        'CUSTOMER_HAS_NO_LOGIN',
        'This customer has no active login with an email address to send a reset link to.',
      );
    await rateLimiter.consume(`reset-mail:${companyId}:${login.id}`, RECOVERY_EMAILS_PER_HOUR, 3600);
    await sendResetLink(companyId, brand, login);
    return { sentTo: maskEmail(login.email!) };
  }

  async function checkResetToken(companyId: number, token: string): Promise<TokenCheck> {
    const row = await store.findResetToken(db, companyId, sha256Hex(token));
    if (row?.active !== 1)
      return {
        valid: false,
        code: 'RESET_TOKEN_INVALID',
        message: 'securityToken: this reset link is not valid.',
      };
    if (row.used_at !== null)
      return {
        valid: false,
        code: 'RESET_TOKEN_USED',
        message: 'securityToken: this reset link was already used; ask for a new one.',
      };
    if (row.expires_at <= epochSeconds(context.clock))
      return {
        valid: false,
        code: 'RESET_TOKEN_EXPIRED',
        message: `securityToken: this reset link has expired (links last ${RESET_TOKEN_TTL_MINUTES} minutes); ask for a new one.`,
      };
    return { valid: true, customerId: row.customer_id, userName: row.user_name };
  }

  async function validateResetHash(
    companyId: number,
    hash: string,
  ): Promise<Static<typeof ValidationResult>> {
    const check = await checkResetToken(companyId, hash);
    return check.valid
      ? { is_valid: true, errors: [] }
      : {
          is_valid: false,
          errors: [{ code: check.code, message: check.message.replace('securityToken', 'hash') }],
        };
  }

  /** Sets a new password from a reset link: the link is consumed and every session of the customer ends. */
  async function resetPassword(
    companyId: number,
    input: Static<typeof ResetPasswordBody>,
  ): Promise<Static<typeof ResetPasswordResult>> {
    const check = await checkResetToken(companyId, input.securityToken);
    if (!check.valid) throw new ApiError(check.code, check.message);
    assertPasswordPolicy('newPassword', input.newPassword, check.userName);
    const passwordHash = await hashPassword(input.newPassword, config.passwordHashCost);
    const now = context.clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await store.consumeResetToken(trx, sha256Hex(input.securityToken), now)))
        throw new ApiError(
          'RESET_TOKEN_USED',
          'securityToken: this reset link was already used; ask for a new one.',
        );
      await store.updateCustomer(trx, check.customerId, { password_hash: passwordHash }, now.toISOString());
      await afterPasswordChange(mail, now.toISOString(), trx, companyId, check.customerId);
    });
    return { customerId: check.customerId };
  }

  return { forgotPassword, forgotUsername, sendResetLinkForStaff, validateResetHash, resetPassword };
}
