import { Type } from 'typebox';
import { DateOf, Id, Nullable, PlainDate, UsStateCode, UsZipCode } from '../../http/schemas.js';
import { CreditCheckResult } from '../credit-checks/index.js';
import { StartPriorityField, SwitchTypeField } from '../plans/index.js';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from './lifecycle.js';

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

const LdcAccount = Type.String({
  minLength: 1,
  maxLength: 30,
  description: 'ESIID in Texas, the utility account number elsewhere.',
});

const addressFields = {
  address: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  address2: Type.Optional(Nullable(text(50))),
  city: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }),
  county: Type.Optional(Nullable(text(50))),
  state: UsStateCode,
  zipcode: UsZipCode,
  meter_number: Type.Optional(Nullable(text(20))),
};

/** Where service is delivered: the meter's account number is what the utility switches. */
export const ServiceAddress = Type.Object({ ...addressFields, ldcAccount: LdcAccount });

/** Where bills go (the service address when absent). */
export const BillingAddress = Type.Object({ ...addressFields, ldcAccount: Type.Optional(LdcAccount) });

/**
 * What staff may correct on an enrollment the billing system refused or an agent holds: the addresses (the service
 * address stays in the utility's territory and state; a different meter is a new enrollment) and the customer's
 * name and contact details. Only what is sent changes.
 */
export const EnrollmentCorrection = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500, description: 'Why; kept in the status history.' }),
  serviceAddress: Type.Optional(
    Type.Object({
      address: addressFields.address,
      address2: addressFields.address2,
      city: addressFields.city,
      zipcode: UsZipCode,
    }),
  ),
  billingAddress: Type.Optional(
    Type.Object({
      address: addressFields.address,
      address2: addressFields.address2,
      city: addressFields.city,
      state: UsStateCode,
      zipcode: UsZipCode,
    }),
  ),
  customer: Type.Optional(
    Type.Object({
      firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' })),
      lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' })),
      email: Type.Optional(Type.String({ format: 'email', maxLength: 100 })),
      phone: Type.Optional(Type.String({ pattern: '^\\D*(\\d\\D*){10}$', description: 'Ten digits.' })),
    }),
  ),
  resubmit: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'Send a refused submission to the billing system again at once (SUBMITTED_WITH_ERRORS).',
    }),
  ),
});

export const EnrollmentCustomer = Type.Object({
  idCustomer: Type.Optional(Id('An existing customer of the company; the other fields then update nothing.')),
  firstName: Type.Optional(text(50)),
  lastName: Type.Optional(text(50)),
  firmName: Type.Optional(text(100)),
  email: Type.Optional(text(100)),
  primaryPhoneNumber: Type.Optional(text(20)),
  primaryPhoneType: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  contactName: Type.Optional(text(100)),
  employerName: Type.Optional(text(100)),
  faxNum: Type.Optional(text(20)),
  fedtaxid: Type.Optional(text(11)),
  driversLicenseNumber: Type.Optional(text(20)),
  driversLicenseStateCode: Type.Optional(text(2)),
  alternativeEmail: Type.Optional(text(100)),
  username: Type.Optional(Type.String({ minLength: 3, maxLength: 100 })),
  password: Type.Optional(Type.String({ minLength: 10, maxLength: 200 })),
  otherPhoneNumber: Type.Optional(text(20)),
  otherPhoneType: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  languageId: Type.Optional(Id('id_language; the default language when absent.')),
  preferedContact: Type.Optional(Id('id_method_contact: how the customer agreed to be contacted.')),
  confirmationCode: Type.Optional(text(50, 'The sales confirmation code (door-to-door or phone sales).')),
  dateOfBirth: Type.Optional(PlainDate),
  socialSecurityNumber: Type.Optional(
    Type.String({
      maxLength: 11,
      description:
        '9 digits, with or without dashes. When given it must be the SSN the credit check was run with; stored encrypted on a new customer and never returned.',
    }),
  ),
  suscribeMarketingComms: Type.Optional(Type.Boolean()),
});

export const PaymentProfileReference = Type.Object({
  paymentProfileToken: Type.String({ minLength: 1, maxLength: 100 }),
  paymentType: Type.Optional(Type.Union([Type.Literal('CreditCard'), Type.Literal('BankAccount')])),
  ccType: Type.Optional(text(30)),
  ccLastDigits: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', maxLength: 4 })),
  ccExpirationDate: Type.Optional(text(7)),
  achRoutingNumber: Type.Optional(text(9, 'Not stored: the gateway keeps bank details.')),
  achAccountNumber: Type.Optional(text(17, 'Not stored: the gateway keeps bank details.')),
  achAccountType: Type.Optional(text(20)),
});

export const EnrollmentPayment = Type.Object({
  bypassCreditCheck: Type.Optional(
    Type.Boolean({
      description: 'Skip the credit check where the plan allows it; a deposit is then required.',
    }),
  ),
  creditCheckId: Type.Optional(Id('id_credit_check from POST /payments/credit-check.')),
  acceptRecurringBilling: Type.Optional(Type.Boolean()),
  depositOptions: Type.Optional(
    Type.Union([Type.Literal('PayNow'), Type.Literal('PayLater'), Type.Literal('LetterOfCredit')], {
      description:
        'How a required deposit is handled: charged now to the deposit profile, paid later, or covered by a letter of credit (business customers).',
    }),
  ),
  creditCheckResult: Type.Optional(
    Type.Partial(CreditCheckResult, {
      description:
        'The answer of POST /payments/credit-check, passed along for the record; Voltin decides on the stored check named by creditCheckId.',
    }),
  ),
  customerProfileToken: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  paymentProfiles: Type.Optional(Type.Array(PaymentProfileReference, { maxItems: 5 })),
  recurringBillingToken: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'The payment profile token for autopay.' }),
  ),
  depositToken: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The payment profile token to charge the deposit to.',
    }),
  ),
  depositWaived: Type.Optional(
    Type.Boolean({
      description: 'Asks to waive the deposit; the enrollment then waits for an agent (ON_HOLD).',
    }),
  ),
  depositCaptureStatus: Type.Optional(Type.Union([Type.Literal('Captured'), Type.Literal('NotCaptured')])),
  depositTransactionId: Type.Optional(
    text(60, 'The gateway transaction of a deposit captured before enrolling.'),
  ),
});

export const EnrollmentCreateRequest = Type.Object({
  planId: Id('The plan to enroll in.'),
  commodityName: Type.Union([Type.Literal('Electric'), Type.Literal('Gas')]),
  customerType: Type.Union([
    Type.Literal('Residential'),
    Type.Literal('SmallBusiness'),
    Type.Literal('LargeBusiness'),
  ]),
  switchType: SwitchTypeField,
  priority: Type.Optional(StartPriorityField),
  requestedStartDate: DateOf(
    'The day service starts: one of the available_dates of GET /plans/start-dates/{planId} for this switchType and priority.',
  ),
  nameKey: Type.Optional(text(10, 'Customer name key, where the utility requires it.')),
  salesChannel: Type.Optional(
    Type.Union(
      [Type.Literal('Web'), Type.Literal('Phone'), Type.Literal('DoorToDoor'), Type.Literal('Retail')],
      {
        description:
          'How the sale was made. A door-to-door sale needs a third-party phone verification before it goes to billing.',
      },
    ),
  ),
  agreedAcceptanceValues: Type.Array(Id('id_option'), {
    maxItems: 20,
    description: 'The acceptance options the customer agreed to.',
  }),
  promoCode: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 40,
      description:
        "The promo code the customer gave in plan shopping (any case). Required for a campaign's plan, which is sold " +
        'only with its code: the enrollment uses the code once, and a code whose campaign has reached its usage limit ' +
        'is refused with PROMO_CODE_EXHAUSTED.',
    }),
  ),
  billingDeliveryMethod: Type.Integer({
    minimum: 1,
    maximum: 3,
    description: '1 email, 2 letter, 3 email and letter.',
  }),
  criticalCareResidentialCustomer: Type.Optional(
    Type.Boolean({ description: 'Someone at the address depends on electric-powered medical equipment.' }),
  ),
  serviceAddress: ServiceAddress,
  billingAddress: Type.Optional(BillingAddress),
  customer: EnrollmentCustomer,
  payment: Type.Optional(EnrollmentPayment),
});

export const StatusDetails = Type.Object({
  depositPending: Type.Boolean(),
  autopaySubscriptionPending: Type.Boolean(),
  manualApprovalPending: Type.Boolean(),
  sentToBillingSystem: Type.Boolean(),
});

export const EnrollmentCreateResult = Type.Object({
  enrollmentId: Type.Integer(),
  enrollmentStatus: Type.Unsafe<EnrollmentStatus>(
    Type.String({ enum: [...ENROLLMENT_STATUSES], description: 'See Enrollment Statuses.' }),
  ),
  enrollmentLdc: Type.String(),
  customerId: Type.Integer(),
  statusDetails: StatusDetails,
});

const ResponseAddress = Type.Object({
  address_1: Type.String(),
  address_2: Nullable(Type.String()),
  city: Type.String(),
  state: Type.String(),
  ldc_account: Type.String(),
  correspondence_zip: Type.String(),
});

export const Enrollment = Type.Object({
  id_enrollment: Type.Integer(),
  id_customer: Type.Integer(),
  id_plan: Type.Integer(),
  id_utility: Type.Integer(),
  id_status: Type.Integer({
    description: 'The status id of the lifecycle table (docs: Enrollment Statuses).',
  }),
  status: Type.String(),
  requested_start_date: PlainDate,
  contract_start_date: Nullable(PlainDate),
  contract_end_date: Nullable(PlainDate),
  isRenewable: Type.Boolean(),
  winbackProcess: Nullable(
    Type.Union([Type.Literal('ReEnroll'), Type.Literal('Reinstatement'), Type.Literal('Both')]),
  ),
  showRenewable: Type.Boolean(),
  showReEnroll: Type.Boolean(),
  showReinstatement: Type.Boolean(),
  pendingDepositAmount: Type.Number({ description: 'Dollars of deposit still due.' }),
  showPaymentDeposit: Type.Boolean(),
  canMakePayments: Type.Boolean(),
  showPayments: Type.Boolean(),
  isActive: Type.Boolean(),
  id_method_delivery: Type.Integer(),
  plans: Type.Array(
    Type.Object({
      id_plan: Type.Integer(),
      version: Type.Integer({
        description:
          'The plan version the customer accepted. Its prices hold for the whole contract, whatever the plan costs later.',
      }),
      name: Type.String(),
      rate: Type.Number({
        description: "The accepted version's energy charge, in cents per kWh (or therm, Ccf).",
      }),
      monthly_fee: Type.Number({ description: "The accepted version's base charge, in dollars per month." }),
      cancellation_fee: Type.Number({
        description: "The accepted version's early termination fee, in dollars.",
      }),
      term: Type.Integer(),
      commodity_name: Type.String(),
    }),
  ),
  service_address: ResponseAddress,
  billing_address: ResponseAddress,
  enrollment_statuses: Type.Array(
    Type.Object({ name: Type.String(), status_for_customers: Type.String(), changed_at: Type.String() }),
    { description: 'Status history, newest first.' },
  ),
  statusDetails: StatusDetails,
  billing_errors: Type.Array(Type.String()),
  meter_unverified: Type.Boolean({
    description:
      'The ESIID was not in the ESIID data when the enrollment was accepted (company setting unknown_esiids = verify_later): an agent verifies the meter (GET /agent/unverified-meters). Not a hold.',
  }),
});

export const EnrollmentIdParams = Type.Object({ enrollmentId: Id('id_enrollment') });

export const DROP_REASONS = [
  { id: 1, name: 'Switching to another provider', etf: true },
  { id: 2, name: 'Moving out of the service address', etf: false },
  { id: 3, name: 'Price', etf: true },
  { id: 4, name: 'Service dissatisfaction', etf: true },
  { id: 5, name: 'Customer deceased', etf: false },
  { id: 6, name: 'Other', etf: true },
] as const;

export const RenewalRequest = Type.Object({
  planId: Id('The plan to renew onto (same utility and customer type).'),
  billingDeliveryMethod: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  requestedStartDate: Type.Optional(PlainDate),
  agreedAcceptanceValues: Type.Array(Id('id_option'), { maxItems: 20 }),
  billingAddress: Type.Optional(BillingAddress),
  customer: Type.Optional(
    Type.Object({
      firstName: Type.Optional(text(50)),
      lastName: Type.Optional(text(50)),
      firmName: Type.Optional(text(100)),
      email: Type.Optional(text(100)),
      phoneNumber: Type.Optional(text(20)),
      fedtaxid: Type.Optional(text(11)),
    }),
  ),
});

export const DropRequest = Type.Object({
  effectiveDate: PlainDate,
  reasonCodeId: Type.Integer({
    minimum: 1,
    maximum: DROP_REASONS.length,
    description: DROP_REASONS.map((r) => `${r.id} ${r.name}`).join('; '),
  }),
  removeMeter: Type.Optional(Type.Boolean({ default: false })),
});

export const DropResult = Type.Object({
  enrollment: Enrollment,
  etf_invoice: Nullable(
    Type.Object({
      id_etf_invoice: Type.Integer(),
      amount: Type.Number({ description: 'Dollars.' }),
      status: Type.String(),
    }),
  ),
});

export const TransferRequest = Type.Object({
  currentServiceEffectiveDate: PlainDate,
  newServiceStartDate: PlainDate,
  removeMeter: Type.Optional(Type.Boolean()),
  paymentProfileToken: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  serviceAddress: ServiceAddress,
  billingAddress: Type.Optional(BillingAddress),
});

export const TransferResult = Type.Object({
  is_near_to_renew: Type.Boolean({
    description: 'The current contract ends within the renewal alert window.',
  }),
  open_wizard: Type.Boolean({
    description: 'The plan is not sold at the new address: choose a plan for it in the enrollment wizard.',
  }),
  error: Nullable(Type.String()),
  id_new_enrollment: Nullable(Type.Integer()),
});

export const DeliveryMethodRequest = Type.Object({
  id_method_delivery: Type.Integer({
    minimum: 1,
    maximum: 3,
    description: '1 email, 2 letter, 3 email and letter.',
  }),
});

export const RecurringBillingRequest = Type.Object({
  customer_profile_token: Type.String({ minLength: 1, maxLength: 100 }),
  payment_profile_token: Type.String({ minLength: 1, maxLength: 100 }),
  date_from: PlainDate,
});

export const RecurringBilling = Type.Object({
  idEnrollment: Type.Integer(),
  paymentProfileToken: Type.String(),
  dateFrom: PlainDate,
  status: Type.String({ description: 'active or finished.' }),
  paymentType: Nullable(Type.String()),
  cardType: Nullable(Type.String()),
  cardNumber: Nullable(Type.String({ description: 'Masked, e.g. XXXX1111.' })),
  cardExpirationDate: Nullable(Type.String()),
  accountNumber: Nullable(Type.String({ description: 'Masked.' })),
  accountType: Nullable(Type.String()),
});

export const TransactionOptionsQuery = Type.Object({
  ldcNumber: Type.String({ minLength: 1, maxLength: 30 }),
  commodityType: Type.Union([Type.Literal('Electric'), Type.Literal('Gas')]),
  idCustomer: Type.Optional(Id('Identifies the customer; overrides the other identity fields.')),
  firstName: Type.Optional(text(50)),
  lastName: Type.Optional(text(50)),
  firmName: Type.Optional(text(100)),
  email: Type.Optional(text(100)),
  phoneNumber: Type.Optional(text(20)),
});

export const TransactionOptions = Type.Object({
  ldc_exists: Type.Boolean({ description: 'The LDC number has an enrollment with this company.' }),
  same_customer: Type.Boolean({ description: 'That enrollment belongs to the identified customer.' }),
  id_previous_enrollment: Nullable(Type.Integer()),
  previous_status: Nullable(Type.String()),
  options: Type.Array(
    Type.Union([
      Type.Literal('NewEnrollment'),
      Type.Literal('MoveIn'),
      Type.Literal('Renewal'),
      Type.Literal('TransferOfService'),
      Type.Literal('ReEnroll'),
      Type.Literal('Reinstatement'),
    ]),
  ),
});

export const ExistsRepeatedQuery = Type.Object({
  ldcNumber: Type.String({ minLength: 1, maxLength: 30 }),
  idPlan: Type.Optional(Id('id_plan')),
});
export const ExistsRepeatedBody = Type.Object({
  firstName: Type.Optional(text(50)),
  lastName: Type.Optional(text(50)),
  firmName: Type.Optional(text(100)),
  email: Type.Optional(text(100)),
  phoneNumber: Type.Optional(text(20)),
});
export const ExistsRepeated = Type.Object({
  data: Type.Boolean({
    description: 'The LDC number already has a live enrollment (a create would be refused as a duplicate).',
  }),
  id_previous_enrollment: Nullable(Type.Integer()),
  same_plan: Type.Boolean(),
  same_customer: Type.Boolean(),
});

export const CreditLetter = Type.Object({
  id_customer_credit_letters: Type.Integer(),
  id_status: Type.Integer({ description: '0 pending, 1 approved, 2 rejected, 3 discarded.' }),
  file_name: Type.String(),
  id_enrollment: Type.Integer(),
  url: Type.String({ description: 'Signed download link, valid 24 hours.' }),
});
