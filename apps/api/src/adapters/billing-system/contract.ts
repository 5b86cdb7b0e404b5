import { type TSchema, Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { contractDocument } from '../connector-contract/document.js';
import type { ContractEndpoint } from '../connector-contract/protocol.js';

/*
 * Voltin's billing system contract. Money is integer cents, dates are YYYY-MM-DD, unknown answer fields are ignored.
 *
 * Decision: every read sends the whole BillingAccount Voltin holds (the enrollment, its plan and utility charges, its
 * card and bank transactions, the day asked about). A vendor's connector looks the account up by
 * `billingAccountNumber` and answers from its own books; the sandbox, which keeps no state, computes the answer from
 * the account. One request shape serves both, and the read stays a POST so personal data never sits in a URL.
 */

const PlainDate = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: `${description} (YYYY-MM-DD)` });
const Cents = (description: string) => Type.Integer({ description: `${description}, in cents` });
const CompanyId = Type.Integer({
  minimum: 1,
  description: "The retail company (Voltin's id) the call is for.",
});

const Address = Type.Object({
  address: Type.String(),
  address2: Nullable(Type.String()),
  city: Type.String(),
  state: Type.String(),
  zipcode: Type.String(),
});

export const EnrollmentSubmissionSchema = Type.Object(
  {
    enrollmentId: Type.Integer({
      minimum: 1,
      description: "Voltin's id of the enrollment; the same on every attempt.",
    }),
    companyId: CompanyId,
    submissionAttempt: Type.Integer({
      minimum: 1,
      description:
        'Which attempt this is: Voltin sends an enrollment again, later, when a submission got no answer.',
    }),
    billingSystemPlanCode: Type.String({ description: "The plan's code in the billing system." }),
    ldcAccount: Type.String({ description: 'The utility account (ESIID in Texas).' }),
    utilityCode: Type.String(),
    switchType: Type.String({ description: 'How the customer moves: a switch or a move-in.' }),
    requestedStartDate: PlainDate('The first day of service asked for'),
    customer: Type.Object({
      firstName: Type.String(),
      lastName: Type.String(),
      firmName: Nullable(Type.String()),
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
    }),
    serviceAddress: Address,
    billingAddress: Address,
    billingDeliveryMethod: Type.Integer({ description: 'How bills are sent (the docs list the methods).' }),
    renewal: Type.Boolean({ description: 'True for renewals: the account exists and changes plan.' }),
  },
  { description: 'An enrollment to bill: open the account (or, for a renewal, change its plan).' },
);

export const SubmissionResultSchema = Type.Union(
  [
    Type.Object({ outcome: Type.Literal('accepted'), billingAccountNumber: Type.String({ minLength: 1 }) }),
    Type.Object({
      outcome: Type.Literal('accepted_with_errors'),
      billingAccountNumber: Type.String({ minLength: 1 }),
      errors: Type.Array(Type.String(), {
        minItems: 1,
        description: 'What an agent must correct; the enrollment waits in SUBMITTED_WITH_ERRORS.',
      }),
    }),
  ],
  { description: 'The account the billing system opened, with the errors it found, if any.' },
);

export const BillingAccountSchema = Type.Object(
  {
    companyId: CompanyId,
    enrollmentId: Type.Integer({ minimum: 1 }),
    billingAccountNumber: Nullable(
      Type.String({ description: 'The account number the billing system answered the submission with.' }),
    ),
    status: Type.String({ description: "The enrollment's lifecycle status." }),
    billed: Type.Boolean({
      description:
        'Service is billed under the enrollment (active, being dropped, or dropped: its final bills).',
    }),
    commodity: Type.String({ description: 'Electric or Gas.' }),
    customerType: Type.String({ description: 'Residential, SmallBusiness or LargeBusiness.' }),
    ldcAccount: Type.String(),
    serviceAddress: Address,
    serviceStartDate: Nullable(PlainDate('The first day of service')),
    serviceEndDate: Nullable(PlainDate("The drop's effective date: the last meter read")),
    plan: Type.Object({
      name: Type.String(),
      billingSystemPlanCode: Type.String(),
      rate: Type.Number({ description: 'Energy charge in cents per unit of usage (kWh, Ccf or therm).' }),
      monthlyFee: Type.Number({ description: 'Dollars per month.' }),
      timeOfUse: Type.Array(
        Type.Object({
          name: Type.String(),
          season: Type.String(),
          start_hour: Type.Integer(),
          end_hour: Type.Integer(),
          days: Type.String(),
          rate: Type.Number(),
        }),
      ),
    }),
    utility: Type.Object({
      code: Type.String(),
      name: Type.String(),
      stateCode: Type.String(),
      deliveryCharges: Type.Array(
        Type.Object({
          name: Type.String(),
          type: Type.String({ description: '`monthly`, or per unit: `per_kwh`, `per_ccf`, `per_therm`.' }),
          charge: Type.Number({ description: 'Dollars.' }),
          uom_from: Nullable(Type.Number()),
          uom_to: Nullable(Type.Number()),
        }),
      ),
    }),
    transactions: Type.Array(
      Type.Object({
        id: Type.Integer(),
        type: Type.String({ description: 'ONE_TIME_PAYMENT, RECURRING_BILLING, DEPOSIT, …' }),
        status: Type.String({ description: 'approved, declined, pending, …' }),
        amountCents: Cents('The amount'),
        date: PlainDate('The day of the transaction'),
      }),
      { description: "The account's card and bank transactions taken through Voltin, any type and status." },
    ),
    asOf: PlainDate('The day the answer is for (today): only statements issued by then exist'),
  },
  { description: "What Voltin holds of one enrollment's billing account." },
);

export const ChargeLineSchema = Type.Object({
  chargeId: Type.String({ description: 'Stable id of the line.' }),
  kind: Type.Union([
    Type.Literal('ENERGY'),
    Type.Literal('BASE'),
    Type.Literal('DELIVERY'),
    Type.Literal('TAX'),
  ]),
  description: Type.String(),
  quantity: Type.Number({
    description: 'Units billed (usage, a share of a month for monthly lines, dollars taxed for taxes).',
  }),
  unit: Type.String(),
  rate: Type.Number({ description: 'Dollars per unit, or the tax rate as a fraction.' }),
  amountCents: Cents('The amount'),
});

export const AccountPaymentSchema = Type.Object({
  amountCents: Cents('The payment'),
  date: PlainDate('Received'),
});

export const StatementSchema = Type.Object({
  token: Type.String({ minLength: 1, description: 'Stable id of the statement.' }),
  statementDate: PlainDate('Issued'),
  dueDate: PlainDate('Due'),
  beginReadDate: PlainDate('The first meter read of the period'),
  endReadDate: PlainDate('The last meter read of the period'),
  days: Type.Integer({ minimum: 0 }),
  usage: Type.Number({ minimum: 0 }),
  usageUnit: Type.String({ description: 'kWh, Ccf or therm.' }),
  lines: Type.Array(ChargeLineSchema),
  previousBalanceCents: Cents('The balance of the statement before'),
  paymentsCents: Cents("Payments received after the previous statement, up to this statement's date"),
  currentChargesCents: Cents('The charges of this period'),
  balanceCents: Cents('Previous balance − payments + current charges'),
  overdueCents: Cents('The part of the balance already past due on the statement date'),
  lastPayment: Nullable(AccountPaymentSchema),
});

export const StatementChargeSchema = Type.Intersect([
  ChargeLineSchema,
  Type.Object({
    statementToken: Type.String(),
    statementDate: PlainDate('Issued'),
    beginReadDate: PlainDate('Period begins'),
    endReadDate: PlainDate('Period ends'),
  }),
]);

export const UsageReadSchema = Type.Object({
  token: Type.String({ description: 'The statement of the read.' }),
  beginReadDate: PlainDate('Period begins'),
  endReadDate: PlainDate('Period ends'),
  days: Type.Integer({ minimum: 0 }),
  usage: Type.Number({ minimum: 0 }),
  usageUnit: Type.String(),
  currentChargesCents: Cents('The charges of the period'),
});

export const AccountSummarySchema = Type.Object({
  billingAccountNumber: Nullable(Type.String()),
  currentBalanceCents: Cents(
    "The balance now: the latest statement's balance less the payments received since",
  ),
  overdueCents: Cents(
    'What is past due now: statements whose due date has passed, less every payment so far',
  ),
  lastStatement: Nullable(StatementSchema),
  nextStatementDate: Nullable(PlainDate('When the next period will be billed')),
  lastPayment: Nullable(AccountPaymentSchema),
  depositHeldCents: Cents('Approved deposits: held against the account, never applied to the balance'),
  statementCount: Type.Integer({ minimum: 0 }),
  averageMonthlyUsage: Type.Number({ minimum: 0 }),
  usageUnit: Type.String(),
});

const AccountRequest = Type.Object({ account: BillingAccountSchema });
const StatementRequest = Type.Object({
  account: BillingAccountSchema,
  statementToken: Type.String({ minLength: 1 }),
});

const READ_KEY = '`billing-read:<uuid>`, new for each read and the same on its retries.';
const READ_NOTE =
  'Identify the account by `account.billingAccountNumber`; an account whose number is null has no statements yet. An account number the billing system does not know is 404 ACCOUNT_NOT_FOUND.';

export const SUBMIT_ENROLLMENT: ContractEndpoint<
  typeof EnrollmentSubmissionSchema,
  typeof SubmissionResultSchema
> = {
  operationId: 'submitEnrollment',
  path: '/v1/enrollment-submissions',
  summary: 'Open the billing account of an enrollment',
  description:
    "Sent by the submit-enrollments task when an enrollment is ready to bill, and again (a new attempt) when an attempt got no answer. Treat `enrollmentId` as the enrollment's identity: a later attempt of an enrollment you already opened answers the same account number.",
  idempotencyKey: '`enrollment:<companyId>:<enrollmentId>:attempt:<submissionAttempt>`.',
  request: EnrollmentSubmissionSchema,
  response: SubmissionResultSchema,
};

function readEndpoint<Response extends TSchema>(
  operationId: string,
  path: string,
  summary: string,
  response: Response,
): ContractEndpoint<typeof AccountRequest, Response> {
  return {
    operationId,
    path,
    summary,
    description: READ_NOTE,
    idempotencyKey: READ_KEY,
    request: AccountRequest,
    response,
  };
}

export const LIST_STATEMENTS = readEndpoint(
  'listStatements',
  '/v1/billing-accounts/statements',
  'Every statement issued, newest first',
  Type.Object({ statements: Type.Array(StatementSchema) }),
);
const StatementAnswer = Type.Object({ statement: Nullable(StatementSchema) });
export const GET_STATEMENT: ContractEndpoint<typeof StatementRequest, typeof StatementAnswer> = {
  operationId: 'getStatement',
  path: '/v1/billing-accounts/statement',
  summary: 'One statement by its token',
  description: `${READ_NOTE} A token the account has no statement for answers \`{ "statement": null }\`.`,
  idempotencyKey: READ_KEY,
  request: StatementRequest,
  response: StatementAnswer,
};
export const LIST_CHARGES = readEndpoint(
  'listCharges',
  '/v1/billing-accounts/charges',
  'Every charge line of every statement, newest statement first',
  Type.Object({ charges: Type.Array(StatementChargeSchema) }),
);
export const USAGE_HISTORY = readEndpoint(
  'usageHistory',
  '/v1/billing-accounts/usage-history',
  'One metered read per statement, newest first',
  Type.Object({ usage: Type.Array(UsageReadSchema) }),
);
export const ACCOUNT_SUMMARY = readEndpoint(
  'accountSummary',
  '/v1/billing-accounts/summary',
  'The balance, what is overdue, the last statement and payment',
  AccountSummarySchema,
);

export const BILLING_SYSTEM_CONTRACT = contractDocument({
  title: 'Voltin billing system connector contract',
  description:
    "What a supplier's billing system connector implements so that Voltin can open billing accounts for enrollments and show customers their statements, charges, usage and balance.",
  endpoints: [
    SUBMIT_ENROLLMENT,
    LIST_STATEMENTS,
    GET_STATEMENT,
    LIST_CHARGES,
    USAGE_HISTORY,
    ACCOUNT_SUMMARY,
  ],
});
