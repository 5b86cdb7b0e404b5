import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'voltin';
const AUDIENCE = 'voltin-api';

export interface AccessClaims {
  accountId: number;
  companyId: number;
}

export type VerifiedToken =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired'; claims: AccessClaims }
  | { status: 'invalid' };

export async function issueAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ cid: claims.companyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

function claimsOf(payload: { sub?: string; cid?: unknown }): AccessClaims | null {
  const accountId = Number(payload.sub);
  const companyId = Number(payload.cid);
  return Number.isInteger(accountId) && Number.isInteger(companyId) ? { accountId, companyId } : null;
}

/** Tells an expired token apart from a forged one: a refresh accepts the first and never the second. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const claims = claimsOf(payload as { sub?: string; cid?: unknown });
    return claims ? { status: 'valid', claims } : { status: 'invalid' };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const claims = claimsOf(error.payload as { sub?: string; cid?: unknown });
      if (claims) return { status: 'expired', claims };
    }
    return { status: 'invalid' };
  }
}
