import { createHash } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';

/**
 * What the site remembers of one browser, sealed in an HttpOnly cookie (AES-256-GCM, `dir` JWE): the signed-in
 * customer's id and hash, which never reach the browser's scripts. Nothing is kept on the server, so several site
 * processes behind a load balancer share it.
 */
export interface SiteSession {
  customer: { id: number; hash: string } | null;
}

export const EMPTY_SESSION: SiteSession = { customer: null };

export const SESSION_COOKIE = 'voltin_site_session';
/** A customer hash lives 12 hours at the API; the cookie does not outlive it. */
export const SESSION_SECONDS = 12 * 60 * 60;

export function createSessionSealer(secret: string) {
  const key = createHash('sha256').update(secret).digest();
  return {
    async seal(session: SiteSession): Promise<string> {
      return new EncryptJWT({ customer: session.customer })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${SESSION_SECONDS}s`)
        .encrypt(key);
    },
    /** The session a cookie holds; an altered, expired or foreign cookie is no session at all. */
    async open(cookie: string | undefined): Promise<SiteSession> {
      if (!cookie) return EMPTY_SESSION;
      try {
        const { payload } = await jwtDecrypt(cookie, key);
        return { customer: (payload.customer as SiteSession['customer']) ?? null };
      } catch (error) {
        if (error instanceof errors.JOSEError) return EMPTY_SESSION;
        throw error;
      }
    },
  };
}

export type SessionSealer = ReturnType<typeof createSessionSealer>;
