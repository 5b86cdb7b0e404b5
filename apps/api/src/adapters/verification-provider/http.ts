import { SIGNATURE_HEADER, signatureOf } from '../../security/request-signing.js';
import {
  type ProviderEndpoint,
  type SaleToVerify,
  type VerificationProvider,
  VerificationProviderError,
} from './port.js';

/** POSTs each sale as JSON to the company's provider URL, signed with its shared secret. */
export function createHttpVerificationProvider(options: { timeoutMs: number }): VerificationProvider {
  return {
    async send(endpoint: ProviderEndpoint, sale: SaleToVerify) {
      const body = JSON.stringify(sale);
      const timestamp = Math.floor(Date.now() / 1000);
      let response: Response;
      try {
        response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signatureOf(endpoint.secret, timestamp, body),
          },
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new VerificationProviderError(
          `the provider could not be reached (${(error as Error).message})`,
        );
      }
      await response.body?.cancel();
      if (!response.ok) throw new VerificationProviderError(`the provider answered HTTP ${response.status}`);
    },
  };
}
