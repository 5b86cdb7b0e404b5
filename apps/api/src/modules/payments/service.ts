import type { Static } from 'typebox';
import {
  DECLINE_CODES,
  GatewayConfigurationError,
  GatewayRejectedError,
  GatewayUnavailableError,
  masked,
  type PaymentGateway,
  type PaymentGateways,
  type StoredPaymentProfile,
} from '../../adapters/payment-gateway/index.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import { findCompanySettings } from '../company/index.js';
import { findCustomer } from '../customers/index.js';
import { methodOf } from './methods.js';
import {
  type GatewayProfile,
  type HostedProfilePageToken,
  type HostedProfilePageTokenRequest,
  PAYMENT_TYPE_IDS,
  type PaymentProfileRequest,
} from './schemas.js';
import * as store from './store.js';

type Profile = Static<typeof GatewayProfile>;
type HostedRequest = Static<typeof HostedProfilePageTokenRequest>;
type ProfileRequest = Static<typeof PaymentProfileRequest>;

const SETTING_BY_TRANSACTION_TYPE = {
  DEPOSIT: 'deposit_payment_types',
  ONE_TIME_PAYMENT: 'one_time_payment_types',
  RECURRING_BILLING: 'recurring_billing_payment_types',
} as const;

/** Runs a gateway call and turns the gateway's failures into the API's errors, at the module's edge. */
async function atGateway<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      throw new ApiError(
        'UPSTREAM_UNAVAILABLE',
        `The payment gateway did not answer while ${action}; nothing was changed, try again.`,
      );
    }
    if (error instanceof GatewayConfigurationError) {
      throw new ApiError('PAYMENT_GATEWAY_NOT_CONFIGURED', error.message);
    }
    if (error instanceof GatewayRejectedError) {
      if (error.gatewayCode === 'E00040' || error.gatewayCode === 'ICG-NOT_FOUND') {
        throw new ApiError(
          'NOT_FOUND',
          `The payment gateway has no record of this profile (${error.gatewayCode}).`,
        );
      }
      if (DECLINE_CODES.has(error.gatewayCode)) {
        throw new ApiError(
          'PAYMENT_DECLINED',
          `The payment method was declined by the gateway (${error.gatewayCode}).`,
        );
      }
      throw new ApiError(
        'PAYMENT_GATEWAY_REJECTED',
        `The payment gateway refused the request while ${action} (${error.gatewayCode}).`,
        [`${error.gatewayCode}: ${error.message}`],
      );
    }
    throw error;
  }
}

/**
 * Live gateways (Authorize.Net, iCheck) frame the caller's communicator page only over https; the sandbox's form
 * also talks to a site on a developer machine (the schema lets only http://localhost and http://127.0.0.1 through).
 */
function assertCommunicatorFits(gatewayName: string, communicatorUrl: string) {
  if (gatewayName === 'Sandbox' || communicatorUrl.startsWith('https://')) return;
  throw new ApiError('VALIDATION_FAILED', 'The payment gateway needs an https communicator page.', [
    'body.iFrameCommunicatorUrl: must be https for this payment gateway',
  ]);
}

function profileOf(row: store.PaymentProfileRow, autopay: Set<string>): Profile {
  const card = row.id_payment_type === PAYMENT_TYPE_IDS.CreditCard;
  return {
    customerProfileToken: row.customer_profile_token,
    paymentProfileToken: row.payment_profile_token,
    cardType: card ? row.card_type : null,
    cardNumber: card ? masked(row.last4) : null,
    cardExpirationDate: card ? row.expiration_date : null,
    paymentTypeId: row.id_payment_type,
    routingNumber: card ? null : masked(row.routing_last4),
    accountNumber: card ? null : masked(row.last4),
    accountType: card ? null : row.account_type,
    autoPayMethod: autopay.has(row.payment_profile_token),
  };
}

export interface PaymentsDeps {
  db: store.Db;
  gateways: PaymentGateways;
  clock: Clock;
  /**
   * The payment profiles an active autopay charges, among these tokens: enrollments' `activeAutopayTokens`, passed
   * in by app.ts (enrollments depend on payments).
   */
  activeAutopayTokens: (db: store.Db, companyId: number, tokens: string[]) => Promise<Set<string>>;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateways, clock, activeAutopayTokens } = deps;
  const now = () => clock.now().toISOString();

  const gatewayFor = (companyId: number) =>
    atGateway('choosing the gateway', () => deps.gateways.gatewayFor(companyId));

  async function customerOf(companyId: number, customerId: number) {
    const customer = await findCustomer(db, companyId, customerId);
    if (!customer) throw notFound('The customer');
    return customer;
  }

  /** The customer's profile at the gateway: the stored token, or a new profile (not yet recorded). */
  async function customerProfile(companyId: number, customerId: number, gateway: PaymentGateway) {
    const existing = await store.findCustomerProfileToken(db, companyId, gateway.name, customerId);
    if (existing) return { token: existing, isNew: false };
    const customer = await customerOf(companyId, customerId);
    const name = customer.firm_name || `${customer.first_name} ${customer.last_name}`.trim();
    const { customerProfileToken } = await atGateway('creating the customer profile', () =>
      gateway.createCustomerProfile({
        merchantCustomerId: `V${companyId}-${customerId}`,
        email: customer.email,
        description: name,
      }),
    );
    return { token: customerProfileToken, isNew: true };
  }

  async function recordedCustomerProfile(companyId: number, customerId: number, gateway: PaymentGateway) {
    const profile = await customerProfile(companyId, customerId, gateway);
    if (!profile.isNew) return profile.token;
    return store.saveCustomerProfileToken(db, {
      company_id: companyId,
      gateway: gateway.name,
      customer_id: customerId,
      customer_profile_token: profile.token,
      created_at: now(),
    });
  }

  function rowValues(
    companyId: number,
    customerId: number,
    gateway: string,
    customerProfileToken: string,
    saved: StoredPaymentProfile,
  ) {
    return {
      company_id: companyId,
      customer_id: customerId,
      gateway,
      customer_profile_token: customerProfileToken,
      payment_profile_token: saved.paymentProfileToken,
      id_payment_type: PAYMENT_TYPE_IDS[saved.type],
      card_type: saved.cardType,
      last4: saved.last4,
      expiration_date: saved.expirationDate,
      account_type: saved.accountType,
      routing_last4: saved.routingLast4,
    };
  }

  return {
    async hostedProfilePageToken(
      companyId: number,
      customerId: number,
      request: HostedRequest,
    ): Promise<Static<typeof HostedProfilePageToken>> {
      const settings = await findCompanySettings(db, companyId);
      const allowed = settings?.[SETTING_BY_TRANSACTION_TYPE[request.transactionType]] ?? 'Both';
      if (allowed !== 'Both' && request.paymentType !== allowed) {
        throw new ApiError(
          'PAYMENT_TYPE_NOT_ALLOWED',
          `For ${request.transactionType} this company accepts ${allowed} only; ${request.paymentType} is not allowed.`,
        );
      }
      const gateway = await gatewayFor(companyId);
      assertCommunicatorFits(gateway.name, request.iFrameCommunicatorUrl);
      const customerProfileToken = await recordedCustomerProfile(companyId, customerId, gateway);
      return atGateway('opening the hosted form', () =>
        gateway.hostedProfilePage({
          customerProfileToken,
          iFrameCommunicatorUrl: request.iFrameCommunicatorUrl,
          saveButtonText: request.saveButtonText ?? 'Save',
          paymentType: request.paymentType,
        }),
      );
    },

    async paymentIframeUri(companyId: number, customerId: number): Promise<string> {
      const settings = await findCompanySettings(db, companyId);
      const gateway = await gatewayFor(companyId);
      const customerProfileToken = await recordedCustomerProfile(companyId, customerId, gateway);
      const page = await atGateway('opening the hosted form', () =>
        gateway.hostedProfilePage({
          customerProfileToken,
          iFrameCommunicatorUrl: '',
          saveButtonText: 'Save',
          paymentType: (settings?.one_time_payment_types ?? 'Both') as HostedRequest['paymentType'],
        }),
      );
      const url = new URL(page.addUrl);
      url.searchParams.set('token', page.token);
      return url.toString();
    },

    /** The payment profiles the gateway holds for the customer; local records follow the gateway's list. */
    async listProfiles(companyId: number, customerId: number): Promise<Profile[]> {
      const gateway = await gatewayFor(companyId);
      const customerProfileToken = await store.findCustomerProfileToken(
        db,
        companyId,
        gateway.name,
        customerId,
      );
      if (!customerProfileToken) return [];
      const atTheGateway = await atGateway('reading the payment profiles', () =>
        gateway.listPaymentProfiles(customerProfileToken),
      );
      const local = await store.listProfiles(db, companyId, gateway.name, customerId);
      const present = new Set(atTheGateway.map((p) => p.paymentProfileToken));
      await store.softDeleteProfiles(
        db,
        local.filter((row) => !present.has(row.payment_profile_token)).map((row) => row.id),
        now(),
      );
      const rows: store.PaymentProfileRow[] = [];
      for (const saved of atTheGateway) {
        rows.push(
          await store.upsertProfile(
            db,
            rowValues(companyId, customerId, gateway.name, customerProfileToken, saved),
            now(),
          ),
        );
      }
      const autopay = await activeAutopayTokens(
        db,
        companyId,
        rows.map((r) => r.payment_profile_token),
      );
      return rows.map((row) => profileOf(row, autopay));
    },

    /** Creates (no payment_profile_token) or replaces a card or bank account; numbers go to the gateway only. */
    async saveProfile(companyId: number, customerId: number, body: ProfileRequest): Promise<Profile> {
      const customer = await customerOf(companyId, customerId);
      const method = methodOf(
        body,
        customer.firm_name || `${customer.first_name} ${customer.last_name}`.trim(),
        clock.now(),
      );
      const gateway = await gatewayFor(companyId);

      let profile: { token: string; isNew: boolean };
      if (body.customer_profile_token) {
        const stored = await store.findCustomerProfileToken(db, companyId, gateway.name, customerId);
        if (stored !== body.customer_profile_token) {
          throw notFound(`The customer profile token ${body.customer_profile_token} of this customer`);
        }
        profile = { token: stored, isNew: false };
      } else {
        profile = await customerProfile(companyId, customerId, gateway);
      }

      let saved: StoredPaymentProfile;
      if (body.payment_profile_token) {
        const existing = await store.findProfileByToken(
          db,
          companyId,
          body.payment_profile_token,
          gateway.name,
        );
        if (!existing || existing.customer_profile_token !== profile.token) {
          if (existing)
            throw new ApiError('CUSTOMER_FORBIDDEN', 'This payment profile belongs to another customer.');
          throw notFound(`The payment profile ${body.payment_profile_token}`);
        }
        saved = await atGateway('updating the payment profile', () =>
          gateway.updatePaymentProfile(profile.token, existing.payment_profile_token, method),
        );
      } else {
        saved = await atGateway('saving the payment profile', () =>
          gateway.createPaymentProfile(profile.token, method),
        );
      }

      const row = await db.transaction().execute(async (trx) => {
        const customerProfileToken = profile.isNew
          ? await store.saveCustomerProfileToken(trx, {
              company_id: companyId,
              gateway: gateway.name,
              customer_id: customerId,
              customer_profile_token: profile.token,
              created_at: now(),
            })
          : profile.token;
        return store.upsertProfile(
          trx,
          rowValues(companyId, customerId, gateway.name, customerProfileToken, saved),
          now(),
        );
      });
      return profileOf(row, await activeAutopayTokens(db, companyId, [row.payment_profile_token]));
    },

    /** Removes a payment profile at the gateway and here; `assertOwner` refuses another customer's. */
    async deleteProfile(
      companyId: number,
      paymentProfileToken: string,
      assertOwner: (customerId: number) => void,
    ) {
      const row = await store.findProfileByToken(db, companyId, paymentProfileToken);
      if (!row) throw notFound(`The payment profile ${paymentProfileToken}`);
      assertOwner(row.customer_id);
      const gateway = await gatewayFor(companyId);
      if (gateway.name === row.gateway) {
        await atGateway('deleting the payment profile', async () => {
          try {
            await gateway.deletePaymentProfile(row.customer_profile_token, row.payment_profile_token);
          } catch (error) {
            // Already gone at the gateway (E00040): only our record is left to remove.
            if (!(error instanceof GatewayRejectedError && error.gatewayCode === 'E00040')) throw error;
          }
        });
      }
      await store.softDeleteProfiles(db, [row.id], now());
    },

    gateways,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
