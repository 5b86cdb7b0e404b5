import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import {
  AGENT_QUEUE_STATUSES,
  type EnrollmentSchema,
  type EnrollmentsService,
  etfInvoicePage,
  findCreditLetter,
  findEtfInvoice,
  isDepositHeld,
  recordCreditLetterReview,
  recordMeterVerified,
  resolveQueuedEtfInvoice,
  unverifiedMeterPage,
} from '../enrollments/index.js';
import type { AgentNote, CreditLetterReview, EtfInvoice } from './schemas.js';

type EnrollmentWire = Static<typeof EnrollmentSchema>;
type EtfInvoiceWire = Static<typeof EtfInvoice>;

/** What an agent works on by default: every hold and every submission that did not go through. */
export const DEFAULT_QUEUE = AGENT_QUEUE_STATUSES;

const agentOf = (accountId: number) => `agent:${accountId}`;

export function createAgentQueues(db: Kysely<Database>, enrollments: EnrollmentsService, clock: Clock) {
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

    /** Enrollments accepted on an ESIID the ESIID data did not know (`unknown_esiids` = verify_later), oldest first. */
    async unverifiedMeters(companyId: number, paging: Paging): Promise<Page<EnrollmentWire>> {
      const { rows, total } = await unverifiedMeterPage(db, companyId, paging);
      return { items: await Promise.all(rows.map((e) => enrollments.get(companyId, e.id))), total };
    },

    /**
     * The agent checked the meter with the TDSP (or on the bill): the flag is cleared and the check kept in the
     * history, together; the conditional update lets one of two agents verifying at once record it.
     */
    async meterVerified(
      companyId: number,
      id: number,
      accountId: number,
      reason: string,
    ): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      const note = `Meter ${e.ldc_account} verified by ${agentOf(accountId)}: ${reason}`;
      if (!(await recordMeterVerified(db, clock, e, 'agent', note)))
        throw new ApiError(
          'ENROLLMENT_STATUS_CONFLICT',
          'The meter of this enrollment is not awaiting verification.',
        );
      return enrollments.get(companyId, id);
    },

    /** Sends again at once: after a connection error, or after fixing what the billing system reported. */
    async retrySubmission(companyId: number, id: number, accountId: number): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      if (e.status === 'SUBMITTED_WITH_ERRORS') {
        await enrollments.move(e, 'QUEUED_FOR_SUBMISSION', 'agent', `Resubmitted by ${agentOf(accountId)}`, {
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

    /** Clears what an agent vouches for (manual review, a failed verification, optionally the deposit) and re-decides. */
    async releaseHold(
      companyId: number,
      id: number,
      accountId: number,
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
        `Released by ${agentOf(accountId)}: ${note.reason}`,
      );
      return enrollments.get(companyId, id);
    },

    /** Cancels before service starts; the lifecycle refuses a later status, and this one a cancelled enrollment. */
    async reject(companyId: number, id: number, accountId: number, reason: string): Promise<EnrollmentWire> {
      const e = await enrollment(companyId, id);
      // A move to the status it has records a note in the history: a second rejection would record one more.
      if (e.status === 'CANCELLED') {
        throw new ApiError('ENROLLMENT_STATUS_CONFLICT', 'This enrollment is already cancelled.', [
          `status: ${e.status}`,
        ]);
      }
      await enrollments.move(e, 'CANCELLED', 'agent', `Rejected by ${agentOf(accountId)}: ${reason}`);
      return enrollments.get(companyId, id);
    },

    /** A reviewed letter of credit: approved, it covers the deposit and the enrollment moves on; rejected, a new one may be uploaded. */
    async reviewCreditLetter(
      companyId: number,
      letterId: number,
      accountId: number,
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
        reviewed_by: agentOf(accountId),
        review_note: note,
      });
      if (approve) {
        await enrollments.redecide(
          companyId,
          letter.enrollment_id,
          { deposit_status: 'covered_by_letter' },
          'agent',
          `Letter of credit approved by ${agentOf(accountId)}`,
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

    /** A queued ETF invoice is sent to the billing system to bill, or waived by an agent; either is final. */
    async resolveEtfInvoice(
      companyId: number,
      id: number,
      accountId: number,
      outcome: 'sent' | 'waived',
    ): Promise<EtfInvoiceWire> {
      const resolved = await resolveQueuedEtfInvoice(db, companyId, id, {
        status: outcome,
        resolved_at: clock.now().toISOString(),
        resolved_by: agentOf(accountId),
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
  };
}

export type AgentQueues = ReturnType<typeof createAgentQueues>;
