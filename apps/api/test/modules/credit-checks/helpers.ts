import type { CreditBureau, CreditInquiry } from '../../../src/adapters/credit-bureau/port.js';
import { createSandboxBureau } from '../../../src/adapters/credit-bureau/sandbox.js';
import { open } from '../../../src/security/secret-box.js';
import { creditCheckBody, enrollmentBody, planId, requiredOptions } from '../../fixtures/enrollments.js';
import { setCompanySettings } from '../../fixtures/operator.js';
import { SANDBOX, signLogin, type TestApi } from '../../helpers/app.js';

/** A sandbox plan and the acceptance options its enrollment must agree to. */
export interface SandboxPlan {
  id: number;
  options: number[];
}

/**
 * The two sandbox plans the credit rules are read against:
 * - `standard` (12-month fixed): deposit under 550, never refuses, accepts the date of birth instead of the SSN;
 * - `ssnRequired` (24-month fixed): deposit under 600, refuses under 450, requires the SSN.
 */
export async function creditPlans(api: TestApi, token: string) {
  const plan = async (name: string): Promise<SandboxPlan> => {
    const id = await planId(api, name);
    return { id, options: await requiredOptions(api, token, id) };
  };
  return {
    standard: await plan('Bluebonnet Energy 12-Month Fixed Electric'),
    ssnRequired: await plan('Bluebonnet Energy 24-Month Fixed Electric'),
  };
}

/** `POST /payments/credit-check` for Ana Garcia of Dallas, `overrides` on top; the raw response. */
export function runCreditCheck(api: TestApi, token: string, overrides: Record<string, unknown>) {
  return api.call('POST', '/payments/credit-check', { token, body: creditCheckBody(overrides) });
}

/** Sets how many days a credit check of the sandbox company stays usable (credit_check_valid_days). */
export async function setCreditCheckValidDays(api: TestApi, days: number) {
  await setCompanySettings(api.db.kysely, { credit_check_valid_days: days });
}

/** The stored row of a credit check, as the database holds it. */
export function storedCheck(api: TestApi, id: number) {
  return api.db.kysely.selectFrom('credit_checks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A sealed value opened with the app's key. */
export function unsealed(api: TestApi, sealed: string): string {
  return open(api.app.voltin.keys.secretBox, sealed);
}

/**
 * `POST /enrollments/create` in `plan` backed by `creditCheckId`, for the sample new customer Ana Garcia;
 * `customer` fields replace hers. A deposit, when one is due, is left to pay later.
 */
export function enrollWithCheck(
  api: TestApi,
  token: string,
  plan: SandboxPlan,
  creditCheckId: number,
  customer: Record<string, unknown> = {},
) {
  return api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan.id, plan.options, {
      customer,
      payment: { creditCheckId, depositOptions: 'PayLater' },
    }),
  });
}

/**
 * A new sandbox access token, signed at the current (possibly faked) time: a token from before the clock was
 * moved days ahead has expired by then.
 */
export async function loginNow(api: TestApi): Promise<string> {
  const response = await api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
  });
  if (response.status !== 200) throw new Error(`sandbox login failed: ${JSON.stringify(response.body)}`);
  return response.body.data.token as string;
}

/**
 * The sandbox bureau with a script: it records every inquiry it is sent, and `failNextWith(error)` makes its next
 * inquiry throw that error (a bureau outage, or a fault in an adapter) instead of answering.
 */
export function scriptedBureau() {
  const sandbox = createSandboxBureau();
  const inquiries: CreditInquiry[] = [];
  let failure: unknown;
  const bureau: CreditBureau = {
    async inquire(inquiry) {
      inquiries.push(inquiry);
      if (failure !== undefined) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      return sandbox.inquire(inquiry);
    },
  };
  return {
    bureau,
    inquiries,
    failNextWith(error: unknown) {
      failure = error;
    },
  };
}
