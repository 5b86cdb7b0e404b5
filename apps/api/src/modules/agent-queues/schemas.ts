import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { Explanation, Id } from '../../http/schemas.js';
import { ENROLLMENT_STATUSES } from '../enrollments/index.js';

export const QueueQuery = Type.Object({
  status: Type.Optional(
    Type.Array(Type.String({ enum: [...ENROLLMENT_STATUSES] }), {
      maxItems: ENROLLMENT_STATUSES.length,
      description:
        'Statuses to list (repeated or comma-separated); by default every hold and failed submission.',
    }),
  ),
  ...PagingQuery.properties,
});

export const AgentNote = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500, description: 'Why; kept in the status history.' }),
  waiveDeposit: Type.Optional(
    Type.Boolean({ description: 'Release a deposit hold by waiving the deposit.' }),
  ),
});

export const EtfInvoice = Type.Object({
  id_etf_invoice: Type.Integer(),
  id_enrollment: Type.Integer(),
  amount: Type.Number({ description: 'Dollars.' }),
  status: Type.String({ description: 'queued, sent or waived.' }),
  reason: Type.String(),
  created_at: Type.String(),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  resolved_by: Type.Union([Type.String(), Type.Null()]),
  resolution_note: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it was waived; null when sent.',
  }),
});

/** Waiving forgoes money: it always says why (sending it to be billed is the normal course and needs no reason). */
export const EtfWaiver = Type.Object({
  reason: Explanation(
    'Why the fee is waived, in at least three characters; kept on the invoice and in the audit log.',
  ),
});

export const CreditLetterReview = Type.Object({
  id_customer_credit_letters: Type.Integer(),
  id_status: Type.Integer(),
  id_enrollment: Type.Integer(),
});

export const EtfQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('waived')])),
  ...PagingQuery.properties,
});

export const IdParams = Type.Object({ id: Id('The id in the path.') });
