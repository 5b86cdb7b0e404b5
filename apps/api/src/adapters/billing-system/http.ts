import type { ConnectorSettings } from '../../config/integrations.js';
import { createContractClient, httpTransport } from '../connector-contract/client.js';
import { billingOverContract } from './over-contract.js';
import { type BillingAccounts, type BillingSystem, BillingUnavailableError } from './port.js';

/** The supplier's billing system connector, over HTTPS (BILLING_SYSTEM_URL), signed with BILLING_SYSTEM_SECRET. */
export function createHttpBillingSystem(settings: ConnectorSettings): BillingSystem & BillingAccounts {
  return billingOverContract(
    createContractClient({
      system: 'billing system',
      secret: settings.secret,
      transport: httpTransport(settings.url),
      retry: settings.retry,
      unavailable: (message) => new BillingUnavailableError(message),
    }),
  );
}
