import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { addDays } from '../../domain/dates.js';
import { localDay, startOfLocalDay } from '../../domain/time-zone.js';
import { queueLabel } from '../agent-queues/index.js';
import { paymentCounts } from '../charges/index.js';
import { creditCheckCounts } from '../credit-checks/index.js';
import {
  cancellationsByActor,
  enrollmentsCreatedPerDay,
  enrollmentsSubmittedPerDay,
  holdsByAge,
  isQueueStatus,
  submissionOutcomes,
} from '../enrollments/index.js';
import { DASHBOARD_DAYS, DASHBOARD_TIME_ZONE, HOLD_AGE_BUCKETS } from './model.js';
import type { Dashboard } from './ops-schemas.js';

/**
 * The console's dashboard: counts an operations lead reads on opening the console. It owns no table: each count is
 * asked of the module that owns the rows (enrollments, credit checks, charges), each one index range grouped in SQL.
 */
export function createDashboard(deps: { db: Kysely<Database>; clock: Clock; timeZone?: string }) {
  const { db, clock } = deps;
  const timeZone = deps.timeZone ?? DASHBOARD_TIME_ZONE;

  return {
    async today(companyId: number): Promise<Static<typeof Dashboard>> {
      const now = clock.now();
      const today = localDay(now, timeZone);
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
      // Where each day begins, then where today ends: the instants the rows' created_at are compared with.
      const edges = [...days, addDays(today, 1)].map((day) => startOfLocalDay(day, timeZone).toISOString());
      const [todayStarts, todayEnds] = edges.slice(-2) as [string, string];
      const ages = HOLD_AGE_BUCKETS.flatMap((bucket) =>
        bucket.toSeconds === null ? [] : [bucket.toSeconds],
      );

      const [created, submitted, outcomes, cancellations, holds, credit, payments] = await Promise.all([
        enrollmentsCreatedPerDay(db, companyId, edges),
        enrollmentsSubmittedPerDay(db, companyId, edges),
        submissionOutcomes(db, companyId, todayStarts, todayEnds),
        cancellationsByActor(db, companyId, todayStarts, todayEnds),
        holdsByAge(db, companyId, now, ages),
        creditCheckCounts(db, companyId, todayStarts, todayEnds),
        paymentCounts(db, companyId, todayStarts, todayEnds),
      ]);

      const byStatus = [...holds].map(([status, counts]) => ({
        status,
        label: queueLabel(status),
        queue: isQueueStatus(status) ? status : null,
        total: counts.reduce((sum, count) => sum + count, 0),
        counts,
      }));
      return {
        timeZone,
        today,
        asOf: now.toISOString(),
        enrollments: { createdToday: created.at(-1) ?? 0 },
        submissions: {
          sent: submitted.at(-1) ?? 0,
          accepted: outcomes.PENDING,
          withErrors: outcomes.SUBMITTED_WITH_ERRORS,
          connectionErrors: outcomes.SUBMITION_NOT_SENT_CONNECTION_ERROR,
        },
        holds: {
          total: byStatus.reduce((sum, hold) => sum + hold.total, 0),
          buckets: HOLD_AGE_BUCKETS.map((bucket) => ({ ...bucket })),
          byStatus,
        },
        declines: {
          creditChecks: credit.checks,
          creditDenied: credit.denied,
          payments: payments.payments,
          paymentsDeclined: payments.declined,
          rejected: cancellations.agent,
          cancelledByCustomer: cancellations.customer,
        },
        daily: days.map((day, i) => ({ day, created: created[i] ?? 0, submitted: submitted[i] ?? 0 })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboard>;
