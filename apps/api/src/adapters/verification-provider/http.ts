import { hmacSha256Hex } from '../../security/tokens.js';
import {
  type ProviderEndpoint,
  type SaleToVerify,
  type VerificationProvider,
  VerificationProviderError,
} from './port.js';

/** The header that signs a request: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'voltin-signature';

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

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
