import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import { type Mailer, mailLanguageOf, renderMail } from '../../adapters/mail/index.js';
import type { Config } from '../../config/index.js';
import type { CustomersTable, Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { CustomerSession } from '../../security/callers.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../security/passwords.js';
import { newOpaqueToken, sha256Hex } from '../../security/tokens.js';
import { type Budget, createLoginThrottle, type Hit, type RateLimiter } from '../rate-limits/index.js';
import {
  assertPasswordPolicy,
  assertUserNameFormat,
  isValidEmail,
  isValidUserName,
  maskDriversLicense,
  maskSsn,
  normalizePhone,
  normalizeUserName,
  USERNAME_RULE,
} from './rules.js';
import type {
  CustomerUpdateBody,
  LinkAccountsBody,
  QuickEnrollmentBody,
  RecoveryBody,
  ResetPasswordBody,
  ValidateNewCustomerQuery,
} from './schemas.js';
import * as store from './store.js';

export interface CustomersDeps {
  db: Kysely<Database>;
  config: Config;
  rateLimiter: RateLimiter;
  mail: Mailer;
}

/** A reset link works once, for this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Recovery emails one account (or one email address) may receive per hour; more requests are answered alike. */
export const RECOVERY_EMAILS_PER_HOUR = 5;
/**
 * Requests per hour of one account-probing call (validate-new-customer, forgot-username, forgot-password) that may
 * name one username or one email address, whether it exists or not; then 429.
 */
export const PROBES_PER_IDENTITY_PER_HOUR = 10;
/**
 * Forgot-password and forgot-username answer no sooner than this, so the time taken does not tell whether an
 * account exists (sending costs a token and an outbox row; not finding one costs a single read).
 */
export const RECOVERY_RESPONSE_FLOOR_MS = 250;
/** At most this many logins of one email address receive recovery email for one request. */
const RECOVERY_MATCH_LIMIT = 10;

const nowSeconds = () => Math.floor(Date.now() / 1000);

type CustomerRow = Selectable<CustomersTable>;

function toProfile(c: CustomerRow) {
  return {
    id_customer: c.id,
    user_name: c.user_name,
    first_name: c.first_name,
    last_name: c.last_name,
    phone: c.phone,
    active: c.active === 1,
    email: c.email,
    alternative_email: c.alternative_email,
    send_to_main_email: c.send_to_main_email === 1,
    send_to_secondary_email: c.send_to_secondary_email === 1,
    ssn: maskSsn(c.ssn_last4),
    cell_number: c.cell_number,
    employer_name: c.employer_name,
    drivers_license_number: maskDriversLicense(c.drivers_license_last4),
    drivers_license_state_code: c.drivers_license_state_code,
    fax_num: c.fax_num,
    firm_name: c.firm_name,
    contact_name: c.contact_name,
    customer_name: c.business_name || c.firm_name || `${c.first_name} ${c.last_name}`.trim(),
    business_name: c.business_name,
    other_phone: c.other_phone,
    id_primary_phone_type: c.id_primary_phone_type,
    id_other_phone_type: c.id_other_phone_type,
    id_prefered_language: c.id_prefered_language,
    opted_marketing_coms: c.opted_marketing_coms === 1,
    disabled_bank_accounts_date: c.disabled_bank_accounts_date,
  };
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

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

export function createCustomersService({ db, config, rateLimiter, mail }: CustomersDeps) {
  const perMinute = config.loginAttemptsPerMinute;
  const loginThrottle = createLoginThrottle(rateLimiter, config);

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

  /**
   * Spends the budgets of a call that tells whether an account exists: per client address per minute and per hour
   * (the hour shared by all such calls, so switching between them gains nothing), and per username and per email
   * address it names per hour.
   */
  async function throttleProbe(
    kind: string,
    companyId: number,
    ip: string,
    named: { userName?: string; email?: string },
  ): Promise<void> {
    const budgets: Budget[] = [
      [`${kind}:ip:${ip}`, perMinute, 60],
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

  async function openSession(executor: Kysely<Database>, companyId: number, customerId: number) {
    const customerHash = newOpaqueToken();
    await store.insertSession(executor, {
      tokenHash: sha256Hex(customerHash),
      companyId,
      customerId,
      expiresAt: nowSeconds() + config.customerSessionTtlSeconds,
    });
    return { customerId, customerHash, expiresIn: config.customerSessionTtlSeconds };
  }

  async function login(companyId: number, input: { username: string; password: string }, ip: string) {
    const userName = normalizeUserName(input.username);
    const attempt = await loginThrottle.attempt(`customer-login:${companyId}`, userName, ip);
    const customer = await store.findLoginByUserName(db, companyId, userName);
    const valid =
      customer?.password_hash && customer.active === 1
        ? await verifyPassword(input.password, customer.password_hash)
        : await verifyAgainstDecoy(input.password, config.passwordHashCost);
    if (!customer || !valid)
      throw new ApiError('CUSTOMER_LOGIN_FAILED', 'The username or password is not correct.');
    await attempt.succeeded();
    return openSession(db, companyId, customer.id);
  }

  async function session(companyId: number, customerHash: string): Promise<CustomerSession | null> {
    const row = await store.findLiveSession(db, companyId, sha256Hex(customerHash), nowSeconds());
    if (!row) return null;
    // Logins merged into this one (link-accounts) are this customer's too: their enrollments, payments and bills.
    const linkedCustomerIds = await store.linkedCustomerIds(db, companyId, row.customer_id);
    return { customerId: row.customer_id, companyId: row.company_id, linkedCustomerIds };
  }

  async function customerOrNotFound(companyId: number, customerId: number): Promise<CustomerRow> {
    const customer = await store.findCustomer(db, companyId, customerId);
    if (!customer) throw notFound(`Customer ${customerId}`);
    return customer;
  }

  /** Normalizes a new username and checks its format and that nobody else in the company holds it. */
  async function availableUserName(
    companyId: number,
    field: string,
    raw: string,
    exceptCustomerId?: number,
  ): Promise<string> {
    const userName = assertUserNameFormat(field, raw);
    const owner = await store.findUserNameOwner(db, companyId, userName);
    if (owner && owner.id !== exceptCustomerId)
      throw new ApiError('USERNAME_TAKEN', `${field}: this username is already taken; choose another.`);
    return userName;
  }

  function assertEmail(field: string, email: string): string {
    const trimmed = email.trim();
    if (!isValidEmail(trimmed))
      throw new ApiError('EMAIL_INVALID', `${field}: "${trimmed}" is not a valid email address.`);
    return trimmed;
  }

  function assertPhone(field: string, phone: string): string {
    const normalized = normalizePhone(phone);
    if (!normalized)
      throw new ApiError(
        'PHONE_INVALID',
        `${field}: must be a US phone number of 10 digits (e.g. 512-555-0142).`,
      );
    return normalized;
  }

  async function assertLanguage(field: string, languageId: number): Promise<void> {
    if (!(await store.findLanguage(db, languageId)))
      throw new ApiError(
        'LANGUAGE_NOT_FOUND',
        `${field}: language ${languageId} does not exist or is not active.`,
      );
  }

  async function brandOrRefuse(companyId: number, brandId: number) {
    const brand = await store.findBrand(db, companyId, brandId);
    if (!brand)
      throw new ApiError('BRAND_NOT_FOUND', `brandId: brand ${brandId} does not exist or is not active.`);
    return brand;
  }

  /**
   * Queues the "password changed" notice inside the change's transaction (reading through it: on SQLite a read
   * outside an open transaction would wait for it), branded with the company's first active brand.
   */
  async function queuePasswordChanged(trx: Kysely<Database>, companyId: number, customer: CustomerRow) {
    if (!customer.email) return;
    const brand = await store.findDefaultBrand(trx, companyId);
    if (!brand) return;
    const language = mailLanguageOf(await store.customerLanguage(trx, customer.id));
    await mail.queue(trx, {
      companyId,
      to: customer.email,
      template: 'password-changed',
      ...renderMail('password-changed', language, brand, { firstName: customer.first_name }),
    });
  }

  async function profile(companyId: number, customerId: number) {
    return toProfile(await customerOrNotFound(companyId, customerId));
  }

  /**
   * Updates the customer's own account. Changing the username, the password or the main email needs the current
   * password. A new password ends every other session of the customer and voids outstanding reset links.
   */
  async function update(
    companyId: number,
    customerId: number,
    input: Static<typeof CustomerUpdateBody>,
    currentCustomerHash: string | undefined,
    ip: string,
  ) {
    const customer = await customerOrNotFound(companyId, customerId);
    const changes: Parameters<typeof store.updateCustomer>[2] = {};

    const newUserName =
      input.username !== undefined && normalizeUserName(input.username) !== customer.user_name
        ? input.username
        : undefined;
    const newEmail =
      input.email !== undefined && input.email.trim().toLowerCase() !== customer.email?.toLowerCase()
        ? assertEmail('email', input.email)
        : undefined;
    const sensitive = newUserName !== undefined || input.newPassword !== undefined || newEmail !== undefined;
    if (sensitive) {
      if (!input.password)
        throw new ApiError(
          'CURRENT_PASSWORD_REQUIRED',
          'password: send the current password to change the username, the password or the email.',
        );
      // Whoever holds the session must still prove the password: guessing it is throttled like a login.
      const attempt = await loginThrottle.attempt(
        `customer-login:${companyId}`,
        customer.user_name ?? `customer:${customerId}`,
        ip,
      );
      const valid = customer.password_hash
        ? await verifyPassword(input.password, customer.password_hash)
        : await verifyAgainstDecoy(input.password, config.passwordHashCost);
      if (!valid)
        throw new ApiError('CURRENT_PASSWORD_INCORRECT', 'password: the current password is not correct.');
      await attempt.succeeded();
    }
    if (newUserName !== undefined)
      changes.user_name = await availableUserName(companyId, 'username', newUserName, customerId);
    if (newEmail !== undefined) changes.email = newEmail;
    if (input.newPassword !== undefined) {
      assertPasswordPolicy('newPassword', input.newPassword, changes.user_name ?? customer.user_name);
      changes.password_hash = await hashPassword(input.newPassword, config.passwordHashCost);
    }
    if (input.alternativeEmail !== undefined)
      changes.alternative_email =
        input.alternativeEmail === null || input.alternativeEmail.trim() === ''
          ? null
          : assertEmail('alternativeEmail', input.alternativeEmail);
    if (input.phone !== undefined) changes.phone = assertPhone('phone', input.phone);
    if (input.language !== undefined) {
      await assertLanguage('language', input.language);
      changes.id_prefered_language = input.language;
    }
    if (input.notificationToEmail !== undefined) changes.send_to_main_email = flag(input.notificationToEmail);
    if (input.notificationToAlternativeEmail !== undefined)
      changes.send_to_secondary_email = flag(input.notificationToAlternativeEmail);
    if (input.opted_marketing_coms !== undefined)
      changes.opted_marketing_coms = flag(input.opted_marketing_coms);

    const email = changes.email !== undefined ? changes.email : customer.email;
    const alternative =
      changes.alternative_email !== undefined ? changes.alternative_email : customer.alternative_email;
    if ((changes.send_to_main_email ?? customer.send_to_main_email) === 1 && !email)
      throw new ApiError(
        'NOTIFICATION_EMAIL_MISSING',
        'notificationToEmail: the customer has no email address.',
      );
    if ((changes.send_to_secondary_email ?? customer.send_to_secondary_email) === 1 && !alternative)
      throw new ApiError(
        'NOTIFICATION_EMAIL_MISSING',
        'notificationToAlternativeEmail: set alternativeEmail before sending notifications to it.',
      );

    if (Object.keys(changes).length > 0) {
      try {
        await db.transaction().execute(async (trx) => {
          await store.updateCustomer(trx, customerId, changes);
          if (changes.password_hash !== undefined) {
            await store.deleteSessions(
              trx,
              customerId,
              currentCustomerHash ? sha256Hex(currentCustomerHash) : undefined,
            );
            await store.voidResetTokens(trx, customerId);
            await queuePasswordChanged(trx, companyId, { ...customer, ...changes } as CustomerRow);
          }
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ApiError('USERNAME_TAKEN', 'username: this username is already taken; choose another.');
        throw error;
      }
    }
    return profile(companyId, customerId);
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
  ) {
    await rateLimiter.consume(`customer-link:${companyId}:${customerId}`, perMinute, 60);
    const oldUserName = normalizeUserName(input.oldUsername);
    // Proving the other login's password is a login attempt on it: the same streaks and ceilings apply.
    const attempt = await loginThrottle.attempt(`customer-login:${companyId}`, oldUserName, ip);
    const old = await store.findLoginByUserName(db, companyId, oldUserName);
    if (old?.id === customerId)
      throw new ApiError(
        'LINK_SAME_ACCOUNT',
        'oldUsername: this is the login you are signed in with; name another.',
      );
    const valid =
      old?.password_hash && old.active === 1
        ? await verifyPassword(input.oldPassword, old.password_hash)
        : await verifyAgainstDecoy(input.oldPassword, config.passwordHashCost);
    if (!old || !valid)
      throw new ApiError(
        'LINK_CREDENTIALS_INVALID',
        'oldUsername, oldPassword: the username or password is not correct.',
      );
    await attempt.succeeded();
    await db.transaction().execute(async (trx) => {
      // Both logins must still be active when the change lands. The two conditional writes go in id order, so
      // concurrent links between the same logins (A into B while B into A) queue on the same row and the later
      // one finds a login gone, instead of deactivating both.
      const steps = [
        { id: customerId, write: () => store.touchActiveCustomer(trx, customerId) },
        { id: old.id, write: () => store.deactivateCustomer(trx, old.id) },
      ].sort((a, b) => a.id - b.id);
      for (const step of steps) {
        if (!(await step.write()))
          throw new ApiError(
            'LINK_CREDENTIALS_INVALID',
            'oldUsername, oldPassword: the username or password is not correct.',
          );
      }
      await store.linkCustomer(trx, { companyId, customerId, linkedCustomerId: old.id });
      await store.deleteSessions(trx, old.id);
      await store.voidResetTokens(trx, old.id);
    });
    return { customerId, linkedCustomerIds: await store.linkedCustomerIds(db, companyId, customerId) };
  }

  /**
   * The customers whose enrollments belong to this customer: itself first, then every login linked into it.
   * Enrollment listings filter on these ids.
   */
  async function linkedCustomerIds(companyId: number, customerId: number): Promise<number[]> {
    return [customerId, ...(await store.linkedCustomerIds(db, companyId, customerId))];
  }

  /** A customer record for the enrollment wizard; with username and password it can log in at once. */
  async function createQuickEnrollment(
    companyId: number,
    input: Static<typeof QuickEnrollmentBody>,
    ip: string,
  ) {
    if ((input.username === undefined) !== (input.password === undefined))
      throw new ApiError(
        'VALIDATION_FAILED',
        'username, password: send both to open a self-service login, or neither.',
        [`body.${input.username === undefined ? 'username' : 'password'}: is required with the other`],
      );
    const email = assertEmail('email', input.email);
    const phone = assertPhone('primaryPhoneNumber', input.primaryPhoneNumber);
    await assertLanguage('languageId', input.languageId);
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!firstName) throw new ApiError('VALIDATION_FAILED', 'firstName: must not be blank.');
    if (!lastName) throw new ApiError('VALIDATION_FAILED', 'lastName: must not be blank.');
    let userName: string | null = null;
    let passwordHash: string | null = null;
    // USERNAME_TAKEN tells that a login exists: it spends the address's hourly probe budget, a created login does not.
    let probeHit: Hit | null = null;
    if (input.username !== undefined && input.password !== undefined) {
      probeHit = await rateLimiter.consume(
        `probe:ip:${ip}`,
        config.loginLimits.probesPerAddressPerHour,
        3600,
      );
      userName = await availableUserName(companyId, 'username', input.username);
      assertPasswordPolicy('password', input.password, userName);
      passwordHash = await hashPassword(input.password, config.passwordHashCost);
    }
    try {
      const created = await db.transaction().execute(async (trx) => {
        const customerId = await store.insertCustomer(trx, {
          companyId,
          userName,
          passwordHash,
          firstName,
          lastName,
          email,
          phone,
          primaryPhoneType: input.primaryPhoneType ?? null,
          languageId: input.languageId,
          optedMarketing: input.suscribeMarketingComms ?? false,
        });
        return userName ? await openSession(trx, companyId, customerId) : { customerId };
      });
      if (probeHit) await rateLimiter.refund(probeHit);
      return created;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError('USERNAME_TAKEN', 'username: this username is already taken; choose another.');
      throw error;
    }
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
    await throttleProbe(kind, companyId, ip, { userName, email });
    const logins = await store.findRecoverableLogins(
      db,
      companyId,
      { userName, email },
      RECOVERY_MATCH_LIMIT,
    );
    return { brand, logins };
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
        if (!(await withinBudget(`reset-mail:${companyId}:${login.id}`, RECOVERY_EMAILS_PER_HOUR))) continue;
        const token = newOpaqueToken();
        const resetUrl = `${brand.my_account_url.replace(/\/+$/, '')}/reset-password?securityToken=${encodeURIComponent(token)}`;
        await db.transaction().execute(async (trx) => {
          await store.insertResetToken(trx, {
            tokenHash: sha256Hex(token),
            companyId,
            customerId: login.id,
            expiresAt: nowSeconds() + RESET_TOKEN_TTL_MINUTES * 60,
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
      const byAddress = new Map<string, typeof logins>();
      for (const login of logins) {
        const key = login.email!.toLowerCase();
        byAddress.set(key, [...(byAddress.get(key) ?? []), login]);
      }
      for (const [address, group] of byAddress) {
        if (
          !(await withinBudget(`username-mail:${companyId}:${sha256Hex(address)}`, RECOVERY_EMAILS_PER_HOUR))
        )
          continue;
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
    });
  }

  type TokenCheck =
    | { valid: true; customerId: number; userName: string | null }
    | {
        valid: false;
        code: 'RESET_TOKEN_INVALID' | 'RESET_TOKEN_USED' | 'RESET_TOKEN_EXPIRED';
        message: string;
      };

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
    if (row.expires_at <= nowSeconds())
      return {
        valid: false,
        code: 'RESET_TOKEN_EXPIRED',
        message: `securityToken: this reset link has expired (links last ${RESET_TOKEN_TTL_MINUTES} minutes); ask for a new one.`,
      };
    return { valid: true, customerId: row.customer_id, userName: row.user_name };
  }

  async function validateResetHash(companyId: number, hash: string) {
    const check = await checkResetToken(companyId, hash);
    return check.valid
      ? { is_valid: true, errors: [] }
      : {
          is_valid: false,
          errors: [{ code: check.code, message: check.message.replace('securityToken', 'hash') }],
        };
  }

  /** Sets a new password from a reset link: the link is consumed and every session of the customer ends. */
  async function resetPassword(companyId: number, input: Static<typeof ResetPasswordBody>) {
    const check = await checkResetToken(companyId, input.securityToken);
    if (!check.valid) throw new ApiError(check.code, check.message);
    assertPasswordPolicy('newPassword', input.newPassword, check.userName);
    const passwordHash = await hashPassword(input.newPassword, config.passwordHashCost);
    await db.transaction().execute(async (trx) => {
      if (!(await store.consumeResetToken(trx, sha256Hex(input.securityToken), nowSeconds())))
        throw new ApiError(
          'RESET_TOKEN_USED',
          'securityToken: this reset link was already used; ask for a new one.',
        );
      await store.updateCustomer(trx, check.customerId, { password_hash: passwordHash });
      await store.deleteSessions(trx, check.customerId);
      await store.voidResetTokens(trx, check.customerId);
      const customer = await store.findCustomer(trx, companyId, check.customerId);
      if (customer) await queuePasswordChanged(trx, companyId, customer);
    });
    return { customerId: check.customerId };
  }

  /**
   * Checks a would-be customer's username and email for the enrollment wizard. An email address already used by
   * another customer of the company is not an error (households and businesses share addresses, and linked logins
   * keep theirs): it is returned as the warning EMAIL_ALREADY_USED, so the wizard can offer to log in instead.
   */
  async function validateNewCustomer(
    companyId: number,
    input: Static<typeof ValidateNewCustomerQuery>,
    ip: string,
  ) {
    if (!input.username && !input.email)
      throw new ApiError('VALIDATION_FAILED', 'username, email: send at least one of them.', [
        'querystring.username: is required when email is not sent',
      ]);
    await throttleProbe('validate-new-customer', companyId, ip, {
      userName: input.username ? normalizeUserName(input.username) : undefined,
      email: input.email?.trim() || undefined,
    });
    const errors: Array<{ code: string; message: string }> = [];
    const warnings: Array<{ code: string; message: string }> = [];
    if (input.username) {
      const userName = normalizeUserName(input.username);
      if (!isValidUserName(userName))
        errors.push({ code: 'USERNAME_INVALID', message: `username: must be ${USERNAME_RULE.description}.` });
      else if (await store.findUserNameOwner(db, companyId, userName))
        errors.push({
          code: 'USERNAME_TAKEN',
          message: 'username: this username is already taken; choose another.',
        });
    }
    if (input.email) {
      const email = input.email.trim();
      if (!isValidEmail(email))
        errors.push({ code: 'EMAIL_INVALID', message: `email: "${email}" is not a valid email address.` });
      else if ((await store.countOthersWithEmail(db, companyId, email)) > 0)
        warnings.push({
          code: 'EMAIL_ALREADY_USED',
          message: 'email: another customer already uses this address; it can still be used.',
        });
    }
    return { is_valid: errors.length === 0, errors, warnings };
  }

  return {
    login,
    session,
    profile,
    update,
    linkAccounts,
    linkedCustomerIds,
    createQuickEnrollment,
    forgotPassword,
    forgotUsername,
    validateResetHash,
    resetPassword,
    validateNewCustomer,
    async purgeExpired() {
      const now = nowSeconds();
      await store.purgeExpiredSessions(db, now);
      // Reset tokens are kept a day past expiry, so a late click is told "expired" rather than "not valid".
      await store.purgeResetTokens(db, now - 86_400);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
