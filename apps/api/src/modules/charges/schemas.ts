import { Type } from 'typebox';
import { CHARGE_STATUSES, PAYMENT_METHOD_TYPES, TRANSACTION_TYPES } from '../../domain/charges.js';
import { PagingQuery } from '../../http/envelope.js';
import { Id, Nullable, PlainDate } from '../../http/schemas.js';

export const ChargeTransaction = Type.Object({
  id_payment_charge_transactions: Type.Integer(),
  id_charge_transaction: Nullable(Type.String({ description: "The gateway's transaction id." })),
  id_payment_profile: Type.String({ description: 'The payment profile token charged.' }),
  payment_type: Type.Enum([...PAYMENT_METHOD_TYPES]),
  transaction_type: Type.Enum([...TRANSACTION_TYPES]),
  id_enrollment: Type.Integer(),
  has_been_captured: Type.Boolean(),
  amount: Type.Number({ description: 'Dollars.' }),
  status: Type.Enum([...CHARGE_STATUSES], {
    description: 'pending, approved, declined, unknown (no answer yet; reconciled) or not_charged.',
  }),
  decline_reason: Nullable(Type.String()),
  date_created: Type.String(),
  sent_to_billing_system: Type.Boolean(),
});

const Amount = Type.Number({
  minimum: 0.01,
  maximum: 100_000,
  description: 'Dollars, at most two decimals.',
});

export const PayRequest = Type.Object({
  idEnrollment: Id('The enrollment paid for.'),
  customerProfileToken: Type.String({ minLength: 1, maxLength: 100 }),
  paymentProfileToken: Type.String({ minLength: 1, maxLength: 100 }),
  amount: Amount,
  isDepositPayment: Type.Optional(
    Type.Boolean({ default: false, description: 'Pays the deposit due; the amount must equal it.' }),
  ),
});

export const ChargeCreateRequest = Type.Object({
  id_enrollment: Id('The enrollment.'),
  id_charge_transaction: Type.String({
    minLength: 1,
    maxLength: 60,
    description: "The gateway's transaction id of a charge made elsewhere.",
  }),
  id_payment_profile: Type.String({ minLength: 1, maxLength: 100 }),
  payment_type: Type.Enum([...PAYMENT_METHOD_TYPES]),
  transaction_type: Type.Enum([...TRANSACTION_TYPES]),
  amount: Amount,
  has_been_captured: Type.Optional(Type.Boolean({ default: true })),
});

export const ChargeUpdateRequest = Type.Object({
  sent_to_billing_system: Type.Optional(Type.Boolean()),
  has_been_captured: Type.Optional(Type.Boolean()),
});

export const ChargesQuery = Type.Object({
  sentToBillingSystem: Type.Optional(Type.Boolean()),
  hasBeenCaptured: Type.Optional(Type.Boolean()),
  ...PagingQuery.properties,
});

export const TotalQuery = Type.Object({ startDate: PlainDate, endDate: PlainDate });
export const PaymentsTotal = Type.Object({
  id_enrollment: Type.Integer(),
  startDate: PlainDate,
  endDate: PlainDate,
  total: Type.Number({
    description: 'Dollars paid through Voltin (approved deposits and payments) in the range, inclusive.',
  }),
  count: Type.Integer(),
});

export const PaymentHistoryItem = Type.Object({
  paidDate: Type.String(),
  accountNum: Nullable(Type.String({ description: 'The billing account number.' })),
  depositDate: Nullable(Type.String({ description: 'Set for deposit payments.' })),
  payMethodDesc: Type.String({ description: 'e.g. "Visa ending 1111".' }),
  directionDesc: Type.String({ description: 'Payment or Refund.' }),
  returnReasonDesc: Nullable(Type.String({ description: 'Why a payment was declined or returned.' })),
  paidAmount: Type.Number({ description: 'Dollars.' }),
});

export const RedirectQuery = Type.Object({
  ldcNumber: Type.String({ minLength: 1, maxLength: 30 }),
  // The origin check (RETURN_URL_NOT_ALLOWED, naming the parameter) judges the URL itself.
  callbackSuccessURL: Type.String({
    minLength: 1,
    maxLength: 500,
    description: 'An http(s) URL on an origin the company registered in payment_return_origins.',
  }),
  callbackErrorURL: Type.String({
    minLength: 1,
    maxLength: 500,
    description: 'An http(s) URL on an origin the company registered in payment_return_origins.',
  }),
  secondsBeforeExpire: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, default: 30 })),
});

export const EnrollIdParams = Type.Object({ enrollId: Id('id_enrollment') });
export const ChargeIdParams = Type.Object({ chargeId: Id('id_payment_charge_transactions') });
