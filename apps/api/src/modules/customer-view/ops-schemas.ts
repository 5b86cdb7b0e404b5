import { Type } from 'typebox';
import { Id } from '../../http/schemas.js';
import { QueueItem } from '../agent-queues/index.js';
import { BillingStatement } from '../billing/index.js';
import { NotificationSchema } from '../notifications/index.js';
import { REVEALABLE } from './service.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'What staff typed: the start of a name or an email, a phone number, the start of an ESIID or LDC account, an enrollment id or a customer id.',
  }),
});

export const CustomerHit = Type.Object({
  customerId: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  matchedOn: Type.String({ enum: ['name', 'email', 'phone', 'meter', 'enrollment id', 'customer id'] }),
  detail: Nullable(Type.String({ description: 'The meter or enrollment that matched.' })),
});

export const StaffNote = Type.Object({
  id: Type.Integer(),
  author: Type.String({ description: 'staff:<email> of who wrote it.' }),
  body: Type.String(),
  at: Type.String(),
});

export const NoteBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 2000, description: 'The note, as staff wrote it.' }),
});

export const ResetLinkSent = Type.Object({
  sentTo: Type.String({ description: 'The address the link went to, masked.' }),
});

export const NotificationIdParams = Type.Object({ id: Id('The notification id.') });
export const EnrollmentIdParams = Type.Object({ id: Id('The enrollment id.') });

export const CustomerIdParams = Type.Object({ id: Id('The customer id.') });

export const CustomerProfile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  firmName: Nullable(Type.String()),
  contactName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  alternativeEmail: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  cellNumber: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  active: Type.Boolean(),
  createdAt: Type.String(),
  ssnOnFile: Type.Boolean({
    description: 'The last four are revealed one at a time, audited (customers.reveal).',
  }),
  dateOfBirthOnFile: Type.Boolean(),
  enrollments: Type.Array(QueueItem, { description: 'Newest first.' }),
  payments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      enrollmentId: Type.Integer(),
      type: Type.String({ description: 'What was charged: the deposit, a payment, a refund.' }),
      status: Type.String(),
      amount: Type.Number({ description: 'Dollars.' }),
      refunded: Type.Number({ description: 'Dollars refunded of it so far (refunds waiting included).' }),
      at: Type.String(),
    }),
    { description: 'Charges through the gateway on any of the customer’s enrollments, newest first.' },
  ),
  statements: Type.Array(Type.Object({ enrollmentId: Type.Integer(), ...BillingStatement.properties }), {
    description: 'The newest statements of each billed enrollment, newest first.',
  }),
  notifications: Type.Array(NotificationSchema, { description: 'The newest 50, newest first.' }),
  notes: Type.Array(StaffNote, { description: 'Notes by staff, newest 50 first.' }),
});

export const RevealBody = Type.Object({ field: Type.String({ enum: [...REVEALABLE] }) });
export const Revealed = Type.Object({ field: Type.String(), value: Nullable(Type.String()) });
