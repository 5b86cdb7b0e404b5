import { Type } from 'typebox';
import { Id } from '../../http/schemas.js';

export const PaymentIdParams = Type.Object({ id: Id('The payment (charge transaction) id.') });

export const RefundRequest = Type.Object({
  amount: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description: 'Dollars to give back, at most two decimals; the rest of the payment when left out.',
    }),
  ),
  reason: Type.String({ minLength: 3, maxLength: 500, description: 'Why; kept in the audit log.' }),
});

export const RefundOutcome = Type.Object({
  refund: Type.Object({
    id: Type.Integer(),
    amount: Type.Number({ description: 'Dollars.' }),
    status: Type.String({ description: 'approved: the gateway gave the money back.' }),
    at: Type.String(),
  }),
  payment: Type.Object({
    id: Type.Integer(),
    amount: Type.Number(),
    refunded: Type.Number({ description: 'Refunded so far, including refunds waiting for the gateway.' }),
    refundable: Type.Number({ description: 'What is left to refund.' }),
  }),
});
