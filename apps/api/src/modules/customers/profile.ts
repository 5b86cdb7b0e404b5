import type { Static } from 'typebox';
import { ApiError, notFound } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import { sha256Hex } from '../../security/tokens.js';
import type { CustomerRow, CustomersContext } from './context.js';
import { afterPasswordChange, passwordMatches } from './passwords.js';
import { assertLanguage, asUserNameTaken, availableUserName } from './record-checks.js';
import {
  assertEmail,
  assertPasswordPolicy,
  assertPhone,
  maskDriversLicense,
  maskSsn,
  normalizeUserName,
} from './rules.js';
import type { CustomerProfile, CustomerUpdateBody } from './schemas.js';
import * as store from './store.js';

type UpdateInput = Static<typeof CustomerUpdateBody>;
type ProfileWire = Static<typeof CustomerProfile>;

function toProfile(c: CustomerRow): ProfileWire {
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

/** Notifications may only be sent to an address the customer has once the changes are made. */
function assertNotificationAddresses(customer: CustomerRow, changes: store.CustomerChanges): void {
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
}

/** A customer's own record: reading it, and the changes the customer makes to it. */
export function createProfiles({ db, config, clock, mail, loginThrottle }: CustomersContext) {
  async function customerOrNotFound(companyId: number, customerId: number): Promise<CustomerRow> {
    const customer = await store.findCustomer(db, companyId, customerId);
    if (!customer) throw notFound(`Customer ${customerId}`);
    return customer;
  }

  async function profile(companyId: number, customerId: number): Promise<ProfileWire> {
    return toProfile(await customerOrNotFound(companyId, customerId));
  }

  /** Whoever holds the session must still prove the password: guessing it is throttled like a login. */
  async function proveCurrentPassword(
    companyId: number,
    customer: CustomerRow,
    password: string | undefined,
    ip: string,
  ): Promise<void> {
    if (!password)
      throw new ApiError(
        'CURRENT_PASSWORD_REQUIRED',
        'password: send the current password to change the username, the password or the email.',
      );
    const attempt = await loginThrottle.attempt(
      `customer-login:${companyId}`,
      customer.user_name ?? `customer:${customer.id}`,
      ip,
    );
    if (!(await passwordMatches(config, password, customer.password_hash)))
      throw new ApiError('CURRENT_PASSWORD_INCORRECT', 'password: the current password is not correct.');
    await attempt.succeeded();
  }

  /** The new username, email and password the input asks for; changing any of them needs the current password. */
  async function credentialChanges(
    companyId: number,
    customer: CustomerRow,
    input: UpdateInput,
    ip: string,
  ): Promise<store.CustomerChanges> {
    const newUserName =
      input.username !== undefined && normalizeUserName(input.username) !== customer.user_name
        ? input.username
        : undefined;
    const newEmail =
      input.email !== undefined && input.email.trim().toLowerCase() !== customer.email?.toLowerCase()
        ? assertEmail('email', input.email)
        : undefined;
    if (newUserName !== undefined || input.newPassword !== undefined || newEmail !== undefined)
      await proveCurrentPassword(companyId, customer, input.password, ip);
    const changes: store.CustomerChanges = {};
    if (newUserName !== undefined)
      changes.user_name = await availableUserName(db, companyId, 'username', newUserName, customer.id);
    if (newEmail !== undefined) changes.email = newEmail;
    if (input.newPassword !== undefined) {
      assertPasswordPolicy('newPassword', input.newPassword, changes.user_name ?? customer.user_name);
      changes.password_hash = await hashPassword(input.newPassword, config.passwordHashCost);
    }
    return changes;
  }

  /** The contact details and preferences the input asks for. */
  async function contactChanges(input: UpdateInput): Promise<store.CustomerChanges> {
    const changes: store.CustomerChanges = {};
    if (input.alternativeEmail !== undefined)
      changes.alternative_email =
        input.alternativeEmail === null || input.alternativeEmail.trim() === ''
          ? null
          : assertEmail('alternativeEmail', input.alternativeEmail);
    if (input.phone !== undefined) changes.phone = assertPhone('phone', input.phone);
    if (input.language !== undefined) {
      await assertLanguage(db, 'language', input.language);
      changes.id_prefered_language = input.language;
    }
    if (input.notificationToEmail !== undefined) changes.send_to_main_email = flag(input.notificationToEmail);
    if (input.notificationToAlternativeEmail !== undefined)
      changes.send_to_secondary_email = flag(input.notificationToAlternativeEmail);
    if (input.opted_marketing_coms !== undefined)
      changes.opted_marketing_coms = flag(input.opted_marketing_coms);
    return changes;
  }

  /** Writes the changes; a new password ends the customer's other sessions (`currentCustomerHash` stays). */
  async function saveChanges(
    companyId: number,
    customerId: number,
    changes: store.CustomerChanges,
    currentCustomerHash: string | undefined,
  ): Promise<void> {
    try {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await store.updateCustomer(trx, customerId, changes, now);
        if (changes.password_hash !== undefined)
          await afterPasswordChange(
            mail,
            now,
            trx,
            companyId,
            customerId,
            currentCustomerHash ? sha256Hex(currentCustomerHash) : undefined,
          );
      });
    } catch (error) {
      throw asUserNameTaken(error);
    }
  }

  /**
   * Updates the customer's own account. Changing the username, the password or the main email needs the current
   * password. A new password ends every other session of the customer and voids outstanding reset links.
   */
  async function update(
    companyId: number,
    customerId: number,
    input: UpdateInput,
    currentCustomerHash: string | undefined,
    ip: string,
  ): Promise<ProfileWire> {
    const customer = await customerOrNotFound(companyId, customerId);
    const changes = {
      ...(await credentialChanges(companyId, customer, input, ip)),
      ...(await contactChanges(input)),
    };
    assertNotificationAddresses(customer, changes);
    if (Object.keys(changes).length > 0)
      await saveChanges(companyId, customerId, changes, currentCustomerHash);
    return profile(companyId, customerId);
  }

  return { profile, update };
}
