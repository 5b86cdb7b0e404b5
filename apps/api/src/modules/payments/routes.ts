import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertOwnCustomer, callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import {
  CustomerIdParams,
  GatewayProfile,
  HostedProfilePageToken,
  HostedProfilePageTokenRequest,
  PaymentProfileRequest,
  PaymentProfileTokenParams,
} from './schemas.js';
import type { PaymentsService } from './service.js';

const tags = ['Payments'];
const company = (request: FastifyRequest) => callerOf(request).companyId;
const customer = { access: 'customer' } as const;

export const paymentRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/payments/payment-profile/hosted-profile-page-token/:customerId',
    {
      config: {
        errors: ['PAYMENT_GATEWAY_NOT_CONFIGURED', 'PAYMENT_TYPE_NOT_ALLOWED', 'UPSTREAM_UNAVAILABLE'],
        ...customer,
        idempotent: true,
      },
      schema: {
        operationId: 'getHostedProfilePageToken',
        tags,
        summary: "A token for the gateway's hosted form, to add or edit a card or bank account",
        description:
          "Card and bank numbers then go from the browser straight to the gateway. Creates the customer's gateway " +
          'profile on first use. The payment type must be allowed by the company for the transaction type ' +
          '(PAYMENT_TYPE_NOT_ALLOWED otherwise). The token is valid for 15 minutes: post it as `token` to `addUrl` ' +
          '(or to `editUrl` with `paymentProfileId`) in an iframe. The form tells `iFrameCommunicatorUrl` what ' +
          'happens by loading it with `#action=resizeWindow&width=W&height=H`, `#action=successfulSave` or ' +
          "`#action=cancel`, as Authorize.Net's Accept Customer form does; then list the customer's profiles to see " +
          "the new one. The sandbox gateway's form is served by this server, at `/sandbox-gateway/customer/addPayment` " +
          'and `/sandbox-gateway/customer/editPayment`, and its test values apply there.',
        params: CustomerIdParams,
        body: HostedProfilePageTokenRequest,
        response: { 200: Envelope(HostedProfilePageToken) },
      },
    },
    async (request) =>
      ok(await payments.hostedProfilePageToken(company(request), request.params.customerId, request.body)),
  );

  app.get(
    '/payments/payment-profile/by-customer/:customerId',
    {
      config: { ...customer, errors: ['PAYMENT_GATEWAY_NOT_CONFIGURED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'listPaymentProfilesByCustomer',
        tags,
        summary: "The customer's saved cards and bank accounts, as the gateway holds them (numbers masked)",
        params: CustomerIdParams,
        response: { 200: Envelope(Type.Array(GatewayProfile)) },
      },
    },
    async (request) => ok(await payments.listProfiles(company(request), request.params.customerId)),
  );

  app.post(
    '/payments/payment-profile',
    {
      config: {
        errors: [
          'PAYMENT_BANK_ACCOUNT_INVALID',
          'PAYMENT_CARD_EXPIRED',
          'PAYMENT_CARD_INVALID',
          'PAYMENT_DECLINED',
          'PAYMENT_GATEWAY_NOT_CONFIGURED',
          'PAYMENT_GATEWAY_REJECTED',
          'PAYMENT_TYPE_NOT_ALLOWED',
          'UPSTREAM_UNAVAILABLE',
        ],
        ...customer,
        idempotent: true,
      },
      schema: {
        operationId: 'savePaymentProfile',
        tags,
        summary: 'Save a card or bank account at the gateway (create, or update with payment_profile_token)',
        description:
          'The numbers are checked (Luhn, expiry, ABA routing checksum), sent to the gateway and never stored: ' +
          'Voltin keeps the tokens, the type, the last four digits and the expiry. A declined method is ' +
          'PAYMENT_DECLINED; a gateway that does not answer is UPSTREAM_UNAVAILABLE and nothing is saved.',
        body: PaymentProfileRequest,
        response: { 200: Envelope(GatewayProfile) },
      },
    },
    async (request) => {
      assertOwnCustomer(request, request.body.id_customer);
      return ok(
        await payments.saveProfile(company(request), request.body.id_customer, request.body),
        'Payment profile saved.',
      );
    },
  );

  app.delete(
    '/payments/payment-profile/:paymentProfileToken',
    {
      config: {
        ...customer,
        errors: ['PAYMENT_GATEWAY_NOT_CONFIGURED', 'PAYMENT_GATEWAY_REJECTED', 'UPSTREAM_UNAVAILABLE'],
      },
      schema: {
        operationId: 'deletePaymentProfile',
        tags,
        summary: 'Remove a saved card or bank account, at the gateway and in Voltin',
        params: PaymentProfileTokenParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await payments.deleteProfile(company(request), request.params.paymentProfileToken, (ownerId) =>
        assertOwnCustomer(request, ownerId),
      );
      return ok(null, 'Payment profile deleted.');
    },
  );

  app.get(
    '/payments/payment-iframe-uri/by-customer/:customerId',
    {
      config: { ...customer, errors: ['PAYMENT_GATEWAY_NOT_CONFIGURED', 'UPSTREAM_UNAVAILABLE'] },
      schema: {
        operationId: 'getPaymentIframeUri',
        tags,
        summary: "The URL of the gateway's hosted payment form for this customer, to show in an iframe",
        description:
          'The URL carries a fresh hosted form token, valid for 15 minutes (at Authorize.Net and in the sandbox). ' +
          "The form is opened without an iframe communicator (the sandbox's then shows a Saved page).",
        params: CustomerIdParams,
        response: { 200: Envelope(Type.String({ description: 'The hosted form URL.' })) },
      },
    },
    async (request) => ok(await payments.paymentIframeUri(company(request), request.params.customerId)),
  );
};
