import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok, PagedEnvelope, PagingQuery, paged, pagingOf } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import { EnrollmentCorrection, type EnrollmentStatus } from '../enrollments/index.js';
import type { FilesService } from '../files/index.js';
import {
  BulkRetry,
  CreditLetterItem,
  EnrollmentIdParams,
  EnrollmentOutcome,
  EnrollmentPage,
  HoldRelease,
  InvoiceIdParams,
  LetterIdParams,
  LetterOutcome,
  QueueItem,
  QueueSummary,
  Reason,
  RetryResult,
  StatusQueueQuery,
} from './ops-schemas.js';
import { EtfInvoice, EtfQuery, EtfWaiver } from './schemas.js';
import { type AgentQueues, consoleAgent, type EtfInvoiceResolution } from './service.js';

const tags = ['Work queues'];
const act = { permission: 'enrollments.act', errors: ['ENROLLMENT_STATUS_CONFLICT' as const] };

/** The console's agent work: the same service, and so the same rules, as the API's `/agent/...` operations. */
export const agentOpsRoutes: FastifyPluginAsyncTypebox<{
  agent: AgentQueues;
  audit: AuditLog;
  files: FilesService;
}> = async (app, { agent, audit, files }) => {
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
    '/enrollments/:id/correct',
    {
      config: act,
      schema: {
        operationId: 'correctEnrollment',
        tags,
        summary:
          'Corrects a refused or held enrollment’s addresses or customer details, and sends a refused one again',
        description:
          'Allowed in SUBMITTED_WITH_ERRORS and on holds. The service address stays in the utility’s territory; a different meter is a new enrollment. The history names the fields and who corrected them.',
        params: EnrollmentIdParams,
        body: EnrollmentCorrection,
        response: { 200: Envelope(EnrollmentOutcome) },
      },
    },
    async (request) =>
      audited(request, request.params.id, 'correct', request.body.reason, () =>
        agent.correct(companyOf(request), request.params.id, by(request), request.body),
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

  app.get(
    '/queues/unverified-meters',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listUnverifiedMeters',
        tags,
        summary:
          'Enrollments accepted on an ESIID the ESIID data did not know, for an agent to check, oldest first',
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(QueueItem) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.unverifiedMeterQueue(companyOf(request), paging);
      return paged(items, total, paging);
    },
  );

  app.post(
    '/enrollments/:id/meter-verified',
    {
      config: act,
      schema: {
        operationId: 'recordMeterVerified',
        tags,
        summary: "Records that the agent checked the enrollment's meter with the TDSP: it leaves the queue",
        params: EnrollmentIdParams,
        body: Reason,
        response: { 200: Envelope(EnrollmentOutcome) },
      },
    },
    async (request) =>
      audited(request, request.params.id, 'meter-verified', request.body.reason, () =>
        agent.meterVerified(companyOf(request), request.params.id, by(request), request.body.reason),
      ),
  );

  app.get(
    '/queues/credit-letters',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listCreditLetters',
        tags,
        summary: 'Letters of credit waiting for review, oldest upload first',
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(CreditLetterItem) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.creditLetterQueue(companyOf(request), paging);
      return paged(items, total, paging);
    },
  );

  app.get(
    '/credit-letters/:id/file',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getCreditLetterFile',
        tags,
        summary: 'The uploaded letter of credit, to read before deciding (shown in the browser)',
        params: LetterIdParams,
        response: {
          200: {
            description: 'The file as uploaded (PDF or image), with its content type.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const file = await files.read(company, await agent.creditLetterFileId(company, request.params.id));
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `inline; filename="${file.file_name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content) as unknown as string);
    },
  );

  for (const approve of [true, false]) {
    const verb = approve ? 'approve' : 'reject';
    app.post(
      `/credit-letters/:id/${verb}`,
      {
        config: act,
        schema: {
          operationId: approve ? 'approveCreditLetter' : 'rejectCreditLetter',
          tags,
          summary: approve
            ? 'Approves a letter of credit: it covers the deposit and the enrollment moves on'
            : 'Rejects a letter of credit with the reason: the customer may upload another',
          params: LetterIdParams,
          body: Reason,
          response: { 200: Envelope(LetterOutcome) },
        },
      },
      async (request) => {
        const review = await agent.reviewCreditLetter(
          companyOf(request),
          request.params.id,
          by(request),
          approve,
          request.body.reason,
        );
        await audit.record(auditActorOf(request), {
          action: `credit-letter.${verb}`,
          targetType: 'credit_letter',
          targetId: request.params.id,
          summary: `${approve ? 'Approved' : 'Rejected'} the letter of credit of enrollment ${review.id_enrollment}: ${request.body.reason}`,
          before: { status: 'pending' },
          after: { status: approve ? 'approved' : 'rejected' },
        });
        return ok({ id: request.params.id, enrollmentId: review.id_enrollment, approved: approve });
      },
    );
  }

  app.get(
    '/queues/etf-invoices',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listEtfInvoices',
        tags,
        summary: 'Early termination fee invoices queued by drops, and those sent or waived (status narrows)',
        querystring: EtfQuery,
        response: { 200: PagedEnvelope(EtfInvoice) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.etfInvoices(companyOf(request), request.query.status, paging);
      return paged(items, total, paging);
    },
  );

  /** Sends or waives the invoice, then records who did it and, for a waiver, why. */
  async function resolveAndAudit(request: FastifyRequest, id: number, resolution: EtfInvoiceResolution) {
    const invoice = await agent.resolveEtfInvoice(companyOf(request), id, by(request), resolution);
    const sent = resolution.outcome === 'sent';
    await audit.record(auditActorOf(request), {
      action: `etf-invoice.${sent ? 'send' : 'waive'}`,
      targetType: 'etf_invoice',
      targetId: id,
      summary: `${sent ? 'Sent' : 'Waived'} the $${invoice.amount} ETF invoice of enrollment ${invoice.id_enrollment}`,
      before: { status: 'queued' },
      after: { status: invoice.status, ...(sent ? {} : { reason: invoice.resolution_note }) },
    });
    return invoice;
  }

  app.post(
    '/etf-invoices/:id/send',
    {
      config: act,
      schema: {
        operationId: 'sendEtfInvoice',
        tags,
        summary: 'Sends a queued ETF invoice to be billed',
        params: InvoiceIdParams,
        response: { 200: Envelope(EtfInvoice) },
      },
    },
    async (request) => ok(await resolveAndAudit(request, request.params.id, { outcome: 'sent' })),
  );

  app.post(
    '/etf-invoices/:id/waive',
    {
      config: act,
      schema: {
        operationId: 'waiveEtfInvoice',
        tags,
        summary: 'Waives a queued ETF invoice, saying why',
        params: InvoiceIdParams,
        body: EtfWaiver,
        response: { 200: Envelope(EtfInvoice) },
      },
    },
    async (request) =>
      ok(await resolveAndAudit(request, request.params.id, { outcome: 'waived', ...request.body })),
  );

  app.get(
    '/enrollments/:id',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getEnrollmentPage',
        tags,
        summary:
          'Everything about one enrollment: record, timeline, credit decision, money, reviews and audit',
        params: EnrollmentIdParams,
        response: { 200: Envelope(EnrollmentPage) },
      },
    },
    async (request) => {
      const company = companyOf(request);
      const [page, audited] = await Promise.all([
        agent.enrollmentPage(company, request.params.id),
        audit.search(
          company,
          { targetType: 'enrollment', targetId: String(request.params.id) },
          { pageNumber: 1, pageSize: 100 },
        ),
      ]);
      return ok({ ...page, audit: audited.items });
    },
  );
};
