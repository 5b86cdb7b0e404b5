import {
  type ChargeResult,
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentMethodInput,
  type StoredPaymentProfile,
  type TransactionDetails,
} from './port.js';

/**
 * iCheckGateway (iCheckGateway.com, ACH and card processing).
 *
 * What is public about its protocol: merchants authenticate with a SiteID, a SiteKey and an APIKey plus a
 * GatewayLiveMode flag ("0" runs against their production system without moving money); a call names its
 * operation in an `APIMethod` field (`ProcessCheck` debits a bank account from Amount, RoutingNumber,
 * AccountNumber, AccountType, EntryClassCode, TransactionType, Description); the answer leads with `APPROVED`
 * or `DECLINED - <reason>` and carries a confirmation number. That is how the public ach_client gem and
 * iCheckGateway's Verify API describe it. No public description of its customer vault (stored payment
 * methods), hosted form, refund or look-up calls was found, so this adapter relies on an ASSUMED shape that
 * keeps those public names:
 *
 * - one POST endpoint per merchant (configured per company; there is no documented default), JSON in and out;
 * - request body: `{ SiteID, SiteKey, APIKey, GatewayLiveMode, APIMethod, ...fields }`;
 * - response body: `{ Result: "APPROVED" | "DECLINED - <reason>" | "ERROR - <reason>", ResponseCode, ... }`;
 * - APIMethods: AddCustomer (MerchantCustomerID, Email, Description → CustomerToken), AddPaymentMethod /
 *   UpdatePaymentMethod (CustomerToken, [PaymentToken], CardNumber + ExpirationDate | RoutingNumber +
 *   AccountNumber + AccountType + NameOnAccount → PaymentToken, CardType), GetPaymentMethods (CustomerToken →
 *   PaymentMethods[] masked), DeletePaymentMethod, GetHostedPage (CustomerToken, PaymentTypes,
 *   SaveButtonText, CommunicatorURL → HostedToken, AddURL, EditURL), ProcessCard / ProcessCheck (CustomerToken,
 *   PaymentToken, Amount, Reference, Description → ConfirmationNumber, AuthCode), RefundTransaction
 *   (ConfirmationNumber, Amount, Reference), FindTransaction (Reference or ConfirmationNumber → Transaction or
 *   none; a Transaction carries ConfirmationNumber, Kind Sale|Refund, Status Settled|Pending|Returned|Voided,
 *   Amount, CustomerToken, PaymentToken, Reference).
 *
 * Declines come back as GatewayRejectedError code `ICG-DECLINED` when saving a method, and as ChargeResult
 * 'declined' when charging. test/fixtures/icheck-fake.ts implements this shape for the tests.
 */

export interface ICheckOptions {
  siteId: string;
  siteKey: string;
  apiKey: string;
  /** Required: iCheckGateway publishes no default endpoint for these calls. */
  endpoint: string;
  live: boolean;
  timeoutMs?: number | null;
}

export const ICHECK_DECLINED = 'ICG-DECLINED';

interface ICheckResponse {
  Result?: string;
  ResponseCode?: string;
  [key: string]: unknown;
}

interface ICheckMethod {
  PaymentToken: string;
  Type: 'Card' | 'Check';
  CardType?: string;
  Last4: string;
  ExpirationDate?: string;
  AccountType?: string;
  RoutingLast4?: string;
}

const amountText = (cents: number) => (cents / 100).toFixed(2);

function methodFields(method: PaymentMethodInput) {
  return method.type === 'CreditCard'
    ? {
        CardNumber: method.cardNumber,
        ExpirationDate: method.expirationDate,
        ...(method.cardCode ? { CVV: method.cardCode } : {}),
      }
    : {
        RoutingNumber: method.routingNumber,
        AccountNumber: method.accountNumber,
        AccountType: { checking: 'PC', savings: 'PS', businessChecking: 'BC' }[method.accountType],
        NameOnAccount: method.nameOnAccount,
        EntryClassCode: method.accountType === 'businessChecking' ? 'CCD' : 'WEB',
      };
}

function storedOf(method: ICheckMethod): StoredPaymentProfile {
  const accountTypes: Record<string, string> = { PC: 'checking', PS: 'savings', BC: 'businessChecking' };
  return method.Type === 'Card'
    ? {
        paymentProfileToken: method.PaymentToken,
        type: 'CreditCard',
        cardType: method.CardType ?? null,
        last4: method.Last4,
        expirationDate: method.ExpirationDate ?? null,
        accountType: null,
        routingLast4: null,
      }
    : {
        paymentProfileToken: method.PaymentToken,
        type: 'BankAccount',
        cardType: null,
        last4: method.Last4,
        expirationDate: null,
        accountType: accountTypes[method.AccountType ?? ''] ?? method.AccountType ?? null,
        routingLast4: method.RoutingLast4 ?? null,
      };
}

export function createICheckGateway(options: ICheckOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const credentials = {
    SiteID: options.siteId,
    SiteKey: options.siteKey,
    APIKey: options.apiKey,
    GatewayLiveMode: options.live ? '1' : '0',
  };

  async function send(apiMethod: string, fields: Record<string, unknown>): Promise<ICheckResponse> {
    let text: string;
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...credentials, APIMethod: apiMethod, ...fields }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
      if (!response.ok)
        throw new GatewayUnavailableError(`iCheckGateway answered HTTP ${response.status} to ${apiMethod}.`);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      const name = (error as Error).name;
      throw new GatewayUnavailableError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `iCheckGateway did not answer ${apiMethod} within ${timeoutMs} ms.`
          : `iCheckGateway could not be reached for ${apiMethod} (${(error as Error).message}).`,
      );
    }
    try {
      return JSON.parse(text.replace(/^\uFEFF/, '')) as ICheckResponse;
    } catch {
      throw new GatewayUnavailableError(`iCheckGateway answered ${apiMethod} with a body that is not JSON.`);
    }
  }

  const outcome = (body: ICheckResponse) => (body.Result ?? '').split(' - ')[0]!.trim();
  const reason = (body: ICheckResponse) => (body.Result ?? '').split(' - ').slice(1).join(' - ').trim();

  /** Throws unless APPROVED: DECLINED as ICG-DECLINED, ERROR with the gateway's response code. */
  async function call(apiMethod: string, fields: Record<string, unknown>): Promise<ICheckResponse> {
    const body = await send(apiMethod, fields);
    const status = outcome(body);
    if (status === 'APPROVED') return body;
    if (status === 'DECLINED') {
      throw new GatewayRejectedError(
        ICHECK_DECLINED,
        `iCheckGateway declined ${apiMethod}: ${reason(body) || 'declined'}`,
      );
    }
    throw new GatewayRejectedError(
      `ICG-${body.ResponseCode ?? 'ERROR'}`,
      `iCheckGateway refused ${apiMethod}: ${reason(body) || body.Result || 'no message'}`,
    );
  }

  function chargeResultOf(body: ICheckResponse): ChargeResult {
    if (outcome(body) === 'APPROVED') {
      return {
        status: 'approved',
        transactionId: String(body.ConfirmationNumber),
        authCode: String(body.AuthCode ?? ''),
      };
    }
    if (outcome(body) === 'DECLINED') {
      return {
        status: 'declined',
        transactionId: body.ConfirmationNumber ? String(body.ConfirmationNumber) : null,
        reasonCode: String(body.ResponseCode ?? 'DECLINED'),
        reasonText: reason(body) || 'The transaction was declined.',
      };
    }
    throw new GatewayRejectedError(
      `ICG-${body.ResponseCode ?? 'ERROR'}`,
      `iCheckGateway refused the transaction: ${reason(body) || body.Result}`,
    );
  }

  async function paymentMethodType(customerToken: string, paymentToken: string) {
    const body = await call('GetPaymentMethods', { CustomerToken: customerToken });
    const method = ((body.PaymentMethods as ICheckMethod[] | undefined) ?? []).find(
      (m) => m.PaymentToken === paymentToken,
    );
    if (!method) throw new GatewayRejectedError('ICG-NOT_FOUND', 'iCheckGateway has no such payment method.');
    return method.Type;
  }

  return {
    name: 'iCheckGateway',

    async createCustomerProfile(input) {
      const body = await call('AddCustomer', {
        MerchantCustomerID: input.merchantCustomerId,
        Email: input.email ?? '',
        Description: input.description,
      });
      return { customerProfileToken: String(body.CustomerToken) };
    },

    async createPaymentProfile(customerProfileToken, method) {
      const body = await call('AddPaymentMethod', {
        CustomerToken: customerProfileToken,
        ...methodFields(method),
      });
      return storedOf(body.PaymentMethod as ICheckMethod);
    },

    async updatePaymentProfile(customerProfileToken, paymentProfileToken, method) {
      const body = await call('UpdatePaymentMethod', {
        CustomerToken: customerProfileToken,
        PaymentToken: paymentProfileToken,
        ...methodFields(method),
      });
      return storedOf(body.PaymentMethod as ICheckMethod);
    },

    async listPaymentProfiles(customerProfileToken) {
      const body = await call('GetPaymentMethods', { CustomerToken: customerProfileToken });
      return ((body.PaymentMethods as ICheckMethod[] | undefined) ?? []).map(storedOf);
    },

    async deletePaymentProfile(customerProfileToken, paymentProfileToken) {
      await call('DeletePaymentMethod', {
        CustomerToken: customerProfileToken,
        PaymentToken: paymentProfileToken,
      });
    },

    async hostedProfilePage(request) {
      const body = await call('GetHostedPage', {
        CustomerToken: request.customerProfileToken,
        PaymentTypes: { Both: 'Card,Check', CreditCard: 'Card', BankAccount: 'Check' }[request.paymentType],
        SaveButtonText: request.saveButtonText,
        ...(request.iFrameCommunicatorUrl ? { CommunicatorURL: request.iFrameCommunicatorUrl } : {}),
      });
      return { token: String(body.HostedToken), addUrl: String(body.AddURL), editUrl: String(body.EditURL) };
    },

    async charge(request) {
      const type = await paymentMethodType(request.customerProfileToken, request.paymentProfileToken);
      const body = await send(type === 'Card' ? 'ProcessCard' : 'ProcessCheck', {
        CustomerToken: request.customerProfileToken,
        PaymentToken: request.paymentProfileToken,
        Amount: amountText(request.amountCents),
        TransactionType: 'D',
        Reference: request.reference,
        Description: request.description,
      });
      return chargeResultOf(body);
    },

    async refund(request) {
      const body = await send('RefundTransaction', {
        ConfirmationNumber: request.transactionId,
        CustomerToken: request.customerProfileToken,
        PaymentToken: request.paymentProfileToken,
        Amount: amountText(request.amountCents),
        Reference: request.reference,
      });
      return chargeResultOf(body);
    },

    async findCharge(reference) {
      const body = await call('FindTransaction', { Reference: reference });
      const transaction = body.Transaction as ICheckResponse | null | undefined;
      return transaction ? chargeResultOf(transaction) : null;
    },

    async transactionDetails(transactionId): Promise<TransactionDetails | null> {
      const body = await call('FindTransaction', { ConfirmationNumber: transactionId });
      const t = body.Transaction as ICheckResponse | null | undefined;
      if (!t) return null;
      const approved = outcome(t) === 'APPROVED';
      return {
        transactionId: String(t.ConfirmationNumber),
        kind: t.Kind === 'Refund' ? 'refund' : 'charge',
        state: !approved
          ? 'declined'
          : t.Status === 'Returned' || t.Status === 'Voided'
            ? 'returned'
            : 'captured',
        amountCents: Math.round(Number(t.Amount ?? 0) * 100),
        customerProfileToken: t.CustomerToken ? String(t.CustomerToken) : null,
        paymentProfileToken: t.PaymentToken ? String(t.PaymentToken) : null,
        reference: t.Reference ? String(t.Reference) : null,
      };
    },
  };
}
