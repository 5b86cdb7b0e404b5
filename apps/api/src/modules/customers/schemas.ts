import { Type } from 'typebox';
import { Id, Nullable } from '../../http/schemas.js';

export const CustomerLoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const CustomerAuthResult = Type.Object({
  customerId: Type.Integer(),
  customerHash: Type.String({ description: 'Send as `X-Customer-Hash` on customer-scoped calls.' }),
  expiresIn: Type.Integer({ description: 'Seconds until the customer hash expires.' }),
});

export const CustomerIdParams = Type.Object({ customerId: Id('The customer (`id_customer`).') });

const Email = (description: string) => Type.String({ maxLength: 254, description });
const Phone = (description: string) =>
  Type.String({
    maxLength: 30,
    description: `${description} A US number of 10 digits; formatting is removed.`,
  });

export const CustomerProfile = Type.Object({
  id_customer: Type.Integer(),
  user_name: Nullable(
    Type.String({ description: 'Self-service username (lower case); null without a login.' }),
  ),
  first_name: Type.String(),
  last_name: Type.String(),
  phone: Nullable(Type.String()),
  active: Type.Boolean(),
  email: Nullable(Type.String()),
  alternative_email: Nullable(Type.String()),
  send_to_main_email: Type.Boolean({ description: 'Notifications go to `email`.' }),
  send_to_secondary_email: Type.Boolean({ description: 'Notifications go to `alternative_email`.' }),
  ssn: Nullable(
    Type.String({ description: 'Masked, e.g. `***-**-6789`: the SSN is never returned in clear.' }),
  ),
  cell_number: Nullable(Type.String()),
  employer_name: Nullable(Type.String()),
  drivers_license_number: Nullable(
    Type.String({
      description: "Masked, e.g. `*****1234`: the driver's licence is never returned in clear.",
    }),
  ),
  drivers_license_state_code: Nullable(Type.String()),
  fax_num: Nullable(Type.String()),
  firm_name: Nullable(Type.String()),
  contact_name: Nullable(Type.String()),
  customer_name: Type.String({
    description: 'The name to address the customer by: the business or firm name, else first and last name.',
  }),
  business_name: Nullable(Type.String()),
  other_phone: Nullable(Type.String()),
  id_primary_phone_type: Nullable(Type.Integer()),
  id_other_phone_type: Nullable(Type.Integer()),
  id_prefered_language: Type.Integer({ description: 'Language id (see `GET /document-languages`).' }),
  opted_marketing_coms: Type.Boolean(),
  disabled_bank_accounts_date: Nullable(Type.String()),
});

export const CustomerUpdateBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100, description: 'New username (needs `password`).' })),
  password: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'The current password. Required to change `username`, the password (`newPassword`) or `email`.',
    }),
  ),
  newPassword: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'New password under the password policy (needs `password`).',
    }),
  ),
  email: Type.Optional(Email('New main email address (needs `password`).')),
  alternativeEmail: Type.Optional(
    Nullable(Email('Secondary email address; null or an empty string removes it.')),
  ),
  phone: Type.Optional(Phone('Primary phone.')),
  notificationToEmail: Type.Optional(Type.Boolean({ description: 'Send notifications to `email`.' })),
  notificationToAlternativeEmail: Type.Optional(
    Type.Boolean({ description: 'Send notifications to `alternativeEmail`.' }),
  ),
  language: Type.Optional(Id('Preferred language id (see `GET /document-languages`).')),
  opted_marketing_coms: Type.Optional(Type.Boolean({ description: 'The customer accepts marketing email.' })),
});

export const LinkAccountsBody = Type.Object({
  oldUsername: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Username of the login to merge in.',
  }),
  oldPassword: Type.String({ minLength: 1, maxLength: 200, description: 'Its password.' }),
});

export const LinkAccountsResult = Type.Object({
  customerId: Type.Integer({ description: 'The customer that stays (the caller).' }),
  linkedCustomerIds: Type.Array(Type.Integer(), {
    description: "Every login merged into this customer; their enrollments are listed with this customer's.",
  }),
});

export const QuickEnrollmentBody = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  email: Email('Main email address.'),
  primaryPhoneNumber: Phone('Primary phone.'),
  primaryPhoneType: Type.Optional(Id('Phone type id.')),
  languageId: Id('Preferred language id (see `GET /document-languages`).'),
  suscribeMarketingComms: Type.Optional(
    Type.Boolean({ description: 'The customer accepts marketing email.' }),
  ),
  username: Type.Optional(
    Type.String({ maxLength: 100, description: 'Opens a self-service login at once, with `password`.' }),
  ),
  password: Type.Optional(
    Type.String({ maxLength: 200, description: 'Password of the new login, under the password policy.' }),
  ),
});

export const QuickEnrollmentResult = Type.Object({
  customerId: Type.Integer(),
  customerHash: Type.Optional(
    Type.String({
      description: 'Only when a username and password were given: the new login is signed in already.',
    }),
  ),
  expiresIn: Type.Optional(Type.Integer({ description: 'Seconds until the customer hash expires.' })),
});

export const RecoveryBody = Type.Object({
  brandId: Id('The brand (`id_site` from `GET /brands`) whose name, phone and site brand the email.'),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
});

export const ResetPasswordBody = Type.Object({
  newPassword: Type.String({ minLength: 1, maxLength: 200 }),
  securityToken: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The token from the reset link emailed by `POST /customers/forgot-password`.',
  }),
});

export const ResetPasswordResult = Type.Object({ customerId: Type.Integer() });

export const ValidateResetHashBody = Type.Object({
  hash: Type.String({ minLength: 1, maxLength: 200, description: 'The security token of a reset link.' }),
});

const CheckItem = Type.Object({ code: Type.String(), message: Type.String() });

export const ValidationResult = Type.Object({
  is_valid: Type.Boolean(),
  errors: Type.Array(CheckItem),
});

export const ValidateNewCustomerQuery = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
});

export const NewCustomerValidation = Type.Object({
  is_valid: Type.Boolean({ description: 'False when `errors` is not empty.' }),
  errors: Type.Array(CheckItem),
  warnings: Type.Array(CheckItem, {
    description: 'Facts worth showing that do not block the new customer (an email address already in use).',
  }),
});
