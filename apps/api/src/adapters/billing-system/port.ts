/** The contract of the supplier's billing system, which bills the customer once an enrollment is submitted. */
export interface EnrollmentSubmission {
  enrollmentId: number;
  companyId: number;
  billingSystemPlanCode: string;
  ldcAccount: string;
  utilityCode: string;
  switchType: string;
  requestedStartDate: string;
  customer: {
    firstName: string;
    lastName: string;
    firmName: string | null;
    email: string | null;
    phone: string | null;
  };
  serviceAddress: { address: string; address2: string | null; city: string; state: string; zipcode: string };
  billingAddress: { address: string; address2: string | null; city: string; state: string; zipcode: string };
  billingDeliveryMethod: number;
  /** True for renewals: the account exists and changes plan. */
  renewal: boolean;
}

export type SubmissionResult =
  | { outcome: 'accepted'; billingAccountNumber: string }
  | { outcome: 'accepted_with_errors'; billingAccountNumber: string; errors: string[] };

/** The billing system could not be reached; nothing was submitted. */
export class BillingUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingUnavailableError';
  }
}

export interface BillingSystem {
  submitEnrollment(submission: EnrollmentSubmission): Promise<SubmissionResult>;
}

/**
 * The read side of the billing system: one enrollment's billing account (statements, the charges on them, metered
 * usage, the balance). The caller gathers what the billing system would hold of the account into a
 * `BillingAccount`; an adapter answers from it (the sandbox computes; a vendor adapter would look the account up by
 * `billingAccountNumber`). Money is integer cents, dates are `YYYY-MM-DD`.
 */
export interface BillingAccount {
  companyId: number;
  enrollmentId: number;
  billingAccountNumber: string | null;
  /** The enrollment's lifecycle status. */
  status: string;
  /** Service is billed under the enrollment (active, being dropped, or dropped: its final bills). */
  billed: boolean;
  commodity: string;
  /** Residential, SmallBusiness or LargeBusiness. */
  customerType: string;
  ldcAccount: string;
  serviceAddress: { address: string; address2: string | null; city: string; state: string; zipcode: string };
  /** The first day of service (contract_start_date). */
  serviceStartDate: string | null;
  /** The drop's effective date: the last meter read. */
  serviceEndDate: string | null;
  plan: {
    name: string;
    billingSystemPlanCode: string;
    /** Energy charge in cents per unit of usage (kWh, Ccf or therm). */
    rate: number;
    /** Dollars per month. */
    monthlyFee: number;
    timeOfUse: Array<{
      name: string;
      season: string;
      start_hour: number;
      end_hour: number;
      days: string;
      rate: number;
    }>;
  };
  utility: {
    code: string;
    name: string;
    stateCode: string;
    /** The utility's delivery charges in dollars: `monthly`, or per unit (`per_kwh`, `per_ccf`, `per_therm`). */
    deliveryCharges: Array<{
      name: string;
      type: string;
      charge: number;
      uom_from: number | null;
      uom_to: number | null;
    }>;
  };
  /** The account's card and bank transactions (charge_transactions), any type and status. */
  transactions: Array<{ id: number; type: string; status: string; amountCents: number; date: string }>;
  /** The day the answer is for (today): only statements issued by then exist. */
  asOf: string;
}

export type ChargeKind = 'ENERGY' | 'BASE' | 'DELIVERY' | 'TAX';

export interface ChargeLine {
  /** Stable id of the line: the statement token and the line's position. */
  chargeId: string;
  kind: ChargeKind;
  description: string;
  /** Units billed (usage for per-unit lines, a share of a month for monthly lines, dollars taxed for taxes). */
  quantity: number;
  unit: string;
  /** Dollars per unit, or the tax rate as a fraction. */
  rate: number;
  amountCents: number;
}

export interface AccountPayment {
  amountCents: number;
  date: string;
}

export interface Statement {
  token: string;
  statementDate: string;
  dueDate: string;
  beginReadDate: string;
  endReadDate: string;
  days: number;
  usage: number;
  usageUnit: string;
  lines: ChargeLine[];
  previousBalanceCents: number;
  /** Payments received after the previous statement, up to this statement's date. */
  paymentsCents: number;
  currentChargesCents: number;
  /** previous balance − payments + current charges. */
  balanceCents: number;
  /** The part of the balance that was already past due on the statement date. */
  overdueCents: number;
  lastPayment: AccountPayment | null;
}

export interface AccountSummary {
  billingAccountNumber: string | null;
  /** The balance now: the latest statement's balance less the payments received since. */
  currentBalanceCents: number;
  /** What is past due now: statements whose due date has passed, less every payment so far. */
  overdueCents: number;
  lastStatement: Statement | null;
  nextStatementDate: string | null;
  lastPayment: AccountPayment | null;
  /** Approved deposits: held against the account, never applied to the balance. */
  depositHeldCents: number;
  statementCount: number;
  averageMonthlyUsage: number;
  usageUnit: string;
}

export interface BillingAccounts {
  /** Every statement issued, newest first. */
  statements(account: BillingAccount): Promise<Statement[]>;
  statement(account: BillingAccount, token: string): Promise<Statement | null>;
  /** Every charge line of every statement, newest statement first. */
  charges(account: BillingAccount): Promise<
    Array<
      ChargeLine & {
        statementToken: string;
        statementDate: string;
        beginReadDate: string;
        endReadDate: string;
      }
    >
  >;
  /** One metered read per statement, newest first. */
  usageHistory(
    account: BillingAccount,
  ): Promise<
    Array<
      Pick<
        Statement,
        'token' | 'beginReadDate' | 'endReadDate' | 'days' | 'usage' | 'usageUnit' | 'currentChargesCents'
      >
    >
  >;
  summary(account: BillingAccount): Promise<AccountSummary>;
}
