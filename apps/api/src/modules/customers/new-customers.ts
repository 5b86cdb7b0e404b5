import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import type { CustomersContext } from './context.js';
import { throttleProbe } from './probes.js';
import { assertLanguage, asUserNameTaken, availableUserName } from './record-checks.js';
import {
  assertEmail,
  assertPasswordPolicy,
  assertPhone,
  isValidEmail,
  isValidUserName,
  normalizeUserName,
  USERNAME_RULE,
} from './rules.js';
import type {
  NewCustomerValidation,
  QuickEnrollmentBody,
  QuickEnrollmentResult,
  ValidateNewCustomerQuery,
} from './schemas.js';
import { openSession } from './sessions.js';
import * as store from './store.js';

type QuickEnrollment = Static<typeof QuickEnrollmentBody>;
type Finding = Static<typeof NewCustomerValidation>['errors'][number];

function assertBothCredentialsOrNeither(input: QuickEnrollment): void {
  if ((input.username === undefined) !== (input.password === undefined))
    throw new ApiError(
      'VALIDATION_FAILED',
      'username, password: send both to open a self-service login, or neither.',
      [`body.${input.username === undefined ? 'username' : 'password'}: is required with the other`],
    );
}

function nonBlank(field: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new ApiError('VALIDATION_FAILED', `${field}: must not be blank.`);
  return trimmed;
}

/** Customers created for the enrollment wizard, and the checks it makes before creating one. */
export function createNewCustomers(context: CustomersContext) {
  const { db, config, rateLimiter } = context;

  /** The contact details of a quick enrollment, checked and normalized. */
  async function contactDetails(input: QuickEnrollment) {
    const email = assertEmail('email', input.email);
    const phone = assertPhone('primaryPhoneNumber', input.primaryPhoneNumber);
    await assertLanguage(db, 'languageId', input.languageId);
    const firstName = nonBlank('firstName', input.firstName);
    const lastName = nonBlank('lastName', input.lastName);
    return { email, phone, firstName, lastName };
  }

  /**
   * The login a quick enrollment opens when it sends a username and password. USERNAME_TAKEN tells that a login
   * exists, so asking spends the address's hourly probe budget; the hit is refunded once the login is created.
   */
  async function newLogin(companyId: number, input: QuickEnrollment, ip: string) {
    if (input.username === undefined || input.password === undefined)
      return { userName: null, passwordHash: null, probeHit: null };
    const probeHit = await rateLimiter.consume(
      `probe:ip:${ip}`,
      config.loginLimits.probesPerAddressPerHour,
      3600,
    );
    const userName = await availableUserName(db, companyId, 'username', input.username);
    assertPasswordPolicy('password', input.password, userName);
    const passwordHash = await hashPassword(input.password, config.passwordHashCost);
    return { userName, passwordHash, probeHit };
  }

  /** A customer record for the enrollment wizard; with username and password it can log in at once. */
  async function createQuickEnrollment(
    companyId: number,
    input: QuickEnrollment,
    ip: string,
  ): Promise<Static<typeof QuickEnrollmentResult>> {
    assertBothCredentialsOrNeither(input);
    const details = await contactDetails(input);
    const { userName, passwordHash, probeHit } = await newLogin(companyId, input, ip);
    try {
      const created = await db.transaction().execute(async (trx) => {
        const customerId = await store.insertCustomer(
          trx,
          {
            companyId,
            userName,
            passwordHash,
            ...details,
            primaryPhoneType: input.primaryPhoneType ?? null,
            languageId: input.languageId,
            optedMarketing: input.suscribeMarketingComms ?? false,
          },
          context.clock.now().toISOString(),
        );
        return userName ? await openSession(context, trx, companyId, customerId) : { customerId };
      });
      if (probeHit) await rateLimiter.refund(probeHit);
      return created;
    } catch (error) {
      throw asUserNameTaken(error);
    }
  }

  async function userNameErrors(companyId: number, raw: string): Promise<Finding[]> {
    const userName = normalizeUserName(raw);
    if (!isValidUserName(userName))
      return [{ code: 'USERNAME_INVALID', message: `username: must be ${USERNAME_RULE.description}.` }];
    if (await store.findUserNameOwner(db, companyId, userName))
      return [
        { code: 'USERNAME_TAKEN', message: 'username: this username is already taken; choose another.' },
      ];
    return [];
  }

  async function emailFindings(companyId: number, raw: string) {
    const email = raw.trim();
    const errors: Finding[] = [];
    const warnings: Finding[] = [];
    if (!isValidEmail(email))
      errors.push({ code: 'EMAIL_INVALID', message: `email: "${email}" is not a valid email address.` });
    else if ((await store.countOthersWithEmail(db, companyId, email)) > 0)
      warnings.push({
        code: 'EMAIL_ALREADY_USED',
        message: 'email: another customer already uses this address; it can still be used.',
      });
    return { errors, warnings };
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
  ): Promise<Static<typeof NewCustomerValidation>> {
    if (!input.username && !input.email)
      throw new ApiError('VALIDATION_FAILED', 'username, email: send at least one of them.', [
        'querystring.username: is required when email is not sent',
      ]);
    await throttleProbe(context, 'validate-new-customer', companyId, ip, {
      userName: input.username ? normalizeUserName(input.username) : undefined,
      email: input.email?.trim() || undefined,
    });
    const errors = input.username ? await userNameErrors(companyId, input.username) : [];
    const email = input.email ? await emailFindings(companyId, input.email) : { errors: [], warnings: [] };
    errors.push(...email.errors);
    return { is_valid: errors.length === 0, errors, warnings: email.warnings };
  }

  return { createQuickEnrollment, validateNewCustomer };
}
