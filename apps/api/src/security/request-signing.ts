import { constantTimeEqual, hmacSha256Hex } from './tokens.js';

/**
 * How Voltin signs the requests it sends to systems a supplier runs (verification providers, credit bureau and
 * billing system connectors): the header `Voltin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the secret the supplier shares with that system. The receiver recomputes it over the raw body it got.
 */
export const SIGNATURE_HEADER = 'voltin-signature';

/** How far a signature's timestamp may be from the receiver's clock, either way, before it is refused as a replay. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

export type SignatureCheck = 'valid' | 'invalid' | 'stale';

/** The receiver's side: whether `header` signs `body` with `secret` within the window around `nowSeconds`. */
export function checkSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
): SignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return 'invalid';
  const timestamp = Number(match[1]);
  if (!constantTimeEqual(signatureOf(secret, timestamp, body), header!)) return 'invalid';
  return Math.abs(nowSeconds - timestamp) > SIGNATURE_WINDOW_SECONDS ? 'stale' : 'valid';
}
