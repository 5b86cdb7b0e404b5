import { type TSchema, Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Id } from '../../http/schemas.js';
import { AuditEntry } from '../audit/index.js';
import { EnrollmentSchema, QUEUE_STATUSES } from '../enrollments/index.js';
import { NotificationSchema } from '../notifications/index.js';
import { PlanTerms } from '../plans/index.js';

export const QueueSummary = Type.Object({
  queue: Type.String({
    description: 'An enrollment status, or credit-letters, etf-invoices, unverified-meters.',
  }),
  kind: Type.String({
    enum: ['status', 'credit-letters', 'etf-invoices', 'unverified-meters'],
    description: 'status: a queue of enrollments in that status; otherwise the queue’s own kind of item.',
  }),
  label: Type.String(),
  description: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  oldestSince: Type.Union([Type.String(), Type.Null()], {
    description: 'When the item that has waited longest entered the queue.',
  }),
});

export const StatusQueueQuery = Type.Object({
  queue: Type.String({ enum: [...QUEUE_STATUSES], description: 'The status whose enrollments to list.' }),
  order: Type.Optional(
    Type.Union([Type.Literal('oldest'), Type.Literal('newest')], {
      default: 'oldest',
      description: 'Longest waiting first (the default), or newest first.',
    }),
  ),
  ...PagingQuery.properties,
});

export const QueueItem = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  since: Type.String({ description: 'When it entered this status.' }),
  createdAt: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  planName: Type.String(),
  utilityName: Type.String(),
  ldcAccount: Type.String(),
  serviceArea: Type.String(),
  deposit: Type.Number({ description: 'Dollars.' }),
  depositStatus: Type.String(),
  reviewReasons: Type.Array(Type.String(), {
    description: 'Why it waits for agent review (fraud alerts too).',
  }),
  billingErrors: Type.Array(Type.String(), {
    description: 'What the billing system refused, one line each.',
  }),
  submissionAttempts: Type.Integer(),
});

export const HoldRelease = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500, description: 'Why; kept in the status history.' }),
  waiveDeposit: Type.Optional(
    Type.Boolean({
      description: 'Release a deposit hold by waiving the deposit (permission deposits.waive).',
    }),
  ),
});

export const Reason = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500, description: 'Why; kept in the status history.' }),
});

export const EnrollmentIdParams = Type.Object({ id: Id('The enrollment id.') });

export const EnrollmentOutcome = Type.Object({
  id: Type.Integer(),
  status: Type.String({ description: 'Its status after the action.' }),
});

export const BulkRetry = Type.Object({
  ids: Type.Array(Id('An enrollment id.'), { minItems: 1, maxItems: 100, uniqueItems: true }),
});

export const RetryResult = Type.Object({
  id: Type.Integer(),
  retried: Type.Boolean(),
  status: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});

export const CreditLetterItem = Type.Object({
  id: Type.Integer(),
  enrollmentId: Type.Integer(),
  enrollmentStatus: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  fileId: Type.Integer(),
  fileName: Type.String(),
  uploadedAt: Type.String(),
  deposit: Type.Number({ description: 'The deposit the letter would cover, in dollars.' }),
});

export const LetterIdParams = Type.Object({ id: Id('The letter of credit id.') });
export const InvoiceIdParams = Type.Object({ id: Id('The ETF invoice id.') });

export const LetterOutcome = Type.Object({
  id: Type.Integer(),
  enrollmentId: Type.Integer(),
  approved: Type.Boolean(),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const EnrollmentPage = Type.Object({
  enrollment: EnrollmentSchema,
  summary: Type.Object(QueueItem.properties, {
    description: 'As the queues show it: the customer, the plan, why it waits, what the billing system said.',
  }),
  contact: Type.Object(
    {
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      language: Type.String({ description: 'The customer’s language: what they were written to in.' }),
    },
    { description: 'How to reach the customer.' },
  ),
  plan: Nullable(
    Type.Object(PlanTerms.properties, {
      description: 'The plan the enrollment is on, as it stands today (it may have been taken off sale).',
    }),
  ),
  notifications: Type.Array(NotificationSchema, {
    description: 'What the customer was told about it, newest first.',
  }),
  mail: Type.Array(
    Type.Object({
      id: Type.Integer(),
      at: Type.String({ description: 'When it was queued.' }),
      sentAt: Nullable(Type.String()),
      status: Type.String({ enum: ['queued', 'sent', 'failed', 'bounced', 'suppressed'] }),
      subject: Type.String(),
      template: Type.String({ description: 'Which message it is, e.g. enrollment-received.' }),
      attempts: Type.Integer(),
    }),
    {
      description:
        'Mail sent to the customer’s addresses lately (sent mail is kept 30 days), newest first, at most 20: subject and delivery, never the body.',
    },
  ),
  timeline: Type.Array(
    Type.Object({
      at: Type.String(),
      from: Nullable(Type.String()),
      to: Type.String(),
      actor: Type.String({ description: 'system, agent, customer or billing.' }),
      reason: Type.String({ description: 'Who and why: an agent’s reason, the billing system’s answer…' }),
    }),
    { description: 'Newest first.' },
  ),
  credit: Nullable(
    Type.Object({
      checkedAt: Type.String(),
      scoreBand: Nullable(
        Type.String({ description: 'A band of 50 points, never the score or the report.' }),
      ),
      noScoreReason: Nullable(Type.String()),
      bureauError: Nullable(Type.String()),
      depositRequired: Type.Boolean(),
      denyService: Type.Boolean(),
      fraudAlert: Type.Boolean(),
      reasonCodes: Type.Array(Type.String()),
      fraudAlertCodes: Type.Array(Type.String()),
    }),
  ),
  deposit: Type.Number({ description: 'Dollars.' }),
  depositStatus: Type.String(),
  verificationStatus: Nullable(Type.String()),
  submissionAttempts: Type.Integer(),
  charges: Type.Array(
    Type.Object({
      id: Type.Integer(),
      type: Type.String(),
      status: Type.String(),
      amount: Type.Number({ description: 'Dollars.' }),
      at: Type.String(),
    }),
  ),
  creditLetters: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: Type.String({ enum: ['pending', 'approved', 'rejected', 'discarded'] }),
      fileName: Type.String(),
      uploadedAt: Type.String(),
      reviewedAt: Nullable(Type.String()),
      reviewedBy: Nullable(Type.String()),
      note: Nullable(Type.String()),
    }),
  ),
  etfInvoices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      amount: Type.Number(),
      status: Type.String(),
      reason: Type.String(),
      createdAt: Type.String(),
      resolvedAt: Nullable(Type.String()),
      resolvedBy: Nullable(Type.String()),
      resolutionNote: Nullable(Type.String({ description: 'Why it was waived.' })),
    }),
  ),
  audit: Type.Array(AuditEntry, { description: 'Changes made to it through the console, newest first.' }),
});
