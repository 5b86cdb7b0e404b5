/**
 * The words a charge is described by, once: what it is for, how far it got at the gateway, and what a customer may
 * pay with. The table's columns, the wire schemas, the docs site and every check in the code take them from here.
 */

/** The spec's transaction types: what a charge is for. A REFUND gives money back; the others take a payment. */
export const TRANSACTION_TYPES = ['DEPOSIT', 'ONE_TIME_PAYMENT', 'RECURRING_BILLING', 'REFUND'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The transaction types that take money from the customer: a hosted payment form is opened for these. */
export const PAYING_TRANSACTION_TYPES = [
  'DEPOSIT',
  'ONE_TIME_PAYMENT',
  'RECURRING_BILLING',
] as const satisfies readonly TransactionType[];

/** The payments that pay a bill (the billing system credits the account with them); a deposit is held apart. */
export const BILL_PAYMENT_TYPES = [
  'ONE_TIME_PAYMENT',
  'RECURRING_BILLING',
] as const satisfies readonly TransactionType[];

/**
 * How far a charge got: `pending` while the gateway is asked, `approved` or `declined` by its answer, `unknown` when
 * it did not answer (reconciliation asks it again), `not_charged` when nothing was sent.
 */
export const CHARGE_STATUSES = ['pending', 'approved', 'declined', 'unknown', 'not_charged'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** The gateway's final answers: a charge in one of these no longer changes. */
export const SETTLED_CHARGE_STATUSES = ['approved', 'declined'] as const satisfies readonly ChargeStatus[];

/** What a payment method is. */
export const PAYMENT_METHOD_TYPES = ['CreditCard', 'BankAccount'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** What a company lets its customers pay a kind of payment with (company settings; the spec's payment types). */
export const PAYMENT_TYPES = ['Both', ...PAYMENT_METHOD_TYPES] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

/** Whether a charge of this type takes money from the customer. */
export const isPayingType = oneOf(PAYING_TRANSACTION_TYPES);
/** Whether a charge of this type pays a bill. */
export const isBillPayment = oneOf(BILL_PAYMENT_TYPES);
/** Whether the gateway gave its final answer on a charge. */
export const isSettled = oneOf(SETTLED_CHARGE_STATUSES);
