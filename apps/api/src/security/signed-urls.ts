import type { SigningKeys } from './keys.js';
import { constantTimeEqual, hmacSha256Hex } from './tokens.js';

/**
 * Links that work without a bearer token until they expire (document downloads, hosted payment pages):
 * `path?expires=EPOCH&signature=HMAC(path + "\n" + expires)`, signed with the current key. Extra query parameters
 * are signed as given.
 */
export function signPath(keys: SigningKeys<Buffer>, pathWithQuery: string, expiresAt: number): string {
  const separator = pathWithQuery.includes('?') ? '&' : '?';
  const unsigned = `${pathWithQuery}${separator}expires=${expiresAt}`;
  return `${unsigned}&signature=${hmacSha256Hex(keys.current, unsigned)}`;
}

export type SignedPathCheck = 'valid' | 'expired' | 'invalid';

/**
 * Checks a signed link as it arrived (`request.url`): the signature must be the last parameter. A link signed with
 * a previous master key still works until it expires, while that key is configured (a rotation in progress).
 */
export function checkSignedPath(
  keys: SigningKeys<Buffer>,
  url: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignedPathCheck {
  const match = /^(.*[?&]expires=(\d{1,12}))&signature=([0-9a-f]{64})$/.exec(url);
  if (!match) return 'invalid';
  const [, unsigned, expires, signature] = match;
  const signedWithOneOfOurs = [keys.current, ...keys.previous].some((key) =>
    constantTimeEqual(hmacSha256Hex(key, unsigned!), signature!),
  );
  if (!signedWithOneOfOurs) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}
