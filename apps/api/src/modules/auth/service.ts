import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Static } from 'typebox';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, epochSeconds } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import { issueAccessToken, verifyAccessToken } from '../../security/access-tokens.js';
import type { AccessResolver, AccountAccess } from '../../security/callers.js';
import type { KeyRing } from '../../security/keys.js';
import { open } from '../../security/secret-box.js';
import { constantTimeEqual, hmacSha256Hex, newOpaqueToken, sha256Hex } from '../../security/tokens.js';
import { findCompanySettings } from '../company/index.js';
import { createLoginThrottle, type RateLimiter } from '../rate-limits/index.js';
import type { AuthResult, LoginQuery, LogoutBody, RefreshBody } from './schemas.js';
import * as store from './store.js';

type AuthResultWire = Static<typeof AuthResult>;

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  keys: KeyRing;
  rateLimiter: RateLimiter;
  /** What logins, tokens and refresh tokens are dated and checked by. */
  clock: Clock;
}

/** The string a web service account signs at login. */
export function loginSigningString(apiKey: string, timestamp: number): string {
  return `${apiKey}:${timestamp}`;
}

const badCredentials = () =>
  new ApiError('AUTH_INVALID_CREDENTIALS', 'The API key or the signature is not valid.');
const badRefresh = () =>
  new ApiError('AUTH_REFRESH_TOKEN_INVALID', 'The refresh token is not valid; log in again.');
/** Permissions are read on every call and change rarely: kept this long (a cache's age, not a business time). */
const PERMISSION_CACHE_MS = 10_000;

export function createAuthService({ db, config, keys, rateLimiter, clock }: AuthDeps) {
  const permissionCache = new LRUCache<number, { access: AccountAccess | null }>({
    max: 10_000,
    ttl: PERMISSION_CACHE_MS,
  });
  const loginThrottle = createLoginThrottle(rateLimiter, config);

  async function issueSession(
    account: { id: number; company_id: number; role_groups: string },
    familyId: string,
  ): Promise<AuthResultWire> {
    const refreshToken = newOpaqueToken();
    const now = clock.now();
    await store.insertRefreshToken(db, {
      accountId: account.id,
      familyId,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: epochSeconds(clock) + config.refreshTokenTtlSeconds,
      createdAt: now.toISOString(),
    });
    const token = await issueAccessToken(
      keys.jwt,
      { accountId: account.id, companyId: account.company_id, sessionId: familyId },
      config.accessTokenTtlSeconds,
      now,
    );
    const settings = await findCompanySettings(db, account.company_id);
    return {
      token,
      refreshToken,
      expiresIn: config.accessTokenTtlSeconds,
      customerSupport: settings
        ? { phone: settings.support_phone, email: settings.support_email, hours: settings.support_hours }
        : null,
      roleGroups: JSON.parse(account.role_groups) as string[],
    };
  }

  /** A rotated-out secret logs in until its grace deadline, and never after. */
  function signedWithPreviousSecret(
    account: { previous_secret_sealed: string | null; previous_secret_valid_until: string | null },
    signedWith: (sealed: string) => boolean,
  ): boolean {
    const { previous_secret_sealed: sealed, previous_secret_valid_until: until } = account;
    if (sealed === null || until === null || clock.now().getTime() >= Date.parse(until)) return false;
    return signedWith(sealed);
  }

  async function login(input: Static<typeof LoginQuery>, ip: string): Promise<AuthResultWire> {
    const nowSeconds = epochSeconds(clock);
    // A clock off by minutes guesses nothing: it is answered before the throttle counts a failure.
    if (Math.abs(nowSeconds - input.timestamp) > config.loginSignatureWindowSeconds) {
      throw new ApiError(
        'AUTH_TIMESTAMP_OUT_OF_WINDOW',
        `The timestamp must be within ${config.loginSignatureWindowSeconds} seconds of server time (server time is ${nowSeconds}).`,
      );
    }
    const attempt = await loginThrottle.attempt('login', input.token, ip);
    const account = await store.findAccountByKey(db, input.token);
    if (!account?.active) throw badCredentials();
    const signature = input.signature.toLowerCase();
    const signedWith = (sealed: string) =>
      constantTimeEqual(
        hmacSha256Hex(open(keys.secretBox, sealed), loginSigningString(input.token, input.timestamp)),
        signature,
      );
    if (!signedWith(account.secret_sealed) && !signedWithPreviousSecret(account, signedWith)) {
      throw badCredentials();
    }
    const expiresAt = input.timestamp + config.loginSignatureWindowSeconds + 1;
    if (!(await store.rememberSignature(db, account.id, signature, expiresAt))) {
      throw new ApiError('AUTH_SIGNATURE_REPLAYED', 'This signature was already used; sign a new timestamp.');
    }
    await attempt.succeeded();
    await store.markAccountUsed(db, account.id, clock.now().toISOString());
    return issueSession(account, randomUUID());
  }

  async function refresh(input: Static<typeof RefreshBody>): Promise<AuthResultWire> {
    const verified = await verifyAccessToken(keys.jwt, input.token, clock.now());
    if (verified.status === 'invalid') throw badRefresh();
    const stored = await store.findRefreshToken(db, sha256Hex(input.refreshToken));
    if (!stored || stored.family_id !== verified.claims.sessionId) throw badRefresh();
    if (
      stored.used_at !== null ||
      stored.revoked_at !== null ||
      !(await store.claimRefreshToken(db, stored.id, clock.now().toISOString()))
    ) {
      await store.revokeFamily(db, stored.family_id, clock.now().toISOString());
      throw new ApiError(
        'AUTH_REFRESH_TOKEN_REUSED',
        'This refresh token was already used; all sessions started from the same login are revoked. Log in again.',
      );
    }
    if (stored.expires_at < epochSeconds(clock)) throw badRefresh();
    const account = await store.findAccount(db, stored.account_id);
    if (!account?.active) throw badRefresh();
    await store.markAccountUsed(db, account.id, clock.now().toISOString());
    return issueSession(account, stored.family_id);
  }

  /** Ends the login a refresh token belongs to, whichever token of its family it is (used ones too). */
  async function logout(input: Static<typeof LogoutBody>) {
    const stored = await store.findRefreshToken(db, sha256Hex(input.refreshToken));
    if (!stored) throw badRefresh();
    await store.revokeFamily(db, stored.family_id, clock.now().toISOString());
  }

  async function loadAccountAccess(accountId: number): Promise<AccountAccess | null> {
    const account = await store.findAccount(db, accountId);
    if (!account) return null;
    const permissions = new Set(await store.listPermissions(db, accountId));
    return {
      active: account.active === 1,
      companyId: account.company_id,
      roleGroups: JSON.parse(account.role_groups) as string[],
      permits: (operationId) => permissions.has('*') || permissions.has(operationId),
    };
  }

  const resolver: Pick<AccessResolver, 'verifyToken' | 'accountAccess'> = {
    // The revocation is read from the database on every call, never cached: a logout on one node ends the token
    // on all of them at once.
    async verifyToken(token) {
      const verified = await verifyAccessToken(keys.jwt, token, clock.now());
      if (verified.status === 'invalid') return verified;
      if (verified.status === 'valid' && (await store.isFamilyRevoked(db, verified.claims.sessionId)))
        return { status: 'revoked' };
      return { status: verified.status, accountId: verified.claims.accountId };
    },
    // Permissions change rarely and are read on every call: a short cache keeps them off the hot path.
    async accountAccess(accountId) {
      const cached = permissionCache.get(accountId);
      if (cached) return cached.access;
      const access = await loadAccountAccess(accountId);
      permissionCache.set(accountId, { access });
      return access;
    },
  };

  return {
    login,
    refresh,
    logout,
    resolver,
    purgeExpired: () => store.purgeExpired(db, epochSeconds(clock), config.accessTokenTtlSeconds),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
