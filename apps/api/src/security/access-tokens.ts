import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens are JWTs signed with HMAC-SHA256 (RFC 7519, `alg: HS256`). They are checked on every call, so
 * signing and checking are plain synchronous HMAC: WebCrypto's asynchronous verify cost more than the rest of a
 * cached read.
 */

const ISSUER = 'voltin';
const AUDIENCE = 'voltin-api';
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface AccessClaims {
  accountId: number;
  companyId: number;
}

export type VerifiedToken =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired'; claims: AccessClaims }
  | { status: 'invalid' };

interface Payload {
  sub?: unknown;
  cid?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  nbf?: unknown;
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}

function signature(key: Uint8Array, signingInput: string): Buffer {
  return createHmac('sha256', key).update(signingInput).digest();
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function issueAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): string {
  const issuedAt = nowSeconds();
  const payload = base64url(
    JSON.stringify({
      cid: claims.companyId,
      sub: String(claims.accountId),
      iss: ISSUER,
      aud: AUDIENCE,
      iat: issuedAt,
      jti: randomUUID(),
      exp: issuedAt + ttlSeconds,
    }),
  );
  return `${HEADER}.${payload}.${signature(key, `${HEADER}.${payload}`).toString('base64url')}`;
}

function claimsOf(payload: Payload): AccessClaims | null {
  const accountId = Number(payload.sub);
  const companyId = Number(payload.cid);
  return typeof payload.sub === 'string' && Number.isInteger(accountId) && Number.isInteger(companyId)
    ? { accountId, companyId }
    : null;
}

function parseJson(encoded: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The signed payload of a well-formed HS256 token whose signature holds, or null. */
function signedPayload(key: Uint8Array, token: string): Payload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, sent] = parts as [string, string, string];
  const expected = signature(key, `${header}.${payload}`);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Only the algorithm we sign with: a token naming another (`none`, RS256…) is refused even if it verifies.
  if (parseJson(header)?.alg !== 'HS256') return null;
  return parseJson(payload);
}

/** Tells an expired token apart from a forged one: a refresh accepts the first and never the second. */
export function verifyAccessToken(key: Uint8Array, token: string): VerifiedToken {
  const payload = signedPayload(key, token);
  if (!payload || payload.iss !== ISSUER || payload.aud !== AUDIENCE) return { status: 'invalid' };
  const claims = claimsOf(payload);
  if (!claims || typeof payload.exp !== 'number') return { status: 'invalid' };
  const now = nowSeconds();
  if (typeof payload.nbf === 'number' && payload.nbf > now) return { status: 'invalid' };
  return payload.exp > now ? { status: 'valid', claims } : { status: 'expired', claims };
}
