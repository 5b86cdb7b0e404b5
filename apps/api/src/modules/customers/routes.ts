import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { PROBES_PER_IDENTITY_PER_HOUR } from './probes.js';
import { RECOVERY_EMAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from './recovery.js';
import { PASSWORD_POLICY, USERNAME_RULE } from './rules.js';
import {
  CustomerAuthResult,
  CustomerIdParams,
  CustomerLoginBody,
  CustomerProfile,
  CustomerUpdateBody,
  LinkAccountsBody,
  LinkAccountsResult,
  NewCustomerValidation,
  QuickEnrollmentBody,
  QuickEnrollmentResult,
  RecoveryBody,
  ResetPasswordBody,
  ResetPasswordResult,
  ValidateNewCustomerQuery,
  ValidateResetHashBody,
  ValidationResult,
} from './schemas.js';
import type { CustomersService } from './service.js';

const TAGS = ['Customers'];
const POLICY_TEXT =
  `Password policy: ${PASSWORD_POLICY.minLength} to ${PASSWORD_POLICY.maxLength} characters with at least one ` +
  'letter and one digit, not containing the username.';
const RECOVERY_TEXT =
  'The answer is the same, and takes the same time, whether or not an account matches, so it cannot be used to ' +
  `find accounts. At most ${RECOVERY_EMAILS_PER_HOUR} emails per account or address are sent per hour, and ` +
  `${PROBES_PER_IDENTITY_PER_HOUR} requests per hour may name one username or email address (then 429).`;
const RecoveryAccepted = Envelope(Type.Null());
const customerHashOf = (header: string | string[] | undefined) =>
  Array.isArray(header) ? header[0] : header;

export const customerRoutes: FastifyPluginAsyncTypebox<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  app.post(
    '/customers/login',
    {
      config: { errors: ['CUSTOMER_LOGIN_FAILED'] },
      schema: {
        operationId: 'customerLogin',
        tags: TAGS,
        summary: 'Log in a customer of the self-service site',
        description:
          'Checks the customer username and password and returns the customer hash to send as `X-Customer-Hash` on ' +
          'customer-scoped calls. The hash is bound to this customer and to the retail company of the calling account.',
        body: CustomerLoginBody,
        response: { 200: Envelope(CustomerAuthResult) },
      },
    },
    async (request) => ok(await customers.login(callerOf(request).companyId, request.body, request.ip)),
  );

  app.get(
    '/customers/:customerId/profile',
    {
      config: { access: 'customer' },
      schema: {
        operationId: 'getCustomerProfile',
        tags: TAGS,
        summary: "The signed-in customer's profile",
        description:
          "SSN and driver's licence are masked (`***-**-6789`, `*****1234`); they are never returned in clear, and " +
          'no password data is returned.',
        params: CustomerIdParams,
        response: { 200: Envelope(CustomerProfile) },
      },
    },
    async (request) => ok(await customers.profile(callerOf(request).companyId, request.params.customerId)),
  );

  app.put(
    '/customers/:customerId',
    {
      config: {
        errors: [
          'CURRENT_PASSWORD_INCORRECT',
          'CURRENT_PASSWORD_REQUIRED',
          'EMAIL_INVALID',
          'LANGUAGE_NOT_FOUND',
          'NOTIFICATION_EMAIL_MISSING',
          'PASSWORD_TOO_WEAK',
          'PHONE_INVALID',
          'USERNAME_INVALID',
          'USERNAME_TAKEN',
        ],
        access: 'customer',
      },
      schema: {
        operationId: 'updateCustomer',
        tags: TAGS,
        summary: "Update the signed-in customer's account",
        description:
          'Only the fields sent change. Changing `username`, the password (`newPassword`) or `email` needs the ' +
          'current `password`. Usernames are case-insensitive and unique within the retail company ' +
          `(${USERNAME_RULE.description}). ${POLICY_TEXT} A new password ends every other session of the customer ` +
          '(the calling customer hash stays valid), voids outstanding reset links and emails a notice. Returns the ' +
          'updated profile.',
        params: CustomerIdParams,
        body: CustomerUpdateBody,
        response: { 200: Envelope(CustomerProfile) },
      },
    },
    async (request) =>
      ok(
        await customers.update(
          callerOf(request).companyId,
          request.params.customerId,
          request.body,
          customerHashOf(request.headers['x-customer-hash']),
          request.ip,
        ),
        'The customer was updated.',
      ),
  );

  app.post(
    '/customers/:customerId/link-accounts',
    {
      config: { errors: ['LINK_CREDENTIALS_INVALID', 'LINK_SAME_ACCOUNT'], access: 'customer' },
      schema: {
        operationId: 'linkCustomerAccounts',
        tags: TAGS,
        summary: 'Merge another self-service login into this customer',
        description:
          'Proves ownership of another login of the same retail company with its username and password. That login ' +
          'is deactivated (its sessions end; its username stays reserved) and linked to this customer: its ' +
          "enrollments are listed with this customer's, and logins previously merged into it follow. Profiles are " +
          'not merged.',
        params: CustomerIdParams,
        body: LinkAccountsBody,
        response: { 200: Envelope(LinkAccountsResult) },
      },
    },
    async (request) =>
      ok(
        await customers.linkAccounts(
          callerOf(request).companyId,
          request.params.customerId,
          request.body,
          request.ip,
        ),
        'The accounts were linked.',
      ),
  );

  app.post(
    '/customers/create-customer-quick-enrollment',
    {
      config: {
        errors: [
          'EMAIL_INVALID',
          'LANGUAGE_NOT_FOUND',
          'PASSWORD_TOO_WEAK',
          'PHONE_INVALID',
          'USERNAME_TAKEN',
        ],
        idempotent: true,
      },
      schema: {
        operationId: 'createCustomerQuickEnrollment',
        tags: TAGS,
        summary: 'Create a customer for the enrollment wizard',
        description:
          'Creates a customer record from the few fields the enrollment wizard asks first. With `username` and ' +
          '`password` it also opens a self-service login and returns a customer hash, so the wizard can continue ' +
          `with customer-scoped calls. ${POLICY_TEXT} A username already taken in the company is refused (409).`,
        body: QuickEnrollmentBody,
        response: { 200: Envelope(QuickEnrollmentResult) },
      },
    },
    async (request) =>
      ok(
        await customers.createQuickEnrollment(callerOf(request).companyId, request.body, request.ip),
        'The customer was created.',
      ),
  );

  app.post(
    '/customers/forgot-password',
    {
      config: { errors: ['BRAND_NOT_FOUND'] },
      schema: {
        operationId: 'customerForgotPassword',
        tags: TAGS,
        summary: 'Email a password reset link',
        description:
          'Send `username` or `email` (both must match when both are sent). Each matching login receives, at its ' +
          `own email address, a link with a single-use security token valid for ${RESET_TOKEN_TTL_MINUTES} minutes, ` +
          `branded with the brand \`brandId\`, in the customer's language. ${RECOVERY_TEXT}`,
        body: RecoveryBody,
        response: { 200: RecoveryAccepted },
      },
    },
    async (request) => {
      await customers.forgotPassword(callerOf(request).companyId, request.body, request.ip);
      return ok(null, 'If an account matches, a reset link is on its way to its email address.');
    },
  );

  app.post(
    '/customers/forgot-username',
    {
      schema: {
        operationId: 'customerForgotUsername',
        tags: TAGS,
        summary: 'Email the usernames of an address',
        description:
          'Send `email` (or `username`). Each matching address receives the usernames registered with it, branded ' +
          `with the brand \`brandId\`, in the customer's language. ${RECOVERY_TEXT}`,
        body: RecoveryBody,
        response: { 200: RecoveryAccepted },
      },
    },
    async (request) => {
      await customers.forgotUsername(callerOf(request).companyId, request.body, request.ip);
      return ok(null, 'If an account matches, its username is on its way to its email address.');
    },
  );

  app.post(
    '/customers/validate-reset-hash',
    {
      schema: {
        operationId: 'validateCustomerResetHash',
        tags: TAGS,
        summary: 'Check a password reset link without using it',
        description:
          'Answers whether the security token of a reset link can still be used (not used, not expired). It does ' +
          'not consume the token. `errors` carries RESET_TOKEN_INVALID, RESET_TOKEN_USED or RESET_TOKEN_EXPIRED.',
        body: ValidateResetHashBody,
        response: { 200: Envelope(ValidationResult) },
      },
    },
    async (request) => ok(await customers.validateResetHash(callerOf(request).companyId, request.body.hash)),
  );

  app.post(
    '/customers/reset-password',
    {
      config: {
        errors: ['PASSWORD_TOO_WEAK', 'RESET_TOKEN_EXPIRED', 'RESET_TOKEN_INVALID', 'RESET_TOKEN_USED'],
      },
      schema: {
        operationId: 'customerResetPassword',
        tags: TAGS,
        summary: 'Set a new password from a reset link',
        description:
          `Sets the password and consumes the security token: it works once. Every session of the customer ends, ` +
          `other outstanding reset links are voided and a notice is emailed. ${POLICY_TEXT}`,
        body: ResetPasswordBody,
        response: { 200: Envelope(ResetPasswordResult) },
      },
    },
    async (request) =>
      ok(
        await customers.resetPassword(callerOf(request).companyId, request.body),
        'The password was changed.',
      ),
  );

  app.get(
    '/customers/validate-new-customer',
    {
      schema: {
        operationId: 'validateNewCustomer',
        tags: TAGS,
        summary: "Check a new customer's username and email",
        description:
          'Errors (is_valid false): USERNAME_INVALID (format: ' +
          `${USERNAME_RULE.description}), USERNAME_TAKEN (case-insensitive, within the retail company), ` +
          'EMAIL_INVALID. An email address already used by another customer of the company is not an error, since ' +
          'households and businesses share addresses: it comes back as the warning EMAIL_ALREADY_USED.',
        querystring: ValidateNewCustomerQuery,
        response: { 200: Envelope(NewCustomerValidation) },
      },
    },
    async (request) =>
      ok(await customers.validateNewCustomer(callerOf(request).companyId, request.query, request.ip)),
  );
};
