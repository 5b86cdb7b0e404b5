/** A card or bank account as the customer typed it, checked and read into what the payment gateway is sent. */
import type { Static } from 'typebox';
import {
  cardTypeOf,
  isExpired,
  normalizeExpiry,
  type PaymentMethodInput,
  passesAbaChecksum,
  passesLuhn,
} from '../../adapters/payment-gateway/index.js';
import { ApiError } from '../../http/errors.js';
import { PAYMENT_TYPE_IDS, type PaymentProfileRequest } from './schemas.js';

type ProfileRequest = Static<typeof PaymentProfileRequest>;

/** The digits of a number typed with spaces or dashes; called once the missing-field checks have passed. */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** Reads the request into the gateway's method, refusing what no gateway would accept before any call. */
export function methodOf(body: ProfileRequest, nameOnAccount: string, today: Date): PaymentMethodInput {
  const type =
    body.id_payment_type ??
    (body.card_number ? 1 : body.account_number || body.routing_number ? 2 : undefined);
  if (type === undefined) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'Send a card (card_number, card_expiration_date) or a bank account.',
      [
        'id_payment_type: send 1 with card_number and card_expiration_date, or 2 with routing_number, account_number and account_type',
      ],
    );
  }
  if (type === PAYMENT_TYPE_IDS.CreditCard) {
    const missing = (['card_number', 'card_expiration_date'] as const).filter((f) => !body[f]);
    if (missing.length > 0) {
      throw new ApiError(
        'VALIDATION_FAILED',
        'A card needs its number and expiration date.',
        missing.map((f) => `${f} is required for a card`),
      );
    }
    const cardNumber = digitsOf(body.card_number!);
    if (!passesLuhn(cardNumber) || cardTypeOf(cardNumber) === 'Unknown') {
      throw new ApiError(
        'PAYMENT_CARD_INVALID',
        'The card number is not a valid card number (check the digits).',
      );
    }
    const expirationDate = normalizeExpiry(body.card_expiration_date!);
    if (!expirationDate) {
      throw new ApiError(
        'PAYMENT_CARD_INVALID',
        'The card expiration date must be YYYY-MM, MM/YY or MM/YYYY.',
      );
    }
    if (isExpired(expirationDate, today))
      throw new ApiError('PAYMENT_CARD_EXPIRED', `The card expired in ${expirationDate}.`);
    return { type: 'CreditCard', cardNumber, expirationDate };
  }
  const missing = (['routing_number', 'account_number', 'account_type'] as const).filter((f) => !body[f]);
  if (missing.length > 0) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'A bank account needs its routing number, account number and account type.',
      missing.map((f) => `${f} is required for a bank account`),
    );
  }
  const routingNumber = digitsOf(body.routing_number!);
  if (!passesAbaChecksum(routingNumber)) {
    throw new ApiError(
      'PAYMENT_BANK_ACCOUNT_INVALID',
      'The routing number is not a valid ABA routing number.',
    );
  }
  const accountNumber = digitsOf(body.account_number!);
  if (!/^\d{4,17}$/.test(accountNumber)) {
    throw new ApiError('PAYMENT_BANK_ACCOUNT_INVALID', 'The bank account number must have 4 to 17 digits.');
  }
  return {
    type: 'BankAccount',
    routingNumber,
    accountNumber,
    accountType: body.account_type!,
    nameOnAccount,
  };
}
