import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import { consoleAgent } from '../agent-queues/index.js';
import type { AuditLog } from '../audit/index.js';
import {
  DeliveryMethodRequest,
  DropRequest,
  DropResult,
  EnrollmentCreateResult,
  EnrollmentSchema,
  RenewalRequest,
  TransferRequest,
  TransferResult,
} from '../enrollments/index.js';
import { NotificationSchema } from '../notifications/index.js';
import { PlanTerms } from '../plans/index.js';
import {
  CustomerHit,
  CustomerIdParams,
  CustomerProfile,
  EnrollmentIdParams,
  NoteBody,
  NotificationIdParams,
  ResetLinkSent,
  RevealBody,
  Revealed,
  SearchQuery,
  StaffNote,
} from './ops-schemas.js';
import type { CustomerView, Revealable } from './service.js';

const tags = ['Customers'];
const LABELS: Record<Revealable, string> = { ssnLast4: 'SSN last four', dateOfBirth: 'date of birth' };

export const customerViewOpsRoutes: FastifyPluginAsyncTypebox<{
  customers: CustomerView;
  audit: AuditLog;
}> = async (app, { customers, audit }) => {
  app.get(
    '/customers/search',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'searchCustomers',
        tags,
        summary: 'Customers matching what was typed, at most 20, as one types',
        querystring: SearchQuery,
        response: { 200: Envelope(Type.Array(CustomerHit)) },
      },
    },
    async (request) => ok(await customers.search(staffOf(request).companyId, request.query.q)),
  );

  app.get(
    '/customers/:id',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getCustomer',
        tags,
        summary: "A customer's profile (identity data masked) and enrollments",
        params: CustomerIdParams,
        response: { 200: Envelope(CustomerProfile) },
      },
    },
    async (request) => ok(await customers.profile(staffOf(request).companyId, request.params.id)),
  );

  app.post(
    '/customers/:id/reveal',
    {
      config: { permission: 'customers.reveal' },
      schema: {
        operationId: 'revealCustomerData',
        tags,
        summary: "Reveals one piece of a customer's identity data; each reveal is in the audit log",
        params: CustomerIdParams,
        body: RevealBody,
        response: { 200: Envelope(Revealed) },
      },
    },
    async (request) => {
      const field = request.body.field as Revealable;
      const value = await customers.reveal(staffOf(request).companyId, request.params.id, field);
      await audit.record(auditActorOf(request), {
        action: 'customer.reveal',
        targetType: 'customer',
        targetId: request.params.id,
        summary: `Revealed the ${LABELS[field]} of customer ${request.params.id}`,
      });
      return ok({ field, value });
    },
  );

  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;
  const by = (request: FastifyRequest) => consoleAgent(staffOf(request).email);
  const actOnBehalf = { permission: 'customers.act' } as const;

  /** Appends an action on a customer's behalf to the audit log. */
  const audited = (
    request: FastifyRequest,
    entry: {
      action: string;
      targetType: string;
      targetId: number;
      summary: string;
      before?: unknown;
      after?: unknown;
    },
  ) => audit.record(auditActorOf(request), { ...entry, action: `customer.${entry.action}` });

  app.post(
    '/customers/:id/notes',
    {
      config: actOnBehalf,
      schema: {
        operationId: 'addCustomerNote',
        tags,
        summary: 'Adds a note about the customer; notes are kept as written',
        params: CustomerIdParams,
        body: NoteBody,
        response: { 200: Envelope(StaffNote) },
      },
    },
    async (request) => {
      const note = await customers.addNote(
        companyOf(request),
        request.params.id,
        by(request),
        request.body.body,
      );
      await audited(request, {
        action: 'note',
        targetType: 'customer',
        targetId: request.params.id,
        summary: `Note ${note.id} added to customer ${request.params.id}`,
      });
      return ok(note);
    },
  );

  app.post(
    '/customers/:id/password-reset-link',
    {
      config: { ...actOnBehalf, errors: ['CUSTOMER_HAS_NO_LOGIN'] },
      schema: {
        operationId: 'sendCustomerPasswordResetLink',
        tags,
        summary:
          'Emails the customer a one-time password-reset link (the same link the customer could ask for)',
        description:
          'At most five recovery emails per login per hour, whoever asks (429 RATE_LIMITED beyond).',
        params: CustomerIdParams,
        response: { 200: Envelope(ResetLinkSent) },
      },
    },
    async (request) => {
      const sent = await customers.sendPasswordResetLink(companyOf(request), request.params.id);
      await audited(request, {
        action: 'password-reset-link',
        targetType: 'customer',
        targetId: request.params.id,
        summary: `Password-reset link sent to customer ${request.params.id} (${sent.sentTo})`,
      });
      return ok(sent);
    },
  );

  app.post(
    '/notifications/:id/resend',
    {
      config: actOnBehalf,
      schema: {
        operationId: 'resendNotification',
        tags,
        summary: "Sends one of a customer's notifications again: a copy, unread, dated now",
        params: NotificationIdParams,
        response: { 200: Envelope(NotificationSchema) },
      },
    },
    async (request) => {
      const copy = await customers.resendNotification(companyOf(request), request.params.id);
      await audited(request, {
        action: 'resend-notification',
        targetType: 'customer',
        targetId: copy.id_customer,
        summary: `Notification ${request.params.id} sent again to customer ${copy.id_customer} (as ${copy.id_notification})`,
      });
      return ok(copy);
    },
  );

  /**
   * An enrollment change the customer may make, asked by staff: the customer's rules, audited with the statuses
   * when `made` says the answer changed something (a transfer may answer that a new plan is needed instead).
   */
  async function onBehalf<T>(
    request: FastifyRequest,
    id: number,
    action: string,
    detail: string,
    change: (companyId: number, id: number, staff: string) => Promise<T>,
    made: (result: T) => boolean = () => true,
  ): Promise<T> {
    const before = (await customers.enrollmentStatus(companyOf(request), id)).status;
    const result = await change(companyOf(request), id, by(request));
    if (!made(result)) return result;
    const after = (await customers.enrollmentStatus(companyOf(request), id)).status;
    await audited(request, {
      action,
      targetType: 'enrollment',
      targetId: id,
      summary: `${detail} of enrollment ${id} on the customer's behalf (${before} → ${after})`,
      before: { status: before },
      after: { status: after },
    });
    return result;
  }

  app.post(
    '/enrollments/:id/delivery-method',
    {
      config: { ...actOnBehalf, errors: ['DELIVERY_METHOD_CHANGE_NOT_ALLOWED'] },
      schema: {
        operationId: 'changeDeliveryMethod',
        tags,
        summary: 'Changes how bills are delivered (1 email, 2 letter, 3 both), as the customer may',
        params: EnrollmentIdParams,
        body: DeliveryMethodRequest,
        response: { 200: Envelope(EnrollmentSchema) },
      },
    },
    async (request) =>
      ok(
        await onBehalf(
          request,
          request.params.id,
          'delivery-method',
          'Delivery method change',
          (companyId, id, staff) =>
            customers.changes.updateDeliveryMethod(companyId, id, request.body.id_method_delivery, staff),
        ),
      ),
  );

  app.post(
    '/enrollments/:id/drop',
    {
      config: { ...actOnBehalf, errors: ['ENROLLMENT_STATUS_CONFLICT'] },
      schema: {
        operationId: 'dropEnrollmentForCustomer',
        tags,
        summary: 'Drops an enrollment on a date for the customer, queuing the ETF when one applies',
        description: 'The same rule as the public drop: before service starts it cancels the enrollment.',
        params: EnrollmentIdParams,
        body: DropRequest,
        response: { 200: Envelope(DropResult) },
      },
    },
    async (request) =>
      ok(
        await onBehalf(request, request.params.id, 'drop', 'Drop', (companyId, id, staff) =>
          customers.changes.drop(companyId, id, request.body, staff),
        ),
      ),
  );

  app.post(
    '/enrollments/:id/transfer-service',
    {
      config: {
        ...actOnBehalf,
        errors: ['ENROLLMENT_DUPLICATE', 'ENROLLMENT_STATUS_CONFLICT', 'ESIID_UNKNOWN', 'TEXAS_ONLY'],
      },
      schema: {
        operationId: 'transferServiceForCustomer',
        tags,
        summary: 'Moves a Texas customer to a new address on the same plan, as the customer may',
        params: EnrollmentIdParams,
        body: TransferRequest,
        response: { 200: Envelope(TransferResult) },
      },
    },
    async (request) =>
      ok(
        await onBehalf(
          request,
          request.params.id,
          'transfer',
          'Transfer of service',
          (companyId, id, staff) => customers.changes.transfer(companyId, id, request.body, staff),
          (answer) => answer.id_new_enrollment !== null,
        ),
      ),
  );

  app.get(
    '/enrollments/:id/renewal-plans',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listRenewalPlans',
        tags,
        summary: 'The plans an enrollment may be renewed onto today, with what the customer agrees to',
        description:
          'On sale, open to renewals, for the same utility and customer type: the plans the renewal accepts.',
        params: EnrollmentIdParams,
        response: { 200: Envelope(Type.Array(PlanTerms)) },
      },
    },
    async (request) => ok(await customers.renewalPlans(companyOf(request), request.params.id)),
  );

  app.post(
    '/enrollments/:id/renewal',
    {
      config: {
        ...actOnBehalf,
        errors: [
          'ACCEPTANCE_REQUIRED',
          'ENROLLMENT_NOT_RENEWABLE',
          'ENROLLMENT_STATUS_CONFLICT',
          'PLAN_NOT_RENEWABLE',
          'START_DATE_TOO_EARLY',
        ],
      },
      schema: {
        operationId: 'renewEnrollmentForCustomer',
        tags,
        summary:
          'Renews an active enrollment onto a plan for the customer (a new enrollment in RENEWAL_PENDING)',
        params: EnrollmentIdParams,
        body: RenewalRequest,
        response: { 200: Envelope(EnrollmentCreateResult) },
      },
    },
    async (request) =>
      ok(
        await onBehalf(request, request.params.id, 'renewal', 'Renewal', (companyId, id, staff) =>
          customers.changes.renewal(companyId, id, request.body, staff),
        ),
      ),
  );
};
