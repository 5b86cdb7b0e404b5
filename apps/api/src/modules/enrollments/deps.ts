import type { Kysely, Transaction } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import type { BillingSystem } from '../../adapters/billing-system/port.js';
import type { TransactionDetails } from '../../adapters/payment-gateway/port.js';
import type { Database } from '../../db/schema.js';
import type { PaymentMethodType } from '../../domain/charges.js';
import type { Clock } from '../../domain/clock.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { CreditChecksService } from '../credit-checks/index.js';
import type { PlansService } from '../plans/index.js';
import type { UtilitiesService } from '../utilities/index.js';
import type { EnrollmentCreateRequest } from './schemas.js';

export type CreateRequest = Static<typeof EnrollmentCreateRequest>;
export type PlanRow = Awaited<ReturnType<PlansService['planRow']>>;

/** A deposit the customer paid before enrolling, confirmed by the gateway: the charges module records it. */
export interface CapturedDepositCharge {
  companyId: number;
  enrollmentId: number;
  customerId: number;
  amountCents: number;
  gatewayTransactionId: string;
  paymentProfileToken: string;
  paymentType: PaymentMethodType;
  at: string;
}

/** What the enrollments module asks of the charges module, which owns every charge row and gateway call. */
export interface DepositCharges {
  /** Charges a deposit paid at once (PayNow), as every payment is charged. */
  chargeNow: (
    companyId: number,
    enrollmentId: number,
    method: { customerProfileToken: string; paymentProfileToken: string; paymentType?: PaymentMethodType },
  ) => Promise<void>;
  /** The rule for a payment made outside Voltin: the gateway confirms it, or it does not count. */
  confirm: (
    companyId: number,
    transactionId: string,
    expected: { atLeastCents: number },
  ) => Promise<TransactionDetails>;
  /** Whether a charge row already holds this gateway transaction. */
  isRecorded: (companyId: number, gatewayTransactionId: string) => Promise<boolean>;
  /** Records a confirmed captured deposit in the enrollment's own transaction (one row per gateway transaction). */
  recordCaptured: (trx: Transaction<Database>, charge: CapturedDepositCharge) => Promise<void>;
}

export interface EnrollmentsDeps {
  db: Kysely<Database>;
  /** Today and now for every rule of the module (start dates, drops, renewals, submission retries). */
  clock: Clock;
  plans: PlansService;
  utilities: UtilitiesService;
  creditChecks: CreditChecksService;
  billing: BillingSystem;
  deposits: DepositCharges;
  /** The billing module's answer: which of these enrollments still have an amount owed on their billing account. */
  stillOwing: (companyId: number, enrollmentIds: number[]) => Promise<Set<number>>;
  passwordHashCost: number;
  submissionLeaseSeconds: number;
  /** Seals personal data at rest (driver's licence, date of birth). */
  secretBox: SecretBox;
  log: Pick<BaseLogger, 'warn' | 'error'>;
}
