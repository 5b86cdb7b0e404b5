import type { Config } from '../../config/index.js';
import { createHttpBillingSystem } from './http.js';
import type { BillingAccounts, BillingSystem } from './port.js';
import { createSandboxBillingSystem } from './sandbox.js';

/** The configured connector (BILLING_SYSTEM_URL); the in-process sandbox only in the sandbox, when none is set. */
export function billingSystemFor(config: Config): BillingSystem & BillingAccounts {
  const settings = config.integrations.billingSystem;
  if (settings) return createHttpBillingSystem(settings);
  if (config.mode === 'production')
    throw new Error(
      'BILLING_SYSTEM_URL is required in production; the sandbox billing system never runs there.',
    );
  return createSandboxBillingSystem();
}
