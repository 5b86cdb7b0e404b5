import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { open, type SecretBox } from '../../security/secret-box.js';
import { type AuthorizeNetEnvironment, createAuthorizeNetGateway } from './authorize-net.js';
import { createICheckGateway, ICHECK_DECLINED } from './icheck.js';
import type { PaymentGateway } from './port.js';
import { createSandboxGateway } from './sandbox.js';
import type { SandboxHostedForms } from './sandbox-hosted-form.js';
import { findActiveGatewayAccount } from './store.js';

export { AUTHORIZE_NET_HOSTED_PAGES, createAuthorizeNetGateway, invoiceNumberFor } from './authorize-net.js';
export { createICheckGateway } from './icheck.js';
export * from './numbers.js';
export * from './port.js';
export { createSandboxGateway, SANDBOX_GATEWAY_TEST_VALUES } from './sandbox.js';
export { createSandboxHostedForms, type SandboxHostedForms } from './sandbox-hosted-form.js';
export { type GatewayAccountValues, saveGatewayAccount } from './store.js';

/** Gateway codes that mean "the card or account was declined" rather than "the request was wrong". */
export const DECLINE_CODES: ReadonlySet<string> = new Set(['E00027', ICHECK_DECLINED]);

/** The company's gateway set-up cannot work; the message says what to fix. */
export class GatewayConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayConfigurationError';
  }
}

export interface PaymentGateways {
  /**
   * The company's payment gateway: its live account (payment_gateway_accounts) for the gateway its configuration
   * names (configuredGateway), or the in-process sandbox gateway when it has no live account.
   */
  gatewayFor(companyId: number): Promise<PaymentGateway>;
}

export interface PaymentGatewaysOptions {
  db: Kysely<Database>;
  secretBoxKey: SecretBox;
  /**
   * The gateway the company's configuration names (company_settings.payment_gateway, the company module's), which
   * its live account must be for; the caller asks the company module, as an adapter never does.
   */
  configuredGateway(companyId: number): Promise<string | null | undefined>;
  /** Overrides every account's per-call timeout. */
  timeoutMs?: number;
  /**
   * Whether a company without a live account gets the sandbox gateway (default true). Production servers pass
   * false: there, a company without a live account is refused instead of "charged" by the sandbox.
   */
  sandboxAllowed?: boolean;
  /** The sandbox gateway's hosted form, served by the Voltin server (app.ts, in sandbox mode). */
  sandboxForms?: SandboxHostedForms;
  log?: { info(object: object, message: string): void };
}

const ENVIRONMENTS = new Set(['sandbox', 'production']);

export function createPaymentGateways(options: PaymentGatewaysOptions): PaymentGateways {
  const { db } = options;
  return {
    async gatewayFor(companyId) {
      const [configured, account] = await Promise.all([
        options.configuredGateway(companyId),
        findActiveGatewayAccount(db, companyId),
      ]);
      if (!account) {
        if (options.sandboxAllowed === false) {
          throw new GatewayConfigurationError(
            'This retail company has no live payment gateway account; the sandbox gateway runs only in sandbox mode.',
          );
        }
        return createSandboxGateway(db, companyId, options.sandboxForms);
      }

      if (account.gateway !== 'AuthorizeNET' && account.gateway !== 'iCheckGateway') {
        throw new GatewayConfigurationError(
          `The payment gateway account names the unknown gateway "${account.gateway}"; use AuthorizeNET or iCheckGateway.`,
        );
      }
      if (configured !== account.gateway) {
        throw new GatewayConfigurationError(
          `The company's configuration names the ${configured ?? 'no'} payment gateway but its live account is for ${account.gateway}.`,
        );
      }
      if (!ENVIRONMENTS.has(account.environment)) {
        throw new GatewayConfigurationError(
          `The payment gateway account's environment "${account.environment}" is neither sandbox nor production.`,
        );
      }
      if (!account.api_login_id.trim() || !account.transaction_key_sealed) {
        throw new GatewayConfigurationError(
          `The ${account.gateway} account has no API login id or transaction key.`,
        );
      }
      const unseal = (sealed: string, what: string) => {
        try {
          return open(options.secretBoxKey, sealed);
        } catch {
          throw new GatewayConfigurationError(
            `The ${account.gateway} ${what} cannot be read; it was sealed with another master key.`,
          );
        }
      };
      const secret = unseal(account.transaction_key_sealed, 'transaction key');
      const timeoutMs = options.timeoutMs ?? account.timeout_ms;

      if (account.gateway === 'AuthorizeNET') {
        return createAuthorizeNetGateway({
          apiLoginId: account.api_login_id,
          transactionKey: secret,
          environment: account.environment as AuthorizeNetEnvironment,
          endpoint: account.endpoint,
          timeoutMs,
          log: options.log,
        });
      }
      if (!account.api_key_sealed || !account.endpoint) {
        throw new GatewayConfigurationError('The iCheckGateway account needs its APIKey and its endpoint.');
      }
      return createICheckGateway({
        siteId: account.api_login_id,
        siteKey: secret,
        apiKey: unseal(account.api_key_sealed, 'APIKey'),
        endpoint: account.endpoint,
        live: account.environment === 'production',
        timeoutMs,
      });
    },
  };
}
