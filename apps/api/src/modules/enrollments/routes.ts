import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertOwnCustomer, callerOf, limitedToOneCustomer } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { Id } from '../../http/schemas.js';
import { DOCUMENT_KINDS, readSingleFile, uploadOf } from '../../http/uploads.js';
import { linksFor } from '../plans/index.js';
import type { AccountChanges } from './changes.js';
import {
  CreditLetter,
  DeliveryMethodRequest,
  DropRequest,
  DropResult,
  Enrollment,
  EnrollmentCreateRequest,
  EnrollmentCreateResult,
  EnrollmentIdParams,
  ExistsRepeatedBody,
  ExistsRepeatedQuery,
  RecurringBilling,
  RecurringBillingRequest,
  RenewalRequest,
  TransactionOptions,
  TransactionOptionsQuery,
  TransferRequest,
  TransferResult,
} from './schemas.js';
import type { EnrollmentsService } from './service.js';

const tags = ['Enrollments'];
/** The spec does not mark these customer listings (H): an account reads them for its company, a hash for itself. */
const CUSTOMER_LISTING_ACCESS =
  'A web service account may call this without `X-Customer-Hash` for any customer of its own retail company ' +
  "(another company's customer is 404). With `X-Customer-Hash` the call is limited to that customer (and the logins " +
  'linked into it): another customer is 403.';
/** The spec does not mark these enrollment calls (H) either: the self-service site makes them for its signed-in customer. */
const OWN_ENROLLMENT_ACCESS =
  'A web service account may call this without `X-Customer-Hash` for any enrollment of its own retail company ' +
  "(another company's enrollment is 404). With `X-Customer-Hash` the call is limited to that customer's enrollments " +
  "(and those of the logins linked into it): another customer's enrollment is 403 `CUSTOMER_FORBIDDEN`, and nothing changes.";
const ownEnrollmentAccess = { access: 'account-or-customer' } as const;

export const enrollmentRoutes: FastifyPluginAsyncTypebox<{
  enrollments: EnrollmentsService;
  changes: AccountChanges;
}> = async (app, { enrollments, changes }) => {
  const company = (request: Parameters<typeof callerOf>[0]) => callerOf(request).companyId;
  /**
   * A call limited to one customer (see limitedToOneCustomer) acts only on an enrollment of the caller's company that
   * is that customer's own, checked before anything changes; an account calling alone acts for its whole company.
   */
  const ownEnrollment = async (request: FastifyRequest, enrollmentId: number) => {
    if (!limitedToOneCustomer(request)) return;
    const e = await enrollments.row(company(request), enrollmentId);
    assertOwnCustomer(request, e.customer_id);
  };
  app.post(
    '/enrollments/create',
    {
      config: {
        errors: [
          'ACCEPTANCE_REQUIRED',
          'CHARGE_ALREADY_RECORDED',
          'CREDIT_CHECK_BYPASS_NOT_ALLOWED',
          'CREDIT_CHECK_IN_USE',
          'CREDIT_CHECK_NOT_FOUND',
          'CREDIT_CHECK_OTHER_PERSON',
          'CREDIT_CHECK_REQUIRED',
          'CREDIT_CHECK_SSN_REQUIRED',
          'CREDIT_CHECK_UNUSABLE',
          'CREDIT_SCORE_TOO_LOW',
          'ENROLLMENT_DUPLICATE',
          'ESIID_UNKNOWN',
          'PASSWORD_TOO_WEAK',
          'PLAN_MISMATCH',
          'PLAN_NOT_FOUND',
          'PLAN_NOT_ON_SALE',
          'PROMO_CODE_EXHAUSTED',
          'PROMO_CODE_INVALID',
          'START_DATE_TOO_EARLY',
          'START_DATE_WEEKEND',
          'SWITCH_TYPE_NOT_OFFERED',
          'TEXAS_ONLY',
          'USERNAME_INVALID',
          'USERNAME_TAKEN',
          'UTILITY_NOT_ENROLLING',
          'ZIPCODE_NOT_SERVED',
        ],
        idempotent: true,
      },
      schema: {
        operationId: 'createEnrollment',
        tags,
        summary: 'Enrolls a customer in a plan and decides where the enrollment stands',
        description:
          'Checks, in order: plan and fields, acceptance options, start date, duplicate LDC account, credit result against the ' +
          "plan's thresholds (the check must be the enrolling customer's: same name, the same date of birth when the check " +
          "carried one, the same SSN when both are known; recent by the company's credit_check_valid_days; run with the SSN " +
          'when the plan requires it; at most one live enrollment per LDC number per check); then the deposit (charged now, ' +
          'due, or a letter of credit), autopay and manual review; with ' +
          'nothing missing the enrollment is sent to the billing system. `statusDetails` says what is pending. Send an ' +
          '`Idempotency-Key` header: a retried create with the same key returns the first result and creates nothing new.',
        body: EnrollmentCreateRequest,
        response: { 200: Envelope(EnrollmentCreateResult) },
      },
    },
    async (request) =>
      ok(await enrollments.create(callerOf(request).companyId, request.body, idempotencyKeyOf(request))),
  );

  app.get(
    '/enrollments/:enrollmentId',
    {
      config: ownEnrollmentAccess,
      schema: {
        operationId: 'getEnrollment',
        tags,
        summary: 'One enrollment with its status history, holds and self-service options',
        description: OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        response: { 200: Envelope(Enrollment) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await enrollments.get(company(request), request.params.enrollmentId));
    },
  );

  app.get(
    '/customers/:customerId/enrollments',
    {
      config: { access: 'account-or-customer' },
      schema: {
        operationId: 'listCustomerEnrollments',
        tags: ['Customers'],
        summary:
          "The customer's enrollments: the newest of each renewal chain, without archived or cancelled ones",
        description: CUSTOMER_LISTING_ACCESS,
        params: Type.Object({ customerId: Id('id_customer') }),
        response: { 200: Envelope(Type.Array(Enrollment)) },
      },
    },
    async (request) => {
      await enrollments.assertCompanyCustomer(company(request), request.params.customerId);
      return ok(await enrollments.listForCustomer(company(request), request.params.customerId));
    },
  );

  app.get(
    '/enrollments/transaction-options',
    {
      schema: {
        operationId: 'getTransactionOptions',
        tags,
        summary:
          'What can be done with an LDC number for a customer: new enrollment, move-in, renewal, transfer, winback',
        description:
          'Identify the customer by idCustomer (overrides the rest), or firmName or firstName plus lastName, and email or phoneNumber.',
        querystring: TransactionOptionsQuery,
        response: { 200: Envelope(TransactionOptions) },
      },
    },
    async (request) => ok(await changes.transactionOptions(company(request), request.query)),
  );

  app.post(
    '/enrollments/exists-repeated',
    {
      schema: {
        operationId: 'enrollmentExistsRepeated',
        tags,
        summary:
          'Whether the LDC number already has a live enrollment (a create would be refused as a duplicate)',
        querystring: ExistsRepeatedQuery,
        body: ExistsRepeatedBody,
        response: {
          200: Type.Object({
            data: Type.Boolean(),
            id_previous_enrollment: Type.Union([Type.Integer(), Type.Null()]),
            same_plan: Type.Boolean(),
            same_customer: Type.Boolean(),
            succeeded: Type.Boolean(),
            errors: Type.Array(Type.String()),
            message: Type.String(),
          }),
        },
      },
    },
    async (request) => {
      const result = await changes.existsRepeated(
        company(request),
        request.query.ldcNumber,
        request.query.idPlan,
        request.body,
      );
      return { ...result, succeeded: true, errors: [], message: 'OK' };
    },
  );

  app.post(
    '/enrollments/:enrollmentId/renewal',
    {
      config: {
        errors: [
          'ACCEPTANCE_REQUIRED',
          'ENROLLMENT_NOT_RENEWABLE',
          'ENROLLMENT_STATUS_CONFLICT',
          'PLAN_NOT_RENEWABLE',
          'START_DATE_TOO_EARLY',
        ],
        idempotent: true,
        ...ownEnrollmentAccess,
      },
      schema: {
        operationId: 'renewEnrollment',
        tags,
        summary: 'Renews an active enrollment onto a plan: a new linked enrollment in RENEWAL_PENDING',
        description:
          'The renewal batch sends it to the billing system; when it starts, the original is archived and only the newest is listed. ' +
          OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        body: RenewalRequest,
        response: { 200: Envelope(EnrollmentCreateResult) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.renewal(company(request), request.params.enrollmentId, request.body));
    },
  );

  app.post(
    '/enrollments/:enrollmentId/drop',
    {
      config: { errors: ['ENROLLMENT_STATUS_CONFLICT'], idempotent: true, ...ownEnrollmentAccess },
      schema: {
        operationId: 'dropEnrollment',
        tags,
        summary: 'Drops an enrollment on a date, queuing the early termination fee when one applies',
        description:
          "Before service starts a drop cancels the enrollment. The fee is the plan's cancellation_fee, charged when the customer type sends it, " +
          "the reason is not exempt (moving, death) and the date is before the utility's fee-free window at the contract end. " +
          OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        body: DropRequest,
        response: { 200: Envelope(DropResult) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.drop(company(request), request.params.enrollmentId, request.body));
    },
  );

  app.post(
    '/enrollments/:enrollmentId/transfer-service',
    {
      config: {
        errors: ['ENROLLMENT_DUPLICATE', 'ENROLLMENT_STATUS_CONFLICT', 'ESIID_UNKNOWN', 'TEXAS_ONLY'],
        idempotent: true,
        ...ownEnrollmentAccess,
      },
      schema: {
        operationId: 'transferService',
        tags,
        summary:
          'Moves a Texas customer: drops the old address and starts the same plan at the new one (move-in)',
        description:
          'Texas only. When the plan is not sold at the new address, nothing changes and open_wizard asks for a new plan. The billing address defaults to the new service address. ' +
          OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        body: TransferRequest,
        response: { 200: Envelope(TransferResult) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.transfer(company(request), request.params.enrollmentId, request.body));
    },
  );

  app.post(
    '/enrollments/:enrollmentId/update-billing-delivery-method',
    {
      config: { errors: ['DELIVERY_METHOD_CHANGE_NOT_ALLOWED'], ...ownEnrollmentAccess },
      schema: {
        operationId: 'updateBillingDeliveryMethod',
        tags,
        summary: 'Changes how bills are delivered (1 email, 2 letter, 3 both)',
        description:
          'Allowed where the supplier bills the customer and the billing system awaits no information for the enrollment. ' +
          OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        body: DeliveryMethodRequest,
        response: { 200: Envelope(Enrollment) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(
        await changes.updateDeliveryMethod(
          company(request),
          request.params.enrollmentId,
          request.body.id_method_delivery,
        ),
      );
    },
  );

  app.get(
    '/enrollments/:enrollmentId/enrollments-from-billing-group',
    {
      config: ownEnrollmentAccess,
      schema: {
        operationId: 'listBillingGroupEnrollments',
        tags,
        summary: 'The enrollments billed together with this one (same customer and billing address)',
        description: OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        response: { 200: Envelope(Type.Array(Enrollment)) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.billingGroup(company(request), request.params.enrollmentId));
    },
  );

  app.get(
    '/enrollments/:enrollmentId/pending-credit-letter',
    {
      config: ownEnrollmentAccess,
      schema: {
        operationId: 'getPendingCreditLetter',
        tags,
        summary: "The enrollment's latest letter of credit and its review status",
        description: OWN_ENROLLMENT_ACCESS,
        params: EnrollmentIdParams,
        response: { 200: Envelope(CreditLetter) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(
        await changes.pendingCreditLetter(
          company(request),
          request.params.enrollmentId,
          linksFor(request).baseUrl,
        ),
      );
    },
  );

  app.post(
    '/enrollments/:enrollmentId/upload-credit-letter',
    {
      config: {
        errors: ['CREDIT_LETTER_PENDING', 'ENROLLMENT_STATUS_CONFLICT', 'UPLOAD_QUOTA_EXCEEDED'],
        ...ownEnrollmentAccess,
      },
      schema: {
        operationId: 'uploadCreditLetter',
        tags,
        summary: 'Uploads the letter of credit that replaces a business deposit (one PDF, PNG or JPEG)',
        description:
          'Multipart with one file part. The content is checked, not the name. A new letter is accepted only after the previous one was rejected. ' +
          OWN_ENROLLMENT_ACCESS,
        ...uploadOf(DOCUMENT_KINDS),
        params: EnrollmentIdParams,
        response: { 200: Envelope(CreditLetter) },
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(
        await changes.uploadCreditLetter(
          company(request),
          request.params.enrollmentId,
          () => readSingleFile(request, DOCUMENT_KINDS),
          linksFor(request).baseUrl,
        ),
      );
    },
  );

  const recurringOptions = (operationId: string, summary: string) => ({
    config: { access: 'customer' as const },
    schema: {
      operationId,
      tags,
      summary,
      params: EnrollmentIdParams,
      response: { 200: Envelope(RecurringBilling) },
    },
  });

  app.get(
    '/enrollments/:enrollmentId/recurring-billing',
    recurringOptions('getRecurringBilling', 'The autopay set-up of the enrollment'),
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.recurringBilling(company(request), request.params.enrollmentId));
    },
  );

  app.post(
    '/enrollments/:enrollmentId/recurring-billing',
    {
      ...recurringOptions(
        'setRecurringBilling',
        'Sets up autopay with a stored payment profile; releases an autopay hold',
      ),
      config: { access: 'customer' as const, idempotent: true, errors: ['ENROLLMENT_STATUS_CONFLICT'] },
      schema: {
        ...recurringOptions(
          'setRecurringBilling',
          'Sets up autopay with a stored payment profile; releases an autopay hold',
        ).schema,
        body: RecurringBillingRequest,
      },
    },
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(
        await changes.setRecurringBilling(company(request), request.params.enrollmentId, request.body),
      );
    },
  );

  app.delete(
    '/enrollments/:enrollmentId/recurring-billing',
    recurringOptions('finishRecurringBilling', 'Ends autopay (marks it finished)'),
    async (request) => {
      await ownEnrollment(request, request.params.enrollmentId);
      return ok(await changes.finishRecurringBilling(company(request), request.params.enrollmentId));
    },
  );

  app.get(
    '/customers/:customerId/enrollments-to-change-delivery-method',
    {
      config: { access: 'account-or-customer' },
      schema: {
        operationId: 'listEnrollmentsForDeliveryMethodChange',
        tags: ['Customers'],
        summary: "The customer's enrollments whose billing delivery method can change now",
        description: CUSTOMER_LISTING_ACCESS,
        params: Type.Object({ customerId: Id('id_customer') }),
        response: { 200: Envelope(Type.Array(Enrollment)) },
      },
    },
    async (request) => {
      await enrollments.assertCompanyCustomer(company(request), request.params.customerId);
      return ok(await changes.deliveryMethodCandidates(company(request), request.params.customerId));
    },
  );
};
