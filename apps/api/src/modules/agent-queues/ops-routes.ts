import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import type { EnrollmentStatus } from '../enrollments/index.js';
import {
  BulkRetry,
  EnrollmentIdParams,
  EnrollmentOutcome,
  HoldRelease,
  QueueItem,
  QueueSummary,
  Reason,
  RetryResult,
  StatusQueueQuery,
} from './ops-schemas.js';
import { type AgentQueues, consoleAgent } from './service.js';

const tags = ['Work queues'];
const act = { permission: 'enrollments.act', errors: ['ENROLLMENT_STATUS_CONFLICT' as const] };

/** The console's agent work: the same service, and so the same rules, as the API's `/agent/...` operations. */
export const agentOpsRoutes: FastifyPluginAsyncTypebox<{ agent: AgentQueues; audit: AuditLog }> = async (
  app,
  { agent, audit },
) => {
  const by = (request: FastifyRequest) => consoleAgent(staffOf(request).email);
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  /** Runs an action on one enrollment and appends it to the audit log with the status before and after. */
  async function audited(
    request: FastifyRequest,
    id: number,
    action: string,
    reason: string,
    run: () => Promise<{ status: string }>,
  ) {
    const before = (await agent.enrollmentStatus(companyOf(request), id)).status;
    const after = (await run()).status;
    await audit.record(auditActorOf(request), {
      action: `enrollment.${action}`,
      targetType: 'enrollment',
      targetId: id,
      summary: `${action.replace('-', ' ')} of enrollment ${id} (${before} → ${after})${reason ? `: ${reason}` : ''}`,
      before: { status: before },
      after: { status: after },
    });
    return ok({ id, status: after });
  }

  app.get(
    '/queues',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listQueues',
        tags,
        summary: 'Every work queue with how many items wait in it and since when the oldest has',
        response: { 200: Envelope(Type.Array(QueueSummary)) },
      },
    },
    async (request) => ok(await agent.overview(companyOf(request))),
  );

  app.get(
    '/queues/enrollments',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listQueueEnrollments',
        tags,
        summary: "One status queue's enrollments, a page at a time, longest waiting first",
        querystring: StatusQueueQuery,
        response: { 200: PagedEnvelope(QueueItem) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.enrollmentQueue(
        companyOf(request),
        request.query.queue as EnrollmentStatus,
        paging,
        request.query.order ?? 'oldest',
      );
      return paged(items, total, paging);
    },
  );

  app.post(
    '/enrollments/:id/release-hold',
    {
      config: act,
      schema: {
        operationId: 'releaseHold',
        tags,
        summary: 'Releases a hold the agent vouches for; waiving the deposit needs deposits.waive',
        params: EnrollmentIdParams,
        body: HoldRelease,
        response: { 200: Envelope(EnrollmentOutcome) },
      },
    },
    async (request) => {
      if (request.body.waiveDeposit && !staffOf(request).permissions.includes('deposits.waive'))
        throw new ApiError('PERMISSION_DENIED', 'Waiving a deposit needs the deposits.waive permission.');
      return audited(request, request.params.id, 'release-hold', request.body.reason, () =>
        agent.releaseHold(companyOf(request), request.params.id, by(request), request.body),
      );
    },
  );

  app.post(
    '/enrollments/:id/reject',
    {
      config: act,
      schema: {
        operationId: 'rejectEnrollment',
        tags,
        summary: 'Rejects an enrollment before service starts (CANCELLED)',
        params: EnrollmentIdParams,
        body: Reason,
        response: { 200: Envelope(EnrollmentOutcome) },
      },
    },
    async (request) =>
      audited(request, request.params.id, 'reject', request.body.reason, () =>
        agent.reject(companyOf(request), request.params.id, by(request), request.body.reason),
      ),
  );

  app.post(
    '/enrollments/:id/retry-submission',
    {
      config: act,
      schema: {
        operationId: 'retrySubmission',
        tags,
        summary: 'Sends a failed submission to the billing system again now',
        params: EnrollmentIdParams,
        response: { 200: Envelope(EnrollmentOutcome) },
      },
    },
    async (request) =>
      audited(request, request.params.id, 'retry-submission', '', () =>
        agent.retrySubmission(companyOf(request), request.params.id, by(request)),
      ),
  );

  app.post(
    '/enrollments/retry-submissions',
    {
      config: { permission: 'enrollments.act' },
      schema: {
        operationId: 'retrySubmissions',
        tags,
        summary:
          'Retries several failed submissions; each answers on its own (one refused does not stop the rest)',
        body: BulkRetry,
        response: { 200: Envelope(Type.Array(RetryResult)) },
      },
    },
    async (request) => {
      const results = await agent.retrySubmissions(companyOf(request), request.body.ids, by(request));
      for (const result of results.filter((r) => r.retried))
        await audit.record(auditActorOf(request), {
          action: 'enrollment.retry-submission',
          targetType: 'enrollment',
          targetId: result.id,
          summary: `retry submission of enrollment ${result.id} (bulk) → ${result.status}`,
          after: { status: result.status },
        });
      return ok(results);
    },
  );
};
