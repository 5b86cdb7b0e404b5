/**
 * The enrollment lifecycle: every status, what it means, what a customer is shown, and which moves are allowed
 * and by whom. The docs page "Enrollment Statuses" and its state diagram are generated from this table, and every
 * status change in the code goes through `canTransition` (in the store's `transition`), so the two cannot disagree.
 * Every list of statuses the code needs (live, billed, awaiting the billing system, sent by the submission task,
 * worked by agents) is read from this table too.
 *
 * Actors: `system` (the decision flow and background tasks), `agent` (an operator, through the agent endpoints),
 * `customer` (the self-service site: drops and renewals), `billing` (the billing system's answer).
 */
export type Actor = 'system' | 'agent' | 'customer' | 'billing';

interface StatusDefinition {
  id: number;
  meaning: string;
  statusForCustomers: string;
  /** Allowed next statuses and who may make each move. */
  next: Partial<Record<EnrollmentStatus, Actor[]>>;
  /** Statuses a customer listing never shows. */
  hiddenFromCustomers?: boolean;
  /** The enrollment holds the customer's service, or is on its way to it. */
  live: boolean;
  /** The submission task sends it to the billing system. */
  submittable?: boolean;
  /** The billing system still awaits information about it (being sent, or being fixed). */
  awaitsBillingSystem?: boolean;
  /** The billing system bills the customer under it. */
  billed?: boolean;
  /** In the agents' default work queue: a hold, or a submission that did not go through. */
  workedByAgents?: boolean;
}

export const ENROLLMENT_STATUSES = [
  'QUEUED_FOR_SUBMISSION',
  'ON_HOLD',
  'ON_HOLD_PAYMENT_FAILED',
  'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
  'ON_HOLD_DEPOSIT_PENDING',
  'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
  'ON_HOLD_VERIFICATION_FAILED',
  'ON_HOLD_VERIFICATION_PENDING',
  'SUBMITION_NOT_SENT_CONNECTION_ERROR',
  'SUBMITTED_WITH_ERRORS',
  'PENDING',
  'RENEWAL_PENDING',
  'ACTIVE',
  'DROP_PENDING',
  'DROPPED',
  'CANCELLED',
  'ARCHIVED',
] as const;

export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

const CANCEL: Partial<Record<EnrollmentStatus, Actor[]>> = { CANCELLED: ['agent', 'customer'] };

/**
 * Before the billing system has it, an enrollment is queued or on one of the holds, and re-deciding (a deposit paid,
 * autopay set up, a verification result, an agent's release) may move it to any other of these.
 */
export const PRE_SUBMISSION = [
  'QUEUED_FOR_SUBMISSION',
  'ON_HOLD',
  'ON_HOLD_PAYMENT_FAILED',
  'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
  'ON_HOLD_DEPOSIT_PENDING',
  'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
  'ON_HOLD_VERIFICATION_FAILED',
  'ON_HOLD_VERIFICATION_PENDING',
] as const;

const REDECIDE: Partial<Record<EnrollmentStatus, Actor[]>> = Object.fromEntries(
  PRE_SUBMISSION.map((s) => [s, ['system', 'agent']]),
);

export const LIFECYCLE: Record<EnrollmentStatus, StatusDefinition> = {
  QUEUED_FOR_SUBMISSION: {
    id: 1,
    meaning:
      'Accepted by Voltin with nothing missing; being sent to the billing system now (or by the retry task if the server stopped).',
    statusForCustomers: 'Processing',
    live: true,
    submittable: true,
    awaitsBillingSystem: true,
    next: {
      ...REDECIDE,
      PENDING: ['system'],
      SUBMITION_NOT_SENT_CONNECTION_ERROR: ['system'],
      SUBMITTED_WITH_ERRORS: ['system'],
      ...CANCEL,
    },
  },
  ON_HOLD: {
    id: 2,
    meaning:
      'Manual review: a fraud alert, a waived deposit or a critical-care customer. An agent releases or rejects it.',
    statusForCustomers: 'Under review',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ON_HOLD_PAYMENT_FAILED: {
    id: 3,
    meaning:
      'The deposit charge was declined or could not be made. A successful deposit payment releases it.',
    statusForCustomers: 'Deposit payment failed',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD: {
    id: 4,
    meaning:
      'A business customer chose a letter of credit instead of a deposit; waiting for it to be uploaded and approved.',
    statusForCustomers: 'Waiting for your letter of credit',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ON_HOLD_DEPOSIT_PENDING: {
    id: 5,
    meaning: 'A deposit is required and not paid yet. A deposit payment releases it.',
    statusForCustomers: 'Deposit due',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ON_HOLD_AUTOPAY_SETUP_REQUIRED: {
    id: 6,
    meaning:
      'The plan requires automatic payment, which is not set up yet. Setting up recurring billing releases it.',
    statusForCustomers: 'Set up automatic payment',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ON_HOLD_VERIFICATION_FAILED: {
    id: 7,
    meaning:
      'The third-party phone verification of the sale failed or could not reach the customer; a VERIFIED result releases it, or an agent cancels.',
    statusForCustomers: 'Under review',
    live: true,
    workedByAgents: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  SUBMITION_NOT_SENT_CONNECTION_ERROR: {
    id: 8,
    meaning:
      'The billing system could not be reached. The retry task resends it with backoff; an agent can retry at once.',
    statusForCustomers: 'Processing',
    live: true,
    submittable: true,
    awaitsBillingSystem: true,
    workedByAgents: true,
    next: {
      PENDING: ['system', 'agent'],
      SUBMITTED_WITH_ERRORS: ['system', 'agent'],
      SUBMITION_NOT_SENT_CONNECTION_ERROR: ['system', 'agent'],
      ...CANCEL,
    },
  },
  SUBMITTED_WITH_ERRORS: {
    id: 9,
    meaning:
      'The billing system took it but reported errors that need a billing adjustment; an agent fixes and resubmits.',
    statusForCustomers: 'Processing',
    live: true,
    awaitsBillingSystem: true,
    workedByAgents: true,
    next: { QUEUED_FOR_SUBMISSION: ['agent'], ...CANCEL },
  },
  PENDING: {
    id: 10,
    meaning: 'Sent to the billing system; waiting for the service start date.',
    statusForCustomers: 'Pending start',
    live: true,
    next: { ACTIVE: ['system', 'billing'], ...CANCEL },
  },
  RENEWAL_PENDING: {
    id: 11,
    meaning:
      'A renewal or plan change, linked to the enrollment it continues; the renewal batch sends it to the billing system.',
    statusForCustomers: 'Renewal scheduled',
    live: true,
    submittable: true,
    awaitsBillingSystem: true,
    next: {
      PENDING: ['system'],
      SUBMITION_NOT_SENT_CONNECTION_ERROR: ['system'],
      SUBMITTED_WITH_ERRORS: ['system'],
      ...CANCEL,
    },
  },
  ACTIVE: {
    id: 12,
    meaning: 'The customer is served on this plan.',
    statusForCustomers: 'Active',
    live: true,
    billed: true,
    next: { DROP_PENDING: ['customer', 'agent'], ARCHIVED: ['system'] },
  },
  DROP_PENDING: {
    id: 13,
    meaning: 'A drop (or the old address of a transfer of service) is scheduled for its effective date.',
    statusForCustomers: 'Ending',
    live: true,
    billed: true,
    next: { DROPPED: ['system', 'billing'], ACTIVE: ['agent'] },
  },
  DROPPED: {
    id: 14,
    meaning:
      'Service ended. The customer may re-enroll or be reinstated (winback) where the company allows it.',
    statusForCustomers: 'Ended',
    live: false,
    billed: true,
    next: {},
  },
  CANCELLED: {
    id: 15,
    meaning: 'Cancelled before service started (rescinded by the customer, or rejected by an agent).',
    statusForCustomers: 'Cancelled',
    live: false,
    hiddenFromCustomers: true,
    next: {},
  },
  ON_HOLD_VERIFICATION_PENDING: {
    id: 17,
    meaning:
      "The sale needs a third-party phone verification (the company requires one for every sale) and its result is not in yet; VERIFIED releases it, FAILED or COULDNT_CONTACT puts it in the agents' queue.",
    statusForCustomers: 'Under review',
    live: true,
    next: { ...REDECIDE, ...CANCEL },
  },
  ARCHIVED: {
    id: 16,
    meaning: 'Replaced by the newer enrollment of its chain (a renewal or plan change that became active).',
    statusForCustomers: 'Replaced',
    live: false,
    // Its billing account keeps the statements of its term, up to the day the newer enrollment took over, and
    // what is still owed on them.
    billed: true,
    hiddenFromCustomers: true,
    next: {},
  },
};

export const HOLD_STATUSES = ENROLLMENT_STATUSES.filter((s) => s.startsWith('ON_HOLD'));

/** Statuses in which an enrollment holds, or is on its way to, the customer's service. */
export const LIVE_STATUSES = ENROLLMENT_STATUSES.filter((s) => LIFECYCLE[s].live);

/** Statuses in which an enrollment ended: it no longer holds its meter, and a new enrollment may take it. */
export const ENDED_STATUSES = ENROLLMENT_STATUSES.filter((s) => !LIFECYCLE[s].live);

/**
 * Statuses in which the customer is being served. A renewal holds its meter only from then on: until it starts,
 * the enrollment it continues does (the unique index `enrollments_one_live_per_meter` keeps one holder per meter).
 */
export const SERVING_STATUSES: readonly EnrollmentStatus[] = ['ACTIVE', 'DROP_PENDING'];

const withFlag = (
  flag: 'submittable' | 'awaitsBillingSystem' | 'billed' | 'workedByAgents' | 'hiddenFromCustomers',
) => ENROLLMENT_STATUSES.filter((s) => LIFECYCLE[s][flag] === true);

export const SUBMITTABLE_STATUSES = withFlag('submittable');
export const AWAITING_BILLING_STATUSES = withFlag('awaitsBillingSystem');
export const BILLED_STATUSES = withFlag('billed');
export const AGENT_QUEUE_STATUSES = withFlag('workedByAgents');
/**
 * Statuses of enrollments that never happened or were replaced: customers do not see them, nor pay on them; except
 * a replaced term while something is still owed on it, which the customer's enrollment list keeps (`shownToCustomer`).
 */
export const HIDDEN_FROM_CUSTOMERS = withFlag('hiddenFromCustomers');

export function canTransition(from: EnrollmentStatus, to: EnrollmentStatus, actor: Actor): boolean {
  return LIFECYCLE[from].next[to]?.includes(actor) ?? false;
}

export const statusId = (status: EnrollmentStatus) => LIFECYCLE[status].id;
export const isLive = (status: string) => LIFECYCLE[status as EnrollmentStatus]?.live ?? false;
