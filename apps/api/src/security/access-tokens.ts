import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SigningKeys } from './keys.js';

const ISSUER = 'voltin';
const AUDIENCE = 'voltin-api';
/** Tokens verified recently, per signing key; a client reuses its token for every call until it expires. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessClaims {
  accountId: number;
  companyId: number;
  /** The login the token descends from (its refresh-token family): ending that login ends the token. */
  sessionId: string;
}

export type VerifiedToken =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired'; claims: AccessClaims }
  | { status: 'invalid' };

interface Verified {
  claims: AccessClaims;
  expiresAt: number;
}

const cryptoKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();

/** The WebCrypto key of a raw key, imported once: importing it again on every call cost as much as the check. */
function cryptoKeyOf(key: Uint8Array): Promise<CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      Uint8Array.from(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cryptoKeys.set(key, imported);
  }
  return imported;
}

function verifiedCacheOf(key: Uint8Array): Map<string, Verified> {
  let cache = verifiedTokens.get(key);
  if (!cache) {
    cache = new Map();
    verifiedTokens.set(key, cache);
  }
  return cache;
}

function remember(cache: Map<string, Verified>, token: string, verified: Verified): void {
  // A Map iterates in insertion order: dropping the first entry drops the oldest.
  if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(token, verified);
}

export async function issueAccessToken(
  keys: SigningKeys<Uint8Array>,
  claims: AccessClaims,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ cid: claims.companyId, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setJti(randomUUID())
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(await cryptoKeyOf(keys.current));
}

type Payload = { sub?: string; cid?: unknown; sid?: unknown };

function claimsOf(payload: Payload): AccessClaims | null {
  const accountId = Number(payload.sub);
  const companyId = Number(payload.cid);
  const sessionId = payload.sid;
  return Number.isInteger(accountId) &&
    Number.isInteger(companyId) &&
    typeof sessionId === 'string' &&
    sessionId
    ? { accountId, companyId, sessionId }
    : null;
}

/**
 * Tells an expired token apart from a forged one: a refresh accepts the first and never the second. A token jose
 * has verified is remembered until it expires, so its signature is checked once, not on every call. Whether its
 * session was ended since is not this function's question: the caller asks the database on every call.
 */
export async function verifyAccessToken(
  keys: SigningKeys<Uint8Array>,
  token: string,
  now: Date,
): Promise<VerifiedToken> {
  let verified: VerifiedToken = { status: 'invalid' };
  for (const key of [keys.current, ...keys.previous]) {
    verified = await verifyWithKey(key, token, now);
    if (verified.status !== 'invalid') return verified;
  }
  return verified;
}

/**
 * A token signed with a previous master key's JWT key stays valid until it expires, while that key is configured:
 * clients of a rotation in progress keep working, and a token is never valid longer than it was issued for.
 */
async function verifyWithKey(key: Uint8Array, token: string, now: Date): Promise<VerifiedToken> {
  const cache = verifiedCacheOf(key);
  const known = cache.get(token);
  if (known) {
    if (known.expiresAt > now.getTime() / 1000) return { status: 'valid', claims: known.claims };
    cache.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(key), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = claimsOf(payload as Payload);
    if (!claims) return { status: 'invalid' };
    remember(cache, token, { claims, expiresAt: payload.exp as number });
    return { status: 'valid', claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const claims = claimsOf(error.payload as Payload);
      if (claims) return { status: 'expired', claims };
    }
    return { status: 'invalid' };
  }
}
