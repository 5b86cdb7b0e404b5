import { createHash } from 'node:crypto';
import { cardTypeOf } from './numbers.js';
import {
  type ChargeRequest,
  type ChargeResult,
  GatewayRejectedError,
  GatewayUnavailableError,
  type HostedProfilePageRequest,
  type PaymentGateway,
  type PaymentMethodInput,
  type StoredPaymentProfile,
  type TransactionDetails,
} from './port.js';

/**
 * Authorize.Net through its JSON API: one POST endpoint, the request's single top-level key names the call
 * (`createTransactionRequest`, …). Quirks handled here:
 * - the JSON is translated to XML on their side, so keys must be sent in the XSD's order (objects below are
 *   built in that order: merchantAuthentication first, then the call's fields);
 * - responses start with a UTF-8 byte-order mark, which JSON.parse refuses;
 * - `messages.resultCode` is `Ok` or `Error` with E-codes, but a declined or held transaction also comes back as
 *   `Error`/E00027 with a `transactionResponse` whose `responseCode` (1 approved, 2 declined, 3 error, 4 held
 *   for review) is what counts;
 * - a second identical transaction inside the duplicate window is refused with transaction error 11; a charge
 *   retried with the same reference is therefore looked up instead of reported as an error;
 * - `invoiceNumber` holds at most 20 characters, so a longer reference is mapped to a stable 20-character digest.
 * Card and account numbers and the transaction key are never logged; nothing here logs request bodies.
 */

export type AuthorizeNetEnvironment = 'sandbox' | 'production';

export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  environment: AuthorizeNetEnvironment;
  /** Overrides the environment's API endpoint (tests point it at a local fake). */
  endpoint?: string | null;
  /** Per-call limit; past it the call fails with GatewayUnavailableError. Default 15 s. */
  timeoutMs?: number | null;
  /** How a new or changed payment profile is validated: liveMode runs a small authorization (declines show). */
  validationMode?: 'liveMode' | 'testMode' | 'none';
  /** Minimal operational log: call name and result code only. */
  log?: { info(object: object, message: string): void };
}

export const AUTHORIZE_NET_ENDPOINTS: Record<AuthorizeNetEnvironment, string> = {
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
  production: 'https://api.authorize.net/xml/v1/request.api',
};

/** Accept Customer hosted form pages (the token is posted to them, or sent as `token` in the query). */
export const AUTHORIZE_NET_HOSTED_PAGES: Record<
  AuthorizeNetEnvironment,
  { add: string; edit: string; manage: string }
> = {
  sandbox: {
    add: 'https://test.authorize.net/customer/addPayment',
    edit: 'https://test.authorize.net/customer/editPayment',
    manage: 'https://test.authorize.net/customer/manage',
  },
  production: {
    add: 'https://accept.authorize.net/customer/addPayment',
    edit: 'https://accept.authorize.net/customer/editPayment',
    manage: 'https://accept.authorize.net/customer/manage',
  },
};

export const DEFAULT_GATEWAY_TIMEOUT_MS = 15_000;

interface AnetMessage {
  code: string;
  text: string;
}
interface AnetResponse {
  messages?: { resultCode?: string; message?: AnetMessage[] };
  [key: string]: unknown;
}
interface AnetTransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  messages?: Array<{ code: string; description: string }>;
  errors?: Array<{ errorCode: string; errorText: string }>;
}
interface AnetPaymentProfile {
  customerPaymentProfileId: string;
  payment?: {
    creditCard?: { cardNumber?: string; expirationDate?: string; cardType?: string };
    bankAccount?: { accountType?: string; routingNumber?: string; accountNumber?: string };
  };
}

const MAX_INVOICE_NUMBER = 20;

/** The reference as Authorize.Net's invoiceNumber (20 characters at most), the same every time. */
export function invoiceNumberFor(reference: string): string {
  if (reference.length <= MAX_INVOICE_NUMBER) return reference;
  return createHash('sha256').update(reference).digest('hex').slice(0, MAX_INVOICE_NUMBER);
}

const amountText = (cents: number) => (cents / 100).toFixed(2);

interface AnetTransactionDetails {
  transId: string;
  transactionType?: string;
  transactionStatus?: string;
  authAmount?: number | string;
  settleAmount?: number | string;
  order?: { invoiceNumber?: string };
  profile?: { customerProfileId?: string | number; customerPaymentProfileId?: string | number };
}

const REFUND_TYPES = new Set(['refundTransaction']);

/** Authorize.Net's transactionStatus values, as what they mean for a payment recorded from elsewhere. */
const STATUS_STATES: Record<string, TransactionDetails['state']> = {
  capturedPendingSettlement: 'captured',
  settledSuccessfully: 'captured',
  pendingSettlement: 'captured',
  pendingFinalSettlement: 'captured',
  updatingSettlement: 'captured',
  refundPendingSettlement: 'captured',
  refundSettledSuccessfully: 'captured',
  authorizedPendingCapture: 'authorized',
  authorizedPendingRelease: 'authorized',
  FDSAuthorizedPendingReview: 'authorized',
  FDSPendingReview: 'authorized',
  underReview: 'authorized',
  approvedReview: 'authorized',
  declined: 'declined',
  failedReview: 'declined',
  expired: 'declined',
  voided: 'voided',
  couldNotVoid: 'other',
  returnedItem: 'returned',
  chargeback: 'returned',
  chargebackReversal: 'captured',
};

const lastFourOf = (maskedNumber: string | undefined) => (maskedNumber ?? '').replace(/\D/g, '').slice(-4);

function paymentOf(method: PaymentMethodInput) {
  if (method.type === 'CreditCard') {
    return {
      creditCard: {
        cardNumber: method.cardNumber,
        expirationDate: method.expirationDate,
        ...(method.cardCode ? { cardCode: method.cardCode } : {}),
      },
    };
  }
  return {
    bankAccount: {
      accountType: method.accountType,
      routingNumber: method.routingNumber,
      accountNumber: method.accountNumber,
      nameOnAccount: method.nameOnAccount.slice(0, 22),
      echeckType: method.accountType === 'businessChecking' ? 'CCD' : 'WEB',
    },
  };
}

function storedOf(profile: AnetPaymentProfile): StoredPaymentProfile {
  const card = profile.payment?.creditCard;
  if (card) {
    const expiry =
      card.expirationDate && /^\d{4}-\d{2}$/.test(card.expirationDate) ? card.expirationDate : null;
    return {
      paymentProfileToken: String(profile.customerPaymentProfileId),
      type: 'CreditCard',
      cardType: card.cardType ?? null,
      last4: lastFourOf(card.cardNumber),
      expirationDate: expiry,
      accountType: null,
      routingLast4: null,
    };
  }
  const bank = profile.payment?.bankAccount;
  return {
    paymentProfileToken: String(profile.customerPaymentProfileId),
    type: 'BankAccount',
    cardType: null,
    last4: lastFourOf(bank?.accountNumber),
    expirationDate: null,
    accountType: bank?.accountType ?? null,
    routingLast4: lastFourOf(bank?.routingNumber) || null,
  };
}

/** What the gateway keeps of a method we just sent, without asking it again (brand named as Authorize.Net does). */
function storedFromInput(paymentProfileToken: string, method: PaymentMethodInput): StoredPaymentProfile {
  if (method.type === 'CreditCard') {
    return {
      paymentProfileToken,
      type: 'CreditCard',
      cardType: cardTypeOf(method.cardNumber),
      last4: method.cardNumber.slice(-4),
      expirationDate: method.expirationDate,
      accountType: null,
      routingLast4: null,
    };
  }
  return {
    paymentProfileToken,
    type: 'BankAccount',
    cardType: null,
    last4: method.accountNumber.slice(-4),
    expirationDate: null,
    accountType: method.accountType,
    routingLast4: method.routingNumber.slice(-4),
  };
}

export function createAuthorizeNetGateway(options: AuthorizeNetOptions): PaymentGateway {
  const endpoint = options.endpoint || AUTHORIZE_NET_ENDPOINTS[options.environment];
  const timeoutMs = options.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const validationMode = options.validationMode ?? 'liveMode';
  const hostedPages = AUTHORIZE_NET_HOSTED_PAGES[options.environment];
  const merchantAuthentication = { name: options.apiLoginId, transactionKey: options.transactionKey };

  /** One call; answers with the parsed body whatever its resultCode, or throws GatewayUnavailableError. */
  async function send(call: string, fields: Record<string, unknown>): Promise<AnetResponse> {
    let text: string;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ [call]: { merchantAuthentication, ...fields } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
      if (!response.ok) {
        throw new GatewayUnavailableError(`Authorize.Net answered HTTP ${response.status} to ${call}.`);
      }
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      const name = (error as Error).name;
      throw new GatewayUnavailableError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `Authorize.Net did not answer ${call} within ${timeoutMs} ms.`
          : `Authorize.Net could not be reached for ${call} (${(error as Error).message}).`,
      );
    }
    let body: AnetResponse;
    try {
      body = JSON.parse(text.replace(/^\uFEFF/, '')) as AnetResponse;
    } catch {
      throw new GatewayUnavailableError(`Authorize.Net answered ${call} with a body that is not JSON.`);
    }
    const first = body.messages?.message?.[0];
    options.log?.info(
      { gatewayCall: call, resultCode: body.messages?.resultCode, code: first?.code },
      'Authorize.Net call',
    );
    return body;
  }

  function rejected(call: string, body: AnetResponse): GatewayRejectedError {
    const first = body.messages?.message?.[0];
    return new GatewayRejectedError(
      first?.code ?? 'E00001',
      `Authorize.Net refused ${call}: ${first?.text ?? 'no message'}`,
    );
  }

  /** Throws GatewayRejectedError unless resultCode is Ok. */
  async function call(name: string, fields: Record<string, unknown>): Promise<AnetResponse> {
    const body = await send(name, fields);
    if (body.messages?.resultCode !== 'Ok') throw rejected(name, body);
    return body;
  }

  function chargeResultOf(transaction: AnetTransactionResponse): ChargeResult | null {
    const transactionId = transaction.transId && transaction.transId !== '0' ? transaction.transId : null;
    switch (transaction.responseCode) {
      case '1':
        return {
          status: 'approved',
          transactionId: transactionId ?? '',
          authCode: transaction.authCode ?? '',
        };
      case '2':
      case '3':
      case '4': {
        const error = transaction.errors?.[0];
        const message = transaction.messages?.[0];
        const held = transaction.responseCode === '4';
        return {
          status: 'declined',
          transactionId,
          reasonCode: held
            ? `held:${message?.code ?? '252'}`
            : (error?.errorCode ?? message?.code ?? transaction.responseCode),
          reasonText: held
            ? 'The transaction is held for review by the merchant and has not been captured.'
            : (error?.errorText ?? message?.description ?? 'The transaction was declined.'),
        };
      }
      default:
        return null;
    }
  }

  async function transact(transactionRequest: Record<string, unknown>, reference: string) {
    const body = await send('createTransactionRequest', {
      refId: invoiceNumberFor(reference),
      transactionRequest,
    });
    const transaction = body.transactionResponse as AnetTransactionResponse | undefined;
    if (transaction?.errors?.some((e) => e.errorCode === '11')) {
      // Duplicate transaction inside the window: the first attempt with this reference went through.
      const earlier = await findCharge(reference);
      if (earlier) return earlier;
    }
    const result = transaction ? chargeResultOf(transaction) : null;
    if (result) return result;
    throw rejected('createTransactionRequest', body);
  }

  /**
   * The charge made with this reference, from the unsettled transactions (the latest 1000, newest first):
   * reconcile a timed-out charge before the next settlement batch, after which it leaves that list.
   */
  async function findCharge(reference: string): Promise<ChargeResult | null> {
    const invoiceNumber = invoiceNumberFor(reference);
    const list = await call('getUnsettledTransactionListRequest', {
      sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
      paging: { limit: 1000, offset: 1 },
    });
    const transactions =
      (list.transactions as Array<{ transId: string; invoiceNumber?: string }> | undefined) ?? [];
    const match = transactions.find((t) => t.invoiceNumber === invoiceNumber);
    if (!match) return null;
    const details = await call('getTransactionDetailsRequest', { transId: match.transId });
    const transaction = details.transaction as
      | {
          transId: string;
          responseCode?: number | string;
          authCode?: string;
          responseReasonCode?: number | string;
          responseReasonDescription?: string;
        }
      | undefined;
    if (!transaction) return null;
    const code = String(transaction.responseCode ?? '');
    if (code === '1')
      return { status: 'approved', transactionId: transaction.transId, authCode: transaction.authCode ?? '' };
    return {
      status: 'declined',
      transactionId: transaction.transId,
      reasonCode: String(transaction.responseReasonCode ?? code),
      reasonText: transaction.responseReasonDescription ?? 'The transaction was declined.',
    };
  }

  /** getTransactionDetailsRequest: the transaction as Authorize.Net keeps it; null when this merchant has none. */
  async function transactionDetails(transactionId: string): Promise<TransactionDetails | null> {
    const body = await send('getTransactionDetailsRequest', { transId: transactionId });
    if (body.messages?.resultCode !== 'Ok') {
      if (body.messages?.message?.[0]?.code === 'E00040') return null;
      throw rejected('getTransactionDetailsRequest', body);
    }
    const t = body.transaction as AnetTransactionDetails | undefined;
    if (!t) return null;
    const amount = STATUS_STATES[t.transactionStatus ?? ''] === 'captured' ? t.settleAmount : t.authAmount;
    return {
      transactionId: String(t.transId),
      kind: REFUND_TYPES.has(t.transactionType ?? '') ? 'refund' : 'charge',
      state: STATUS_STATES[t.transactionStatus ?? ''] ?? 'other',
      amountCents: Math.round(Number(amount ?? t.authAmount ?? 0) * 100),
      customerProfileToken: t.profile?.customerProfileId ? String(t.profile.customerProfileId) : null,
      paymentProfileToken: t.profile?.customerPaymentProfileId
        ? String(t.profile.customerPaymentProfileId)
        : null,
      reference: t.order?.invoiceNumber ?? null,
    };
  }

  async function listPaymentProfiles(customerProfileToken: string): Promise<StoredPaymentProfile[]> {
    const body = await call('getCustomerProfileRequest', {
      customerProfileId: customerProfileToken,
      unmaskExpirationDate: true,
    });
    const profile = body.profile as { paymentProfiles?: AnetPaymentProfile[] } | undefined;
    return (profile?.paymentProfiles ?? []).map(storedOf);
  }

  return {
    name: 'AuthorizeNET',

    async createCustomerProfile(input) {
      const fields = {
        profile: {
          merchantCustomerId: input.merchantCustomerId.slice(0, 20),
          description: input.description.slice(0, 255),
          ...(input.email ? { email: input.email } : {}),
        },
      };
      const body = await send('createCustomerProfileRequest', fields);
      if (body.messages?.resultCode === 'Ok') return { customerProfileToken: String(body.customerProfileId) };
      const first = body.messages?.message?.[0];
      // E00039: "A duplicate record with ID 123456 already exists." — the profile is there already: use it.
      const existing = first?.code === 'E00039' ? /ID (\d+)/.exec(first.text)?.[1] : undefined;
      if (existing) return { customerProfileToken: existing };
      throw rejected('createCustomerProfileRequest', body);
    },

    async createPaymentProfile(customerProfileToken, method) {
      const body = await send('createCustomerPaymentProfileRequest', {
        customerProfileId: customerProfileToken,
        paymentProfile: { payment: paymentOf(method) },
        validationMode,
      });
      const token = body.customerPaymentProfileId ? String(body.customerPaymentProfileId) : null;
      const first = body.messages?.message?.[0];
      // E00039 on a payment profile: the same card or account is on file; the answer names its id.
      if (token && (body.messages?.resultCode === 'Ok' || first?.code === 'E00039')) {
        return storedFromInput(token, method);
      }
      throw rejected('createCustomerPaymentProfileRequest', body);
    },

    async updatePaymentProfile(customerProfileToken, paymentProfileToken, method) {
      await call('updateCustomerPaymentProfileRequest', {
        customerProfileId: customerProfileToken,
        paymentProfile: { payment: paymentOf(method), customerPaymentProfileId: paymentProfileToken },
        validationMode,
      });
      return storedFromInput(paymentProfileToken, method);
    },

    listPaymentProfiles,

    async deletePaymentProfile(customerProfileToken, paymentProfileToken) {
      await call('deleteCustomerPaymentProfileRequest', {
        customerProfileId: customerProfileToken,
        customerPaymentProfileId: paymentProfileToken,
      });
    },

    async hostedProfilePage(request: HostedProfilePageRequest) {
      const paymentOptions = {
        Both: 'showAll',
        CreditCard: 'showCreditCard',
        BankAccount: 'showBankAccount',
      } as const;
      const setting = [
        ...(request.iFrameCommunicatorUrl
          ? [
              {
                settingName: 'hostedProfileIFrameCommunicatorUrl',
                settingValue: request.iFrameCommunicatorUrl,
              },
            ]
          : []),
        { settingName: 'hostedProfileSaveButtonText', settingValue: request.saveButtonText },
        { settingName: 'hostedProfilePageBorderVisible', settingValue: 'false' },
        { settingName: 'hostedProfilePaymentOptions', settingValue: paymentOptions[request.paymentType] },
        {
          settingName: 'hostedProfileValidationMode',
          settingValue: validationMode === 'none' ? 'testMode' : validationMode,
        },
      ];
      const body = await call('getHostedProfilePageRequest', {
        customerProfileId: request.customerProfileToken,
        hostedProfileSettings: { setting },
      });
      return { token: String(body.token), addUrl: hostedPages.add, editUrl: hostedPages.edit };
    },

    charge(request: ChargeRequest) {
      const invoiceNumber = invoiceNumberFor(request.reference);
      return transact(
        {
          transactionType: 'authCaptureTransaction',
          amount: amountText(request.amountCents),
          profile: {
            customerProfileId: request.customerProfileToken,
            paymentProfile: { paymentProfileId: request.paymentProfileToken },
          },
          order: { invoiceNumber, description: request.description.slice(0, 255) },
        },
        request.reference,
      );
    },

    refund(request) {
      return transact(
        {
          transactionType: 'refundTransaction',
          amount: amountText(request.amountCents),
          profile: {
            customerProfileId: request.customerProfileToken,
            paymentProfile: { paymentProfileId: request.paymentProfileToken },
          },
          refTransId: request.transactionId,
          order: { invoiceNumber: invoiceNumberFor(request.reference) },
        },
        request.reference,
      );
    },

    findCharge,
    transactionDetails,
  };
}
