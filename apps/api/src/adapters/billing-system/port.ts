import type { Static } from 'typebox';
import type {
  AccountPaymentSchema,
  AccountSummarySchema,
  BillingAccountSchema,
  ChargeLineSchema,
  EnrollmentSubmissionSchema,
  StatementChargeSchema,
  StatementSchema,
  SubmissionResultSchema,
  UsageReadSchema,
} from './contract.js';

/*
 * The contract of the supplier's billing system, which bills the customer once an enrollment is submitted. The shapes
 * are the connector contract's schemas (contract.ts, published on the docs site). Money is integer cents, dates are
 * `YYYY-MM-DD`.
 */
export type EnrollmentSubmission = Static<typeof EnrollmentSubmissionSchema>;
export type SubmissionResult = Static<typeof SubmissionResultSchema>;

/** The billing system's connector refused the call for good (HTTP 4xx): asking again cannot help. */
export { ConnectorRefusedError as BillingRefusedError } from '../connector-contract/protocol.js';

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
 * `BillingAccount`; an adapter answers from it (the sandbox computes; a vendor's connector looks the account up by
 * `billingAccountNumber`).
 */
export type BillingAccount = Static<typeof BillingAccountSchema>;
export type ChargeLine = Static<typeof ChargeLineSchema>;
export type AccountPayment = Static<typeof AccountPaymentSchema>;
export type Statement = Static<typeof StatementSchema>;
export type AccountSummary = Static<typeof AccountSummarySchema>;

export interface BillingAccounts {
  /** Every statement issued, newest first. */
  statements(account: BillingAccount): Promise<Statement[]>;
  statement(account: BillingAccount, token: string): Promise<Statement | null>;
  /** Every charge line of every statement, newest statement first. */
  charges(account: BillingAccount): Promise<Array<Static<typeof StatementChargeSchema>>>;
  /** One metered read per statement, newest first. */
  usageHistory(account: BillingAccount): Promise<Array<Static<typeof UsageReadSchema>>>;
  summary(account: BillingAccount): Promise<AccountSummary>;
}
