import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertOwnCustomer, callerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import {
  BillingCharge,
  BillingStatement,
  BillingSummary,
  ChargesQuery,
  EnrollIdParams,
  StatementPdfQuery,
  StatementSummary,
  UsageHistoryItem,
} from './schemas.js';
import type { BillingService } from './service.js';

const tags = ['Billing'];
const customer = { access: 'customer' } as const;
const notStarted =
  'An enrollment whose service has not started has no statements: empty lists and zero amounts, not an error. ';

export const billingRoutes: FastifyPluginAsyncTypebox<{ billing: BillingService }> = async (
  app,
  { billing },
) => {
  /** The enrollment's billing account, refused when it belongs to another customer than the hash's. */
  async function ownAccount(request: FastifyRequest, enrollId: number) {
    const account = await billing.account(callerOf(request).companyId, enrollId);
    assertOwnCustomer(request, account.customerId);
    return account;
  }

  app.get(
    '/billing/usage-history/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'getUsageHistory',
        tags,
        summary: 'Metered usage of each billed period, newest first',
        description: notStarted,
        params: EnrollIdParams,
        response: { 200: Envelope(Type.Array(UsageHistoryItem)) },
      },
    },
    async (request) => ok(await billing.usageHistory(await ownAccount(request, request.params.enrollId))),
  );

  app.get(
    '/billing/charges/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'listBillingCharges',
        tags,
        summary: 'Every charge line billed to the account, newest statement first (paged)',
        description: notStarted,
        params: EnrollIdParams,
        querystring: ChargesQuery,
        response: { 200: PagedEnvelope(BillingCharge) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await billing.charges(
        await ownAccount(request, request.params.enrollId),
        paging,
      );
      return paged(items, total, paging);
    },
  );

  app.get(
    '/billing/statements/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'listBillingStatements',
        tags,
        summary: "The account's statements, newest first (paged)",
        description:
          notStarted +
          'A statement is issued the day after each monthly meter read and is due 16 days later; ' +
          'stmtBalanceAmt = previousBalanceAmt − paymentsAmt + currentChargesAmt.',
        params: EnrollIdParams,
        querystring: ChargesQuery,
        response: { 200: PagedEnvelope(BillingStatement) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await billing.statements(
        await ownAccount(request, request.params.enrollId),
        paging,
      );
      return paged(items, total, paging);
    },
  );

  app.get(
    '/billing/statements-pdf/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'getBillingStatementPdf',
        tags,
        summary: 'One statement as a PDF',
        description:
          'The statement named by custStatementTkn, rendered as a PDF bill: account, service address, period, ' +
          'usage, each charge line, previous balance, payments, current charges, balance due and due date. ' +
          'A token that is not a statement of this enrollment is 404 NOT_FOUND.',
        params: EnrollIdParams,
        querystring: StatementPdfQuery,
        response: {
          200: {
            description: 'The PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const pdf = await billing.statementPdf(
        await ownAccount(request, request.params.enrollId),
        request.query.custStatementTkn,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${pdf.fileName}"`)
        .send(pdf.bytes as unknown as string);
    },
  );

  app.get(
    '/billing/summary/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'getBillingSummary',
        tags,
        summary:
          "The account's balance now: amount due, past due, last statement, last payment, deposit held",
        description: notStarted,
        params: EnrollIdParams,
        response: { 200: Envelope(BillingSummary) },
      },
    },
    async (request) => ok(await billing.summary(await ownAccount(request, request.params.enrollId))),
  );

  app.get(
    '/billing/statement-summary/:enrollId',
    {
      config: { ...customer, errors: ['UPSTREAM_REFUSED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'getBillingStatementSummary',
        tags,
        summary: 'The latest statement in short: its totals by kind of charge and its balance',
        description: notStarted,
        params: EnrollIdParams,
        response: { 200: Envelope(StatementSummary) },
      },
    },
    async (request) => ok(await billing.statementSummary(await ownAccount(request, request.params.enrollId))),
  );
};
