import type { ConnectorSettings } from '../../config/integrations.js';
import { createContractClient, httpTransport } from '../connector-contract/client.js';
import { bureauOverContract } from './over-contract.js';
import { BureauUnavailableError, type CreditBureau } from './port.js';

/** The supplier's credit bureau connector, over HTTPS (CREDIT_BUREAU_URL), signed with CREDIT_BUREAU_SECRET. */
export function createHttpCreditBureau(settings: ConnectorSettings): CreditBureau {
  return bureauOverContract(
    createContractClient({
      system: 'credit bureau',
      secret: settings.secret,
      transport: httpTransport(settings.url),
      retry: settings.retry,
      unavailable: (message) => new BureauUnavailableError(message),
    }),
  );
}
