import { signedLoginQuery } from './signing.js';

/** A web service account's API key and secret (Settings → Web Service Accounts). */
export interface Credentials {
  apiKey: string;
  apiSecret: string;
}

interface Tokens {
  token: string;
  refreshToken: string;
  /** When the access token stops working, in milliseconds since the epoch. */
  expiresAt: number;
}

/** How long before its expiry an access token is refreshed, so a call never leaves with one about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export class AuthenticationError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/**
 * The account's access token: logged in on first use, refreshed before it expires (the refresh token rotates), and
 * logged in again when the refresh is refused. Calls at the same moment share one login or refresh.
 */
export function createSession(baseUrl: string, credentials: Credentials, fetchImpl: typeof fetch) {
  let tokens: Tokens | null = null;
  let pending: Promise<Tokens> | null = null;

  async function authenticate(path: string, init: RequestInit): Promise<Tokens> {
    const startedAt = Date.now();
    const response = await fetchImpl(`${baseUrl}${path}`, init);
    const body = (await response.json().catch(() => null)) as {
      data?: { token: string; refreshToken: string; expiresIn: number };
      code?: string;
      message?: string;
    } | null;
    if (!response.ok || !body?.data)
      throw new AuthenticationError(response.status, body?.code, body?.message ?? `HTTP ${response.status}`);
    const { token, refreshToken, expiresIn } = body.data;
    return { token, refreshToken, expiresAt: startedAt + expiresIn * 1000 };
  }

  /**
   * Each signature is accepted once, and a signature names its second: another process of the same account that
   * logged in this second has used it. The next second's signature is a new one: a retry signs a later second than
   * the refused one even if the local clock has not reached it yet (the server accepts a few minutes either way).
   */
  async function login(attempt = 0, notBefore = 0): Promise<Tokens> {
    const seconds = Math.max(Math.floor(Date.now() / 1000), notBefore);
    const query = await signedLoginQuery(credentials.apiKey, credentials.apiSecret, seconds);
    try {
      return await authenticate(`/api/v1/auth/login?${new URLSearchParams(query)}`, { method: 'POST' });
    } catch (error) {
      if (!(error instanceof AuthenticationError && error.code === 'AUTH_SIGNATURE_REPLAYED') || attempt >= 3)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (seconds + 1) * 1000 - Date.now())));
      return login(attempt + 1, seconds + 1);
    }
  }

  async function refresh({ token, refreshToken }: Tokens): Promise<Tokens> {
    try {
      return await authenticate('/api/v1/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, refreshToken }),
      });
    } catch (error) {
      if (error instanceof AuthenticationError && error.status === 401) return login();
      throw error;
    }
  }

  function renew(): Promise<Tokens> {
    pending ??= (tokens ? refresh(tokens) : login())
      .then((fresh) => {
        tokens = fresh;
        return fresh;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    /** A token good for at least REFRESH_MARGIN_MS more. */
    async accessToken(): Promise<string> {
      if (tokens && tokens.expiresAt - REFRESH_MARGIN_MS > Date.now()) return tokens.token;
      return (await renew()).token;
    },
    /** The server refused `token` (expired or revoked early): the next call gets a new one. */
    refused(token: string): void {
      if (tokens?.token === token) tokens = { ...tokens, expiresAt: 0 };
    },
  };
}

export type Session = ReturnType<typeof createSession>;
