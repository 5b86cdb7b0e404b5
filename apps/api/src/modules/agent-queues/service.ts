import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import { chargesOfEnrollments } from '../charges/index.js';
import { creditDecisionOf } from '../credit-checks/index.js';
import { findCustomer } from '../customers/index.js';
import {
  type AccountChanges,
  AGENT_QUEUE_STATUSES,
  type CreditLetterItem,
  creditLetterQueue,
  type EnrollmentCorrection,
  type EnrollmentSchema,
  type EnrollmentStatus,
  type EnrollmentsService,
  enrollmentRecord,
  etfInvoicePage,
  findCreditLetter,
  findEtfInvoice,
  isDepositHeld,
  type QueueItem,
  queueCounts,
  queueItemOf,
  recordCreditLetterReview,
  recordMeterVerified,
  resolveQueuedEtfInvoice,
  statusMeaning,
  statusQueue,
  unverifiedMeterPage,
  unverifiedMeterQueue,
} from '../enrollments/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { type PlansService, planTerms } from '../plans/index.js';
import type { AgentNote, CreditLetterReview, EtfInvoice, EtfWaiver } from './schemas.js';

type EnrollmentWire = Static<typeof EnrollmentSchema>;
type EtfInvoiceWire = Static<typeof EtfInvoice>;
/** The enrollment page shows this many of the newest messages mailed to the customer. */
const MAIL_SHOWN = 20;

/** A message of the mail outbox as the enrollment page lists it. */
interface MailRow {
  id: number;
  created_at: string;
  sent_at: string | null;
  status: 'queued' | 'sent' | 'failed' | 'bounced' | 'suppressed';
  subject: string;
  template: string;
  attempts: number;
}

export type EtfInvoiceResolution = { outcome: 'sent' } | ({ outcome: 'waived' } & Static<typeof EtfWaiver>);

/** What an agent works on by default: every hold and every submission that did not go through. */
export const DEFAULT_QUEUE = AGENT_QUEUE_STATUSES;

/**
 * Who acted, as the status history and the queues record it: `agent:<account id>` for a web service account of the
 * API, `staff:<email>` for a staff member in the console.
 */
export const apiAgent = (accountId: number) => `agent:${accountId}`;
export const consoleAgent = (email: string) => `staff:${email}`;

export function createAgentQueues({
  db,
  enrollments,
  clock,
  changes,
  notifications,
  plans,
  documentBaseUrl,
  mailTo,
}: {
  db: Kysely<Database>;
  enrollments: EnrollmentsService;
  clock: Clock;
  changes: Pick<AccountChanges, 'correct'>;
  notifications: Pick<NotificationsService, 'byEnrollment'>;
  plans: Pick<PlansService, 'enrolledPlan' | 'languageCode'>;
  /** Where the customers' document links point (the public API's address, known only once it listens). */
  documentBaseUrl: () => string;
  /** What was mailed to these addresses, newest first (the mail outbox's, passed in by app.ts). */
  mailTo: (companyId: number, recipients: string[], limit: number) => Promise<MailRow[]>;
}) {
  const enrollment = (companyId: number, id: number) => enrollments.row(companyId, id);

  return {
    async queue(
      companyId: number,
      statuses: string[] | undefined,
      paging: Paging,
    ): Promise<Page<EnrollmentWire>> {
      const wanted = statuses?.length ? statuses : DEFAULT_QUEUE;
      const { rows, total } = await enrollments.listByStatus(
        companyId,
        wanted,
        paging.pageSize,
        (paging.pageNumber - 1) * paging.pageSize,
      );
      return { items: await Promise.all(rows.map((e) => enrollments.get(companyId, e.id))), total };
    },

    /** The status an enrollment of the company is in (404 for another company's). */
    enrollmentStatus: (companyId: number, id: number) => enrollment(companyId, id),

    /**
     * Everything about one enrollment on one page: its record as the API shows it, the status timeline with who
     * moved it and why, the credit decision (a score band), its charges, letters of credit and ETF invoices.
     */
    async enrollmentPage(companyId: number, id: number) {
      const row = await enrollment(companyId, id);
      const customer = (await findCustomer(db, companyId, row.customer_id))!;
      const language = await plans.languageCode(customer.id_prefered_language);
      const addresses = [customer.email, customer.alternative_email].filter((a): a is string => !!a);
      const [wire, summary, record, credit, charges, told, plan, mailed] = await Promise.all([
        enrollments.get(companyId, id),
        queueItemOf(db, companyId, id),
        enrollmentRecord(db, companyId, id),
        row.credit_check_id === null ? null : creditDecisionOf(db, companyId, row.credit_check_id),
        chargesOfEnrollments(db, [id]),
        notifications.byEnrollment(companyId, id),
        plans.enrolledPlan(companyId, row.plan_version_id, { baseUrl: documentBaseUrl(), language }),
        mailTo(companyId, addresses, MAIL_SHOWN),
      ]);
      return {
        enrollment: wire,
        summary: summary!,
        contact: { email: customer.email, phone: customer.phone, language },
        plan: plan && planTerms(plan),
        notifications: told,
        mail: mailed.map((m) => ({
          id: m.id,
          at: m.created_at,
          sentAt: m.sent_at,
          status: m.status,
          subject: m.subject,
          template: m.template,
          attempts: m.attempts,
        })),
        ...record,
        credit,
        depositStatus: row.deposit_status,
        deposit: row.deposit_amount_cents / 100,
        verificationStatus: row.verification_status,
        submissionAttempts: row.submission_attempts,
        charges: charges.map((charge) => ({
          id: charge.id,
          type: charge.transaction_type,
          status: charge.status,
          amount: charge.amount_cents / 100,
          at: charge.created_at,
        })),
      };
    },

    /** Every queue of the console with its count and the age of its oldest item. */
    async overview(companyId: number) {
      const counts = await queueCounts(db, companyId);
      return counts.map(({ key, count, oldest }) => ({
        queue: key,
        kind: key in QUEUE_DESCRIPTIONS ? key : 'status',
        label: QUEUE_LABELS[key] ?? key,
        description: QUEUE_DESCRIPTIONS[key] ?? statusMeaning(key as EnrollmentStatus),
        count,
        oldestSince: oldest,
      }));
    },

    /** One status queue, a page at a time, longest waiting first by default. */
    enrollmentQueue(
      companyId: number,
      status: EnrollmentStatus,
      paging: Paging,
      order: 'oldest' | 'newest',
    ): Promise<Page<QueueItem>> {
      return statusQueue(db, companyId, status, paging, order);
    },

    /** The letters of credit waiting for review, oldest upload first. */
    creditLetterQueue: (companyId: number, paging: Paging): Promise<Page<CreditLetterItem>> =>
      creditLetterQueue(db, companyId, paging),

    /** The enrollments whose meter awaits an agent's check, as queue items. */
    unverifiedMeterQueue: (companyId: number, paging: Paging): Promise<Page<QueueItem>> =>
      unverifiedMeterQueue(db, companyId, paging),

    /** The stored file of a letter of credit of the company (for the agent to read before deciding). */
    async creditLetterFileId(companyId: number, letterId: number): Promise<number> {
      const letter = await findCreditLetter(db, companyId, letterId);
      if (!letter) throw notFound(`Letter of credit ${letterId}`);
      return letter.file_id;
    },

    /** Retries each failed submission in turn; one that cannot be retried does not stop the others. */
    async retrySubmissions(companyId: number, ids: number[], by: string) {
      const results = [];
      for (const id of ids) {
        try {
          const enrollment = await this.retrySubmission(companyId, id, by);
          results.push({ id, retried: true, status: enrollment.status, message: 'Sent again.' });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({ id, retried: false, status: null, message: error.message });
        }
      }
      return results;
    },

    /** Enrollments accepted on an ESIID the ESIID data did not know (`unknown_esiids` = verify_later), oldest first. */
    async unverifiedMeters(companyId: number, paging: Paging): Promise<Page<EnrollmentWire>> {
      const { rows, total } = await unverifiedMeterPage(db, companyId, paging);
      return { items: await Promise.all(rows.map((e) => enrollments.get(companyId, e.id))), total };
    },

    /**
     * The agent checked the meter with the TDSP (or on the bill): the flag is cleared and the check kept in the
     * history, together; the conditional update lets one of two agents verifying at once record it.
     */
    async meterVerified(companyId: number, id: number, by: string, reason: string): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      const note = `Meter ${e.ldc_account} verified by ${by}: ${reason}`;
      if (!(await recordMeterVerified(db, clock, e, 'agent', note)))
        throw new ApiError(
          'ENROLLMENT_STATUS_CONFLICT',
          'The meter of this enrollment is not awaiting verification.',
        );
      return enrollments.get(companyId, id);
    },

    /** Sends again at once: after a connection error, or after fixing what the billing system reported. */
    async retrySubmission(companyId: number, id: number, by: string): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      if (e.status === 'SUBMITTED_WITH_ERRORS') {
        await enrollments.move(e, 'QUEUED_FOR_SUBMISSION', 'agent', `Resubmitted by ${by}`, {
          billing_errors: null,
          next_submission_at: null,
        });
      } else if (e.status === 'SUBMITION_NOT_SENT_CONNECTION_ERROR') {
        await enrollments.touch(e.id, { next_submission_at: null });
      } else {
        throw new ApiError(
          'ENROLLMENT_STATUS_CONFLICT',
          `Only a failed submission can be retried; this one is ${e.status}.`,
          [`status: ${e.status}`],
        );
      }
      await enrollments.submit(e.id, companyId);
      return enrollments.get(companyId, id);
    },

    /**
     * Corrects what the billing system refused (or a hold is about) and, for a refused submission, sends it again
     * at once unless told not to.
     */
    async correct(
      companyId: number,
      id: number,
      by: string,
      input: Static<typeof EnrollmentCorrection>,
    ): Promise<EnrollmentWire> {
      await changes.correct(companyId, id, input, by);
      const e = await enrollment(companyId, id);
      if ((input.resubmit ?? true) && e.status === 'SUBMITTED_WITH_ERRORS')
        return this.retrySubmission(companyId, id, by);
      return enrollments.get(companyId, id);
    },

    /** Clears what an agent vouches for (manual review, a failed verification, optionally the deposit) and re-decides. */
    async releaseHold(
      companyId: number,
      id: number,
      by: string,
      note: Static<typeof AgentNote>,
    ): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      if (!e.status.startsWith('ON_HOLD')) {
        throw new ApiError('ENROLLMENT_STATUS_CONFLICT', `This enrollment is not on hold (${e.status}).`, [
          `status: ${e.status}`,
        ]);
      }
      const depositHeld = isDepositHeld(e.deposit_status);
      await enrollments.redecide(
        companyId,
        e.id,
        {
          manual_review_reasons: '[]',
          ...(e.verification_status && e.verification_status !== 'VERIFIED'
            ? { verification_status: 'VERIFIED_BY_AGENT' }
            : {}),
          ...(note.waiveDeposit && depositHeld ? { deposit_status: 'waived' } : {}),
        },
        'agent',
        `Released by ${by}: ${note.reason}`,
      );
      return enrollments.get(companyId, id);
    },

    /** Cancels before service starts; the lifecycle refuses a later status, and this one a cancelled enrollment. */
    async reject(companyId: number, id: number, by: string, reason: string): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      // A move to the status it has records a note in the history: a second rejection would record one more.
      if (e.status === 'CANCELLED') {
        throw new ApiError('ENROLLMENT_STATUS_CONFLICT', 'This enrollment is already cancelled.', [
          `status: ${e.status}`,
        ]);
      }
      await enrollments.move(e, 'CANCELLED', 'agent', `Rejected by ${by}: ${reason}`);
      return enrollments.get(companyId, id);
    },

    /** A reviewed letter of credit: approved, it covers the deposit and the enrollment moves on; rejected, a new one may be uploaded. */
    async reviewCreditLetter(
      companyId: number,
      letterId: number,
      by: string,
      approve: boolean,
      note: string,
    ): Promise<Static<typeof CreditLetterReview>> {
      const letter = await findCreditLetter(db, companyId, letterId);
      if (!letter) throw notFound(`Letter of credit ${letterId}`);
      if (letter.status !== 0)
        throw new ApiError('ENROLLMENT_STATUS_CONFLICT', 'This letter of credit was already reviewed.', [
          `id_status: ${letter.status}`,
        ]);
      await recordCreditLetterReview(db, letter.id, {
        status: approve ? 1 : 2,
        reviewed_at: clock.now().toISOString(),
        reviewed_by: by,
        review_note: note,
      });
      if (approve) {
        await enrollments.redecide(
          companyId,
          letter.enrollment_id,
          { deposit_status: 'covered_by_letter' },
          'agent',
          `Letter of credit approved by ${by}`,
        );
      }
      return {
        id_customer_credit_letters: letter.id,
        id_status: approve ? 1 : 2,
        id_enrollment: letter.enrollment_id,
      };
    },

    async etfInvoices(
      companyId: number,
      status: string | undefined,
      paging: Paging,
    ): Promise<Page<EtfInvoiceWire>> {
      const { rows, total } = await etfInvoicePage(db, companyId, status, paging);
      return { items: rows.map(toInvoice), total };
    },

    /**
     * A queued ETF invoice is sent to the billing system to bill, or waived by an agent with a reason; either is
     * final.
     */
    async resolveEtfInvoice(
      companyId: number,
      id: number,
      by: string,
      resolution: EtfInvoiceResolution,
    ): Promise<EtfInvoiceWire> {
      const resolved = await resolveQueuedEtfInvoice(db, companyId, id, {
        status: resolution.outcome,
        resolved_at: clock.now().toISOString(),
        resolved_by: by,
        resolution_note: resolution.outcome === 'waived' ? resolution.reason.trim() : null,
      });
      const row = await findEtfInvoice(db, companyId, id);
      if (!row) throw notFound(`ETF invoice ${id}`);
      if (!resolved)
        throw new ApiError('ENROLLMENT_STATUS_CONFLICT', `This ETF invoice is already ${row.status}.`, [
          `status: ${row.status}`,
        ]);
      return toInvoice(row);
    },
  };
}

function toInvoice(row: {
  id: number;
  enrollment_id: number;
  amount_cents: number;
  status: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: string | null;
}): EtfInvoiceWire {
  return {
    id_etf_invoice: row.id,
    id_enrollment: row.enrollment_id,
    amount: row.amount_cents / 100,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at,
    resolved_at: row.resolved_at,
    resolved_by: row.resolved_by,
    resolution_note: row.resolution_note,
  };
}

/** The console's names of its queues: a status's name where the status is the queue. */
const QUEUE_LABELS: Record<string, string> = {
  ON_HOLD: 'Agent review and fraud alerts',
  ON_HOLD_PAYMENT_FAILED: 'Payment failed',
  ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD: 'Letter of credit awaited',
  ON_HOLD_DEPOSIT_PENDING: 'Deposit pending',
  ON_HOLD_AUTOPAY_SETUP_REQUIRED: 'Autopay set-up required',
  ON_HOLD_VERIFICATION_FAILED: 'Verification failed',
  // Not a queue (the verification provider has it), but the dashboard counts it among the holds.
  ON_HOLD_VERIFICATION_PENDING: 'Verification pending',
  SUBMITION_NOT_SENT_CONNECTION_ERROR: 'Submission not sent (connection error)',
  SUBMITTED_WITH_ERRORS: 'Submitted with errors',
  RENEWAL_PENDING: 'Renewals pending',
  'credit-letters': 'Letters of credit to review',
  'etf-invoices': 'ETF invoices of drops',
  'unverified-meters': 'Unverified meters',
};

/** The console's name of a queue, or of a hold status (the dashboard's holds). */
export const queueLabel = (key: string): string => QUEUE_LABELS[key] ?? key;

const QUEUE_DESCRIPTIONS: Record<string, string> = {
  'credit-letters': 'Uploaded letters of credit waiting for an agent to approve or reject them.',
  'etf-invoices': 'Early termination fees queued by drops: send each to be billed or waive it.',
  'unverified-meters':
    'Enrollments accepted on an ESIID the ESIID data did not know; an agent checks the meter with the TDSP.',
};

export type AgentQueues = ReturnType<typeof createAgentQueues>;
