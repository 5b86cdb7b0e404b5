import { dayOf } from '../../domain/dates.js';
import { notFound } from '../../http/errors.js';
import { findCustomer, linkedCustomerIds } from '../customers/index.js';
import { createEnrollmentCreation } from './create.js';
import { type DepositStatus, holdStatus } from './decision.js';
import type { EnrollmentsDeps } from './deps.js';
import { type Actor, type EnrollmentStatus, isLive } from './lifecycle.js';
import * as store from './store.js';
import { createSubmission } from './submission.js';
import { describeEnrollments, shownToCustomer } from './view.js';

export type { CapturedDepositCharge, DepositCharges, EnrollmentsDeps } from './deps.js';

/**
 * The enrollments core: creation (create.ts), billing submission (submission.ts), and what every other part and
 * module needs of an enrollment — reading it, moving it through the one status machine (the store's `transition`),
 * re-deciding its holds when a fact changes, and the daily start and end of service.
 */
export function createEnrollmentsService(deps: EnrollmentsDeps) {
  const { db } = deps;
  const submission = createSubmission(deps);
  const creation = createEnrollmentCreation(deps, submission.submitIfQueued);

  /** Applies a change of the facts the holds depend on and moves the enrollment to whatever they now say. */
  async function redecide(
    companyId: number,
    enrollmentId: number,
    changes: Partial<{
      deposit_status: DepositStatus;
      autopay_active: 0 | 1;
      manual_review_reasons: string;
      verification_status: string;
    }>,
    actor: Actor,
    reason: string,
  ) {
    await db.transaction().execute(async (trx) => {
      const e = (await store.findEnrollment(trx, companyId, enrollmentId))!;
      const next = holdStatus({ ...e, ...changes });
      await store.transition(trx, deps.clock, e, next, actor, reason, {
        ...changes,
        next_submission_at: null,
      });
    });
    await submission.submitIfQueued(companyId, enrollmentId);
  }

  /** Accepted enrollments whose start date came start service (the enrollment a renewal continues is archived). */
  async function startDue(day: string): Promise<number> {
    const starting = await store.dueToStart(db, day);
    for (const e of starting) {
      await db.transaction().execute(async (trx) => {
        // The renewal takes the meter over: the enrollment it continues lets go of it first.
        if (e.previous_enrollment_id !== null) {
          const previous = await store.findStatus(trx, e.previous_enrollment_id);
          if (previous?.status === 'ACTIVE')
            await store.transition(
              trx,
              deps.clock,
              previous,
              'ARCHIVED',
              'system',
              `Replaced by enrollment ${e.id}`,
            );
        }
        await store.transition(trx, deps.clock, e, 'ACTIVE', 'system', 'Service started');
      });
    }
    return starting.length;
  }

  async function endDue(day: string): Promise<number> {
    const ending = await store.dueToEnd(db, day);
    for (const e of ending)
      await store.transition(db, deps.clock, e, 'DROPPED', 'system', 'Service ended on the drop date');
    return ending.length;
  }

  /** A customer's enrollments, with those of logins merged into this one through link-accounts. */
  async function customerRows(companyId: number, customerId: number) {
    const linked = await linkedCustomerIds(db, companyId, customerId);
    return store.customersEnrollments(db, companyId, [customerId, ...linked]);
  }

  return {
    create: creation.create,
    createResponse: creation.createResponse,
    submit: submission.submit,
    redecide,
    /** The stored row, or 404: for the agent work queues. */
    async row(companyId: number, enrollmentId: number) {
      const e = await store.findEnrollment(db, companyId, enrollmentId);
      if (!e) throw notFound(`Enrollment ${enrollmentId}`);
      return e;
    },
    async listByStatus(companyId: number, statuses: readonly string[], limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        store.enrollmentsByStatus(db, companyId, statuses, limit, offset),
        store.countByStatus(db, companyId, statuses),
      ]);
      return { rows, total };
    },
    move: (
      e: store.EnrollmentRow,
      to: EnrollmentStatus,
      actor: Actor,
      reason: string,
      changes: Parameters<typeof store.transition>[6] = {},
    ) => store.transition(db, deps.clock, e, to, actor, reason, changes),
    touch: (id: number, changes: Parameters<typeof store.updateEnrollment>[3]) =>
      store.updateEnrollment(db, deps.clock, id, changes),
    async get(companyId: number, enrollmentId: number) {
      const e = await store.findEnrollment(db, companyId, enrollmentId);
      if (!e) throw notFound(`Enrollment ${enrollmentId}`);
      return (await describeEnrollments(db, companyId, [e], dayOf(deps.clock)))[0]!;
    },
    /** A web service account reads any customer of its own company, and no other company's: 404 like any other row. */
    async assertCompanyCustomer(companyId: number, customerId: number) {
      if (!(await findCustomer(db, companyId, customerId))) throw notFound(`Customer ${customerId}`);
    },
    customerRows,
    async listForCustomer(companyId: number, customerId: number) {
      const rows = await customerRows(companyId, customerId);
      const replaced = rows.filter((e) => e.status === 'ARCHIVED').map((e) => e.id);
      const owing = replaced.length > 0 ? await deps.stillOwing(companyId, replaced) : new Set<number>();
      return describeEnrollments(db, companyId, shownToCustomer(rows, owing), dayOf(deps.clock));
    },
    /** Start and end dates reached: service starts (the renewed enrollment is archived) or ends. */
    async advanceDue(): Promise<string> {
      const day = dayOf(deps.clock);
      const started = await startDue(day);
      const ended = await endDue(day);
      return `${started} started, ${ended} ended`;
    },
    /** The renewal batch: RENEWAL_PENDING enrollments to the billing system, each claimed once. */
    async submitRenewals(limit = 200): Promise<string> {
      return `${await submission.submitDue(['RENEWAL_PENDING'], limit)} renewal(s) submitted`;
    },
    /** The retry task: everything due for (re)submission, each claimed so two nodes never send the same one. */
    async submitDue(limit = 50): Promise<string> {
      const count = await submission.submitDue(
        ['QUEUED_FOR_SUBMISSION', 'SUBMITION_NOT_SENT_CONNECTION_ERROR'],
        limit,
      );
      return `${count} submission(s) attempted`;
    },
    isLive,
  };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
