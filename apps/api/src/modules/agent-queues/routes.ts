import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, PagingQuery, paged, pagingOf } from '../../http/envelope.js';
import { commaLists } from '../../http/schemas.js';
import { EnrollmentSchema as Enrollment } from '../enrollments/index.js';
import {
  AgentNote,
  CreditLetterReview,
  EtfInvoice,
  EtfQuery,
  EtfWaiver,
  IdParams,
  QueueQuery,
} from './schemas.js';
import { type AgentQueues, apiAgent, type EtfInvoiceResolution } from './service.js';

const tags = ['Agent work queues'];
const agentOnly = { roleGroups: ['Agent'] };
/** An agent's decision on an item of a queue: refused once the item has left the state it is decided in. */
const agentDecision = { ...agentOnly, errors: ['ENROLLMENT_STATUS_CONFLICT' as const] };
const ADDITION = 'Not in the platform specification: an addition for the operations team (role group Agent).';

export const agentRoutes: FastifyPluginAsyncTypebox<{ agent: AgentQueues }> = async (app, { agent }) => {
  const who = (request: Parameters<typeof callerOf>[0]) => callerOf(request);

  app.get(
    '/agent/enrollments',
    {
      config: agentOnly,
      preValidation: commaLists('status'),
      schema: {
        operationId: 'agentListEnrollments',
        tags,
        summary: 'Enrollments waiting for an agent: holds and failed submissions, or the statuses asked for',
        description: ADDITION,
        querystring: QueueQuery,
        response: { 200: PagedEnvelope(Enrollment) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.queue(who(request).companyId, request.query.status, paging);
      return paged(items, total, paging);
    },
  );

  const enrollmentAction = (operationId: string, summary: string, body?: typeof AgentNote) => ({
    config: agentDecision,
    schema: {
      operationId,
      tags,
      summary,
      description: ADDITION,
      params: IdParams,
      ...(body ? { body } : {}),
      response: { 200: Envelope(Enrollment) },
    },
  });

  app.get(
    '/agent/unverified-meters',
    {
      config: agentOnly,
      schema: {
        operationId: 'agentListUnverifiedMeters',
        tags,
        summary: 'Enrollments accepted on an ESIID the ESIID data did not know, for an agent to verify',
        description: `${ADDITION} Listed while the company setting unknown_esiids is verify_later; not a hold.`,
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(Enrollment) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.unverifiedMeters(who(request).companyId, paging);
      return paged(items, total, paging);
    },
  );

  app.post(
    '/agent/enrollments/:id/meter-verified',
    enrollmentAction(
      'agentMeterVerified',
      "Records that an agent verified the enrollment's meter: it leaves the unverified-meter queue",
      AgentNote,
    ),
    async (request) =>
      ok(
        await agent.meterVerified(
          who(request).companyId,
          request.params.id,
          apiAgent(who(request).accountId),
          (request.body as { reason: string }).reason,
        ),
      ),
  );

  app.post(
    '/agent/enrollments/:id/retry-submission',
    enrollmentAction('agentRetrySubmission', 'Sends a failed submission to the billing system again now'),
    async (request) =>
      ok(
        await agent.retrySubmission(
          who(request).companyId,
          request.params.id,
          apiAgent(who(request).accountId),
        ),
      ),
  );

  app.post(
    '/agent/enrollments/:id/release-hold',
    enrollmentAction(
      'agentReleaseHold',
      'Releases a hold the agent vouches for (manual review, failed verification, optionally the deposit)',
      AgentNote,
    ),
    async (request) =>
      ok(
        await agent.releaseHold(
          who(request).companyId,
          request.params.id,
          apiAgent(who(request).accountId),
          request.body as Static<typeof AgentNote>,
        ),
      ),
  );

  app.post(
    '/agent/enrollments/:id/reject',
    enrollmentAction(
      'agentRejectEnrollment',
      'Rejects an enrollment before service starts (CANCELLED)',
      AgentNote,
    ),
    async (request) =>
      ok(
        await agent.reject(
          who(request).companyId,
          request.params.id,
          apiAgent(who(request).accountId),
          (request.body as { reason: string }).reason,
        ),
      ),
  );

  for (const approve of [true, false]) {
    app.post(
      `/agent/credit-letters/:id/${approve ? 'approve' : 'reject'}`,
      {
        config: agentDecision,
        schema: {
          operationId: approve ? 'agentApproveCreditLetter' : 'agentRejectCreditLetter',
          tags,
          summary: approve
            ? 'Approves a letter of credit: it covers the deposit and the enrollment moves on'
            : 'Rejects a letter of credit: a new one may be uploaded',
          description: ADDITION,
          params: IdParams,
          body: Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500 }) }),
          response: { 200: Envelope(CreditLetterReview) },
        },
      },
      async (request) =>
        ok(
          await agent.reviewCreditLetter(
            who(request).companyId,
            request.params.id,
            apiAgent(who(request).accountId),
            approve,
            request.body.reason,
          ),
        ),
    );
  }

  app.get(
    '/agent/etf-invoices',
    {
      config: agentOnly,
      schema: {
        operationId: 'agentListEtfInvoices',
        tags,
        summary: 'Early termination fee invoices queued by drops',
        description: ADDITION,
        querystring: EtfQuery,
        response: { 200: PagedEnvelope(EtfInvoice) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await agent.etfInvoices(who(request).companyId, request.query.status, paging);
      return paged(items, total, paging);
    },
  );

  /** Resolves the invoice as the calling account. */
  const resolveEtf = (request: FastifyRequest, id: number, resolution: EtfInvoiceResolution) =>
    agent.resolveEtfInvoice(who(request).companyId, id, apiAgent(who(request).accountId), resolution);
  const etfSchema = {
    tags,
    description: ADDITION,
    params: IdParams,
    response: { 200: Envelope(EtfInvoice) },
  };

  app.post(
    '/agent/etf-invoices/:id/send',
    {
      config: agentDecision,
      schema: {
        ...etfSchema,
        operationId: 'agentSendEtfInvoice',
        summary: 'Sends a queued ETF invoice to be billed',
      },
    },
    async (request) => ok(await resolveEtf(request, request.params.id, { outcome: 'sent' })),
  );

  app.post(
    '/agent/etf-invoices/:id/waive',
    {
      config: agentDecision,
      schema: {
        ...etfSchema,
        operationId: 'agentWaiveEtfInvoice',
        summary: 'Waives a queued ETF invoice, saying why',
        body: EtfWaiver,
      },
    },
    async (request) =>
      ok(await resolveEtf(request, request.params.id, { outcome: 'waived', ...request.body })),
  );
};
