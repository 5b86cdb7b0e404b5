import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import { PaymentIdParams, RefundOutcome, RefundRequest } from './ops-schemas.js';
import { type ChargesService, toCents } from './service.js';

const tags = ['Customers'];

/** Payments in the console: refunds through the gateway (payments.refund), each in the audit log. */
export const chargeOpsRoutes: FastifyPluginAsyncTypebox<{
  charges: ChargesService;
  audit: AuditLog;
}> = async (app, { charges, audit }) => {
  app.post(
    '/payments/:id/refund',
    {
      config: {
        permission: 'payments.refund',
        errors: ['REFUND_NOT_ALLOWED', 'REFUND_EXCEEDS_PAYMENT', 'PAYMENT_DECLINED', 'UPSTREAM_UNAVAILABLE'],
      },
      schema: {
        operationId: 'refundPayment',
        tags,
        summary: 'Refunds all or part of a bill payment through the payment gateway',
        description:
          'The amount is reserved on the payment before the gateway is asked, so refunds at once never exceed it. ' +
          'If the gateway does not answer (503), the refund stays pending until the reconciliation task learns what it did.',
        params: PaymentIdParams,
        body: RefundRequest,
        response: { 200: Envelope(RefundOutcome) },
      },
    },
    async (request) => {
      const amountCents =
        request.body.amount === undefined ? undefined : toCents(request.body.amount, 'amount');
      const outcome = await charges.refund(staffOf(request).companyId, request.params.id, amountCents);
      await audit.record(auditActorOf(request), {
        action: 'payment.refund',
        targetType: 'payment',
        targetId: request.params.id,
        summary: `Refunded $${outcome.refund.amount.toFixed(2)} of payment ${request.params.id}: ${request.body.reason}`,
        after: { refund: outcome.refund.id, refunded: outcome.payment.refunded },
      });
      return ok(outcome);
    },
  );
};
