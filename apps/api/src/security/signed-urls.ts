import { type Clock, epochSeconds } from '../domain/clock.js';
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
export function checkSignedPath(keys: SigningKeys<Buffer>, url: string, nowSeconds: number): SignedPathCheck {
  const match = /^(.*[?&]expires=(\d{1,12}))&signature=([0-9a-f]{64})$/.exec(url);
  if (!match) return 'invalid';
  const [, unsigned, expires, signature] = match;
  const signedWithOneOfOurs = [keys.current, ...keys.previous].some((key) =>
    constantTimeEqual(hmacSha256Hex(key, unsigned!), signature!),
  );
  if (!signedWithOneOfOurs) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}

/** Signs and checks links on the app's clock, so a link's lifetime is measured on the same time as everything else. */
export interface LinkSigner {
  /** `pathWithQuery` signed to work for `lifetimeSeconds` from now. */
  sign(pathWithQuery: string, lifetimeSeconds: number): string;
  check(url: string): SignedPathCheck;
}

export function createLinkSigner(keys: SigningKeys<Buffer>, clock: Clock): LinkSigner {
  return {
    sign: (pathWithQuery, lifetimeSeconds) =>
      signPath(keys, pathWithQuery, epochSeconds(clock) + lifetimeSeconds),
    check: (url) => checkSignedPath(keys, url, epochSeconds(clock)),
  };
}
