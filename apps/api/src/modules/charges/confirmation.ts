import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type TransactionDetails,
} from '../../adapters/payment-gateway/port.js';
import { ApiError } from '../../http/errors.js';

export interface ExpectedCharge {
  /** The charge must be for exactly this amount… */
  amountCents?: number;
  /** …or for at least this amount. */
  atLeastCents?: number;
  /** When given, the charge must have been made on one of these customer profiles (a customer's own methods). */
  customerProfileTokens?: readonly string[];
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A payment made outside Voltin counts only when the gateway confirms it: a charge of this merchant, captured,
 * for the amount recorded, made on the customer's own payment method when that is asked. A gateway that does
 * not answer gives 503 and nothing is recorded. The one rule behind recorded charges and deposits captured before
 * enrollment.
 */
export async function confirmGatewayCharge(
  gateway: PaymentGateway,
  transactionId: string,
  expected: ExpectedCharge,
): Promise<TransactionDetails> {
  const details = await askGateway(gateway, transactionId);
  const field = `id_charge_transaction: ${transactionId}`;
  if (details?.kind !== 'charge')
    throw new ApiError(
      'GATEWAY_TRANSACTION_UNKNOWN',
      `The payment gateway has no charge ${transactionId} for this retail company.`,
      [field],
    );
  if (details.state !== 'captured')
    throw new ApiError(
      'GATEWAY_TRANSACTION_NOT_CAPTURED',
      `Charge ${transactionId} is ${details.state} at the payment gateway; only a captured charge counts as paid.`,
      [`${field} is ${details.state}`],
    );
  const { amountCents, atLeastCents, customerProfileTokens } = expected;
  if (
    (amountCents !== undefined && details.amountCents !== amountCents) ||
    (atLeastCents !== undefined && details.amountCents < atLeastCents)
  )
    throw new ApiError(
      'GATEWAY_AMOUNT_MISMATCH',
      `Charge ${transactionId} is for ${dollars(details.amountCents)} at the payment gateway, not ${
        amountCents !== undefined ? dollars(amountCents) : `at least ${dollars(atLeastCents!)}`
      }.`,
      [`amount: the gateway charged ${dollars(details.amountCents)}`],
    );
  if (
    customerProfileTokens &&
    !(details.customerProfileToken && customerProfileTokens.includes(details.customerProfileToken))
  )
    throw new ApiError(
      'CUSTOMER_FORBIDDEN',
      `Charge ${transactionId} was not made with one of this customer's payment methods.`,
    );
  return details;
}

async function askGateway(gateway: PaymentGateway, transactionId: string) {
  try {
    return await gateway.transactionDetails(transactionId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError)
      throw new ApiError(
        'UPSTREAM_UNAVAILABLE',
        'The payment gateway could not confirm the charge; nothing was recorded. Try again.',
        [`gateway: ${error.message}`],
      );
    throw error;
  }
}

export const alreadyRecorded = (transactionId: string) =>
  new ApiError('CHARGE_ALREADY_RECORDED', `Gateway transaction ${transactionId} is already recorded.`, [
    `id_charge_transaction: ${transactionId} is recorded`,
  ]);
