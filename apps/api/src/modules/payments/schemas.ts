import { Type } from 'typebox';
import { PAYING_TRANSACTION_TYPES, PAYMENT_TYPES } from '../../domain/charges.js';
import { Id, Nullable } from '../../http/schemas.js';

export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'businessChecking'] as const;

/** id_payment_type / paymentTypeId. */
export const PAYMENT_TYPE_IDS = { CreditCard: 1, BankAccount: 2 } as const;

export const CustomerIdParams = Type.Object({ customerId: Id('id_customer of the logged-in customer.') });

export const PaymentProfileTokenParams = Type.Object({
  paymentProfileToken: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The gateway payment profile token.',
  }),
});

export const HostedProfilePageTokenRequest = Type.Object({
  iFrameCommunicatorUrl: Type.String({
    format: 'uri',
    pattern: '^(https://|http://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?/)',
    maxLength: 2000,
    description:
      "An https page on the caller's site that relays the hosted form's messages (resize, save, cancel) to the parent page. " +
      'The sandbox gateway also takes a page on http://localhost or http://127.0.0.1 (a site on a developer machine); a live gateway only https.',
  }),
  saveButtonText: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: "Text of the form's save button; Save when not given.",
    }),
  ),
  transactionType: Type.Enum([...PAYING_TRANSACTION_TYPES], {
    description: 'What the saved method is for; the company allows payment types per transaction type.',
  }),
  paymentType: Type.Enum([...PAYMENT_TYPES], {
    description:
      'Which methods the form offers; must be allowed by the company (GET /configuration-parameters) for the transaction type.',
  }),
});

export const HostedProfilePageToken = Type.Object({
  token: Type.String({
    description: "The hosted form's token, valid for 15 minutes; post it as `token` to addUrl or editUrl.",
  }),
  addUrl: Type.String({ description: "The gateway's page to add a card or bank account." }),
  editUrl: Type.String({
    description:
      "The gateway's page to edit a saved card or bank account (post `paymentProfileId` with the token).",
  }),
});

export const GatewayProfile = Type.Object({
  customerProfileToken: Type.String({ description: "The gateway's customer profile token." }),
  paymentProfileToken: Type.String({ description: "The gateway's payment profile token." }),
  cardType: Nullable(
    Type.String({ description: 'Visa, MasterCard, AmericanExpress, Discover, JCB or DinersClub.' }),
  ),
  cardNumber: Nullable(Type.String({ description: 'Masked: XXXX and the last four digits.' })),
  cardExpirationDate: Nullable(Type.String({ description: 'YYYY-MM.' })),
  paymentTypeId: Type.Integer({ description: '1 credit card, 2 bank account.' }),
  routingNumber: Nullable(Type.String({ description: 'Masked: XXXX and the last four digits.' })),
  accountNumber: Nullable(Type.String({ description: 'Masked: XXXX and the last four digits.' })),
  accountType: Nullable(Type.String({ description: 'checking, savings or businessChecking.' })),
  autoPayMethod: Type.Boolean({ description: 'Whether recurring billing charges this method.' }),
});

const Digits = (description: string, pattern: string) =>
  Type.Optional(Type.String({ pattern, maxLength: 40, description }));

export const PaymentProfileRequest = Type.Object({
  id_customer: Id('The logged-in customer.'),
  customer_profile_token: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The customer's gateway profile; created when absent.",
    }),
  ),
  payment_profile_token: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Present: update this payment profile. Absent: create one.',
    }),
  ),
  id_payment_type: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2)], {
      description: '1 credit card, 2 bank account; inferred from the numbers sent when absent.',
    }),
  ),
  card_type: Type.Optional(
    Type.String({ maxLength: 30, description: 'Informational: the brand is read from the card number.' }),
  ),
  card_number: Digits(
    'Card number (spaces and dashes allowed); sent to the gateway only, never stored.',
    '^[0-9 -]+$',
  ),
  card_expiration_date: Type.Optional(
    Type.String({ maxLength: 7, description: 'Card expiry: YYYY-MM, MM/YY or MM/YYYY.' }),
  ),
  routing_number: Digits('ABA routing number, nine digits.', '^[0-9]+$'),
  account_number: Digits(
    'Bank account number (4 to 17 digits); sent to the gateway only, never stored.',
    '^[0-9]+$',
  ),
  account_type: Type.Optional(Type.Enum([...BANK_ACCOUNT_TYPES], { description: 'Bank account type.' })),
});
