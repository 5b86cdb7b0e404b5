import { createHash } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
export const EMPTY_SESSION = { customer: null };
export const SESSION_COOKIE = 'voltin_site_session';
/** A customer hash lives 12 hours at the API; the cookie does not outlive it. */
export const SESSION_SECONDS = 12 * 60 * 60;
export function createSessionSealer(secret) {
    const key = createHash('sha256').update(secret).digest();
    return {
        async seal(session) {
            return new EncryptJWT({ customer: session.customer })
                .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
                .setIssuedAt()
                .setExpirationTime(`${SESSION_SECONDS}s`)
                .encrypt(key);
        },
        /** The session a cookie holds; an altered, expired or foreign cookie is no session at all. */
        async open(cookie) {
            if (!cookie)
                return EMPTY_SESSION;
            try {
                const { payload } = await jwtDecrypt(cookie, key);
                return { customer: payload.customer ?? null };
            }
            catch (error) {
                if (error instanceof errors.JOSEError)
                    return EMPTY_SESSION;
                throw error;
            }
        },
    };
}
//# sourceMappingURL=session.js.map