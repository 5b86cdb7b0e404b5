import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assertOwnCustomer, callerOf, customerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, PagingQuery, paged, pagingOf } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { publicBaseUrl } from '../../http/public-url.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import type { EnrollmentsService } from '../enrollments/index.js';
import { hostedPaymentRoutes } from './hosted-page.js';
import type { HostedPayment } from './hosted-payment.js';
import { allowedReturnUrl } from './return-urls.js';
import {
  ChargeCreateRequest,
  ChargeIdParams,
  ChargesQuery,
  ChargeTransaction,
  ChargeUpdateRequest,
  EnrollIdParams,
  PaymentHistoryItem,
  PaymentsTotal,
  PayRequest,
  RedirectQuery,
  TotalQuery,
} from './schemas.js';
import type { ChargesService } from './service.js';

const tags = ['Payments'];
const customerScoped = { access: 'customer' as const };
const accountOrCustomer = { access: 'account-or-customer' as const };

export interface ChargeRoutesOptions {
  charges: ChargesService;
  enrollments: EnrollmentsService;
  hosted: HostedPayment;
  linkSigner: LinkSigner;
}

export const chargeRoutes: FastifyPluginAsyncTypebox<ChargeRoutesOptions> = async (
  app,
  { charges, enrollments, hosted, linkSigner },
) => {
  const company = (request: Parameters<typeof callerOf>[0]) => callerOf(request).companyId;
  /** The enrollment must belong to the customer of the X-Customer-Hash. */
  const ownEnrollment = async (request: Parameters<typeof callerOf>[0], enrollmentId: number) => {
    const e = await enrollments.row(company(request), enrollmentId);
    assertOwnCustomer(request, e.customer_id);
    return e;
  };

  app.post(
    '/payments/pay',
    {
      config: {
        errors: [
          'DEPOSIT_AMOUNT_MISMATCH',
          'DEPOSIT_NOT_DUE',
          'ENROLLMENT_STATUS_CONFLICT',
          'PAYMENT_AMOUNT_TOO_LARGE',
          'PAYMENT_DECLINED',
          'PAYMENT_GATEWAY_NOT_CONFIGURED',
          'PAYMENT_IN_PROGRESS',
          'PAYMENT_PROFILE_UNKNOWN',
          'UPSTREAM_UNAVAILABLE',
        ],
        ...customerScoped,
        idempotent: true,
      },
      schema: {
        operationId: 'pay',
        tags,
        summary: 'A one-time or deposit payment with a stored payment profile',
        description:
          'Send an `Idempotency-Key`: a retry with the same key never charges twice, even when the gateway timed out the first time ' +
          '(the charge is looked up by its reference first). A paid deposit releases ON_HOLD_DEPOSIT_PENDING and ON_HOLD_PAYMENT_FAILED. ' +
          'Every attempt is recorded as a charge transaction; a decline answers PAYMENT_DECLINED. While another payment of the ' +
          "same deposit waits for the gateway's answer, a new deposit payment (another key) answers PAYMENT_IN_PROGRESS " +
          "instead of charging the deposit twice. One payment is at most the company's largest single payment " +
          '(422 PAYMENT_AMOUNT_TOO_LARGE says the maximum).',
        body: PayRequest,
        response: { 200: Envelope(ChargeTransaction) },
      },
    },
    async (request) =>
      ok(
        await charges.pay(
          company(request),
          customerOf(request).customerId,
          request.body,
          idempotencyKeyOf(request),
        ),
      ),
  );

  app.get(
    '/payments/charge-transaction/by-enrollment/:enrollId',
    {
      config: customerScoped,
      schema: {
        operationId: 'listChargeTransactions',
        tags,
        summary: "The enrollment's charge transactions",
        params: EnrollIdParams,
        querystring: ChargesQuery,
        response: { 200: PagedEnvelope(ChargeTransaction) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollId);
      const paging = pagingOf(request.query);
      const { items, total } = await charges.byEnrollment(
        company(request),
        request.params.enrollId,
        request.query,
        paging,
      );
      return paged(items, total, paging);
    },
  );

  app.get(
    '/payments/charge-transaction/by-enrollment/:enrollId/total-voltin-payments',
    {
      config: customerScoped,
      schema: {
        operationId: 'totalVoltinPayments',
        tags,
        summary: 'Total paid through Voltin for the enrollment between two dates',
        params: EnrollIdParams,
        querystring: TotalQuery,
        response: { 200: Envelope(PaymentsTotal) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollId);
      return ok(
        await charges.total(
          company(request),
          request.params.enrollId,
          request.query.startDate,
          request.query.endDate,
        ),
      );
    },
  );

  app.get(
    '/payments/charge-transaction/:chargeId',
    {
      config: customerScoped,
      schema: {
        operationId: 'getChargeTransaction',
        tags,
        summary: 'One charge transaction',
        params: ChargeIdParams,
        response: { 200: Envelope(ChargeTransaction) },
      },
    },
    async (request) => {
      const charge = await charges.charge(company(request), request.params.chargeId);
      await ownEnrollment(request, charge.id_enrollment);
      return ok(charge);
    },
  );

  app.put(
    '/payments/charge-transaction/:chargeId',
    {
      config: accountOrCustomer,
      schema: {
        operationId: 'updateChargeTransaction',
        tags,
        summary: 'Marks a charge captured or sent to the billing system',
        description:
          'For the web service account (the billing integration): a customer call (with X-Customer-Hash) is refused with 403. Each change is recorded with the account that made it.',
        params: ChargeIdParams,
        body: ChargeUpdateRequest,
        response: { 200: Envelope(ChargeTransaction) },
      },
    },
    async (request) => {
      if (request.customerSession)
        throw new ApiError(
          'PERMISSION_DENIED',
          "A customer cannot change a charge's capture or billing flags; the billing integration does.",
        );
      const caller = callerOf(request);
      return ok(
        await charges.update(caller.companyId, request.params.chargeId, request.body, caller.accountId),
      );
    },
  );

  app.post(
    '/payments/charge-transaction',
    {
      config: {
        errors: [
          'CHARGE_ALREADY_RECORDED',
          'DEPOSIT_AMOUNT_MISMATCH',
          'DEPOSIT_NOT_DUE',
          'GATEWAY_AMOUNT_MISMATCH',
          'GATEWAY_TRANSACTION_NOT_CAPTURED',
          'GATEWAY_TRANSACTION_UNKNOWN',
          'PAYMENT_GATEWAY_NOT_CONFIGURED',
          'UPSTREAM_UNAVAILABLE',
        ],
        ...accountOrCustomer,
        idempotent: true,
      },
      schema: {
        operationId: 'createChargeTransaction',
        tags,
        summary: 'Records a charge the gateway made outside Voltin (hosted page, phone payment)',
        description:
          "Nothing is charged. The charge counts only when the payment gateway confirms it: a charge of this retail company, captured, for this amount, not recorded before (409 CHARGE_ALREADY_RECORDED); a gateway that does not answer gives 503 and nothing is recorded. With X-Customer-Hash, only for the customer's own enrollment and made with their own payment method. A DEPOSIT is for exactly the deposit due and releases the deposit hold.",
        body: ChargeCreateRequest,
        response: { 200: Envelope(ChargeTransaction) },
      },
    },
    async (request) => {
      if (request.customerSession) await ownEnrollment(request, request.body.id_enrollment);
      return ok(await charges.create(company(request), request.body, request.customerSession?.customerId));
    },
  );

  app.get(
    '/payments/history-by-enrollment/:enrollId',
    {
      config: customerScoped,
      schema: {
        operationId: 'paymentHistory',
        tags,
        summary: 'Payments and declines of the enrollment, newest first',
        params: EnrollIdParams,
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(PaymentHistoryItem) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollId);
      const paging = pagingOf(request.query);
      const { items, total } = await charges.history(company(request), request.params.enrollId, paging);
      return paged(items, total, paging);
    },
  );

  app.get(
    '/payments/redirect-payment-uri/:enrollId',
    {
      config: { ...customerScoped, errors: ['RETURN_URL_NOT_ALLOWED'] },
      schema: {
        operationId: 'redirectPaymentUri',
        tags,
        summary: 'A link to the hosted payment page, valid secondsBeforeExpire seconds (30 by default)',
        description:
          'The page pays with a stored card or bank account, then sends the browser to callbackSuccessURL (with transactionId and amount) or callbackErrorURL (with reason). One payment per link. ' +
          'Both URLs must be on an origin the company registered for payment returns (400 RETURN_URL_NOT_ALLOWED names the parameter). ' +
          "While a deposit is due the page charges exactly the deposit; a payment is at most the company's largest single payment. " +
          "The link starts with the configured public base URL, never the request's Host.",
        params: EnrollIdParams,
        querystring: RedirectQuery,
        response: { 200: Envelope(Type.String({ description: 'The URL.' })) },
      },
    },
    async (request) => {
      const e = await ownEnrollment(request, request.params.enrollId);
      if (e.ldc_account !== request.query.ldcNumber.replace(/[\s-]/g, '')) {
        throw new ApiError('VALIDATION_FAILED', 'ldcNumber is not the LDC number of this enrollment.', [
          'querystring.ldcNumber: does not match the enrollment',
        ]);
      }
      const origins = await hosted.returnOrigins(e.company_id);
      const params = new URLSearchParams({
        success: allowedReturnUrl(request.query.callbackSuccessURL, origins, 'callbackSuccessURL').href,
        error: allowedReturnUrl(request.query.callbackErrorURL, origins, 'callbackErrorURL').href,
      });
      const path = `/api/v1/payments/hosted-payment/${e.id}?${params}`;
      return ok(`${publicBaseUrl(request)}${linkSigner.sign(path, request.query.secondsBeforeExpire ?? 30)}`);
    },
  );

  await app.register(hostedPaymentRoutes, { hosted, linkSigner });
};
