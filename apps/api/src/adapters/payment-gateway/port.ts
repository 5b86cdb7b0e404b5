/**
 * The contract every payment gateway adapter (Authorize.Net, iCheckGateway, the in-process sandbox) fulfils.
 * Card and bank numbers pass through to the gateway and are never stored by Voltin: the gateway keeps them and
 * answers with tokens and the last digits. Amounts are integer cents.
 */
export type GatewayName = 'AuthorizeNET' | 'iCheckGateway';

import type { PaymentMethodType, PaymentType } from '../../domain/charges.js';

export type { PaymentMethodType };

export type PaymentMethodInput =
  | { type: 'CreditCard'; cardNumber: string; expirationDate: string /* YYYY-MM */; cardCode?: string }
  | {
      type: 'BankAccount';
      routingNumber: string;
      accountNumber: string;
      accountType: 'checking' | 'savings' | 'businessChecking';
      nameOnAccount: string;
    };

export interface StoredPaymentProfile {
  paymentProfileToken: string;
  type: PaymentMethodType;
  /** Visa, MasterCard, AmericanExpress, Discover… for cards. */
  cardType: string | null;
  /** Last four digits of the card or bank account number. */
  last4: string;
  /** YYYY-MM for cards. */
  expirationDate: string | null;
  accountType: string | null;
  /** Last four digits of the routing number, for bank accounts. */
  routingLast4: string | null;
}

export interface ChargeRequest {
  customerProfileToken: string;
  paymentProfileToken: string;
  amountCents: number;
  /** Our own reference for this charge, unique per attempt family: a retry with the same reference never charges twice. */
  reference: string;
  description: string;
}

export type ChargeResult =
  | { status: 'approved'; transactionId: string; authCode: string }
  | { status: 'declined'; transactionId: string | null; reasonCode: string; reasonText: string };

/** The gateway did not answer (timeout, connection refused): whether it acted is unknown until reconciled. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

/** The gateway answered with an error (Authorize.Net `resultCode: Error`, an E-code): nothing was done. */
export class GatewayRejectedError extends Error {
  constructor(
    readonly gatewayCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRejectedError';
  }
}

/**
 * What the gateway says of one of its transactions, to check a payment recorded from elsewhere (a hosted page, a
 * phone payment) before it counts.
 */
export interface TransactionDetails {
  transactionId: string;
  kind: 'charge' | 'refund';
  /**
   * `captured`: the money was taken (captured, settling or settled). `authorized`: held but not captured.
   * `declined`, `voided`, `returned` (refunded, charged back, returned by the bank), `other`: it never counts.
   */
  state: 'captured' | 'authorized' | 'declined' | 'voided' | 'returned' | 'other';
  amountCents: number;
  customerProfileToken: string | null;
  paymentProfileToken: string | null;
  /** Our reference (invoice number) when the charge was made through Voltin. */
  reference: string | null;
}

export interface HostedProfilePageRequest {
  customerProfileToken: string;
  iFrameCommunicatorUrl: string;
  saveButtonText: string;
  paymentType: PaymentType;
}

export interface PaymentGateway {
  readonly name: GatewayName | 'Sandbox';
  createCustomerProfile(input: {
    merchantCustomerId: string;
    email: string | null;
    description: string;
  }): Promise<{ customerProfileToken: string }>;
  createPaymentProfile(
    customerProfileToken: string,
    method: PaymentMethodInput,
  ): Promise<StoredPaymentProfile>;
  updatePaymentProfile(
    customerProfileToken: string,
    paymentProfileToken: string,
    method: PaymentMethodInput,
  ): Promise<StoredPaymentProfile>;
  listPaymentProfiles(customerProfileToken: string): Promise<StoredPaymentProfile[]>;
  deletePaymentProfile(customerProfileToken: string, paymentProfileToken: string): Promise<void>;
  /** A token for the gateway's hosted form, so card data goes straight from the browser to the gateway. */
  hostedProfilePage(
    request: HostedProfilePageRequest,
  ): Promise<{ token: string; addUrl: string; editUrl: string }>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: {
    transactionId: string;
    amountCents: number;
    customerProfileToken: string;
    paymentProfileToken: string;
    reference: string;
  }): Promise<ChargeResult>;
  /** After a timeout: the transaction (a charge or a refund) made with this reference, if the gateway made one. */
  findCharge(reference: string): Promise<ChargeResult | null>;
  /** The gateway's own account of a transaction of this merchant, or null when it has none with that id. */
  transactionDetails(transactionId: string): Promise<TransactionDetails | null>;
}
