import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations.js';
import type { Session } from './session.js';

export interface RetryPolicy {
  /** Attempts after the first, for calls that are safe to repeat. */
  retries: number;
  /** A wait longer than this (Retry-After or backoff) is not waited: the answer is returned instead. */
  maxDelaySeconds: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Rate limited, or the server (its database, a partner) briefly unavailable. */
const RETRIED_STATUSES = new Set([429, 503]);
/** The access token was refused before the call did anything: one new token and one more try. */
const REFUSED_TOKEN_CODES = new Set(['AUTH_TOKEN_EXPIRED', 'AUTH_TOKEN_REVOKED']);

const idempotentOperations = IDEMPOTENT_OPERATIONS.map(([method, template]) => ({
  method,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** True when the operation keeps the first answer to an Idempotency-Key (money and enrollment calls). */
export function honoursIdempotencyKey(method: string, pathname: string): boolean {
  return idempotentOperations.some((op) => op.method === method && op.pattern.test(pathname));
}

/** Seconds to wait: the server's Retry-After (seconds or a date), else 0.5 s doubled per attempt. */
function delayOf(response: Response | null, attempt: number): number {
  const retryAfter = response?.headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  return 0.5 * 2 ** attempt;
}

async function refusedTokenCode(response: Response): Promise<string | undefined> {
  if (response.status !== 401) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code && REFUSED_TOKEN_CODES.has(body.code) ? body.code : undefined;
}

export interface TransportOptions {
  session: Session | null;
  fetch: typeof fetch;
  retry: RetryPolicy;
  sleep: (seconds: number) => Promise<void>;
}

/**
 * The fetch every SDK call goes through: the bearer token, an Idempotency-Key on the operations that honour one (the
 * same key on every attempt, so a retry is never done twice), and retries of calls that are safe to repeat.
 */
export function createTransport({ session, fetch: fetchImpl, retry, sleep }: TransportOptions) {
  return async function voltinFetch(input: Request): Promise<Response> {
    const headers = new Headers(input.headers);
    const idempotent = honoursIdempotencyKey(input.method, new URL(input.url).pathname);
    if (idempotent && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
    const template = new Request(input, { headers });
    const repeatable = SAFE_METHODS.has(template.method) || idempotent;
    let tokenRenewed = false;
    for (let attempt = 0; ; attempt++) {
      const request = template.clone();
      const token = session ? await session.accessToken() : null;
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      let response: Response | null = null;
      try {
        response = await fetchImpl(request);
      } catch (error) {
        if (!repeatable || attempt >= retry.retries || delayOf(null, attempt) > retry.maxDelaySeconds)
          throw error;
      }
      if (response && token && !tokenRenewed && (await refusedTokenCode(response))) {
        session!.refused(token);
        tokenRenewed = true;
        attempt--;
        await response.body?.cancel();
        continue;
      }
      if (response && !(repeatable && RETRIED_STATUSES.has(response.status))) return response;
      const delay = delayOf(response, attempt);
      if (response && (attempt >= retry.retries || delay > retry.maxDelaySeconds)) return response;
      await response?.body?.cancel();
      await sleep(delay);
    }
  };
}
