import { Type } from 'typebox';
import { PAYMENT_TYPES } from '../../domain/charges.js';

export const PAYMENT_GATEWAYS = ['AuthorizeNET', 'iCheckGateway'] as const;

const PaymentType = Type.Union(PAYMENT_TYPES.map((t) => Type.Literal(t)));

export const ConfigurationParameters = Type.Object({
  payment_gateway: Type.Union(
    PAYMENT_GATEWAYS.map((g) => Type.Literal(g)),
    { description: 'Gateway that holds cards and bank accounts.' },
  ),
  deposit_payment_types: PaymentType,
  one_time_payment_types: PaymentType,
  recurring_billing_payment_types: PaymentType,
  my_account_remove_drop_option: Type.Boolean({
    description: 'Self-service customers may drop (remove) service.',
  }),
  my_account_transfer_of_service: Type.Boolean({
    description: 'Self-service customers may transfer service (Texas).',
  }),
  my_account_reenroll_option: Type.Boolean({ description: 'Self-service customers may re-enroll.' }),
  my_account_reinstate_option: Type.Boolean({ description: 'Self-service customers may reinstate.' }),
});
