import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentType } from '../../domain/charges.js';
import type { Clock } from '../../domain/clock.js';
import { sha256Hex } from '../../security/tokens.js';
import type { HostedProfilePageRequest } from './port.js';
import * as store from './store.js';

/**
 * Where the server serves the sandbox gateway's hosted form (sandbox-form-page.ts): the gateway's own pages, beside
 * the API rather than under /api/v1, at the paths of Authorize.Net's (`/customer/addPayment`, `/customer/editPayment`).
 */
export const SANDBOX_FORM_PATHS = {
  add: '/sandbox-gateway/customer/addPayment',
  edit: '/sandbox-gateway/customer/editPayment',
} as const;

/** As long as an Authorize.Net hosted form token lives. */
export const SANDBOX_FORM_LIFETIME_SECONDS = 15 * 60;
/** An expired token is kept a day, so its page can say it expired rather than that it is unknown. */
const KEPT_AFTER_EXPIRY_MS = 86_400_000;

/** What a token opens: the form of one customer profile of one company, as the token was asked for. */
export interface SandboxForm {
  companyId: number;
  customerProfileToken: string;
  /** The methods the form offers: CreditCard, BankAccount or Both. */
  paymentType: PaymentType;
  saveButtonText: string;
  /** The embedding site's page that relays the form's messages; null when the form was asked for without one. */
  communicatorUrl: string | null;
}

export type OpenedSandboxForm =
  | { status: 'valid'; form: SandboxForm }
  | { status: 'expired' }
  | { status: 'invalid' };

export interface SandboxHostedForms {
  /** A token for the hosted form of the company's customer profile, with the form's addresses. */
  issue(
    companyId: number,
    request: HostedProfilePageRequest,
  ): Promise<{ token: string; addUrl: string; editUrl: string }>;
  /** What a token opens; `invalid` for a token the sandbox never issued (unknown, altered, or purged). */
  open(token: string): Promise<OpenedSandboxForm>;
  /** Deletes the tokens that expired more than a day ago. */
  purgeExpired(): Promise<void>;
}

export interface SandboxHostedFormsOptions {
  db: Kysely<Database>;
  /** Tokens expire on this clock (a test moves it past the 15 minutes). */
  clock: Clock;
  /** The server's public base URL, read at each call (a test server learns its port after it started). */
  publicBaseUrl: () => string;
}

/**
 * The tokens of the sandbox gateway's hosted form. A token is an opaque random string, like Authorize.Net's; the
 * sandbox keeps what it was issued for in its table `sandbox_gateway_hosted_forms` under the token's SHA-256. Stored
 * rather than signed (a JWT carrying the settings): the sandbox keeps all its state in its tables, so any node on the
 * database opens a token another issued, an altered token is simply one the table does not have, the settings (a
 * communicator address of up to 2000 characters) stay out of the URL `paymentIframeUri` answers, and no new key is
 * derived for it. A token is not used up by saving: like Authorize.Net's, it serves its form until it expires.
 */
export function createSandboxHostedForms({
  db,
  clock,
  publicBaseUrl,
}: SandboxHostedFormsOptions): SandboxHostedForms {
  return {
    async issue(companyId, request) {
      const token = `sbx_hosted_${randomBytes(24).toString('hex')}`;
      const now = clock.now();
      await store.insertSandboxHostedForm(db, {
        token_hash: sha256Hex(token),
        company_id: companyId,
        customer_profile_token: request.customerProfileToken,
        payment_type: request.paymentType,
        save_button_text: request.saveButtonText,
        communicator_url: request.iFrameCommunicatorUrl || null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SANDBOX_FORM_LIFETIME_SECONDS * 1000).toISOString(),
      });
      const base = publicBaseUrl();
      return {
        token,
        addUrl: `${base}${SANDBOX_FORM_PATHS.add}`,
        editUrl: `${base}${SANDBOX_FORM_PATHS.edit}`,
      };
    },

    async open(token) {
      const row = await store.findSandboxHostedForm(db, sha256Hex(token));
      if (!row) return { status: 'invalid' };
      if (row.expires_at <= clock.now().toISOString()) return { status: 'expired' };
      return {
        status: 'valid',
        form: {
          companyId: row.company_id,
          customerProfileToken: row.customer_profile_token,
          paymentType: row.payment_type,
          saveButtonText: row.save_button_text,
          communicatorUrl: row.communicator_url,
        },
      };
    },

    purgeExpired: () =>
      store.deleteSandboxHostedFormsExpiredBefore(
        db,
        new Date(clock.now().getTime() - KEPT_AFTER_EXPIRY_MS).toISOString(),
      ),
  };
}
