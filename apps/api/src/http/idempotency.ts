import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/schema.js';
import { type Clock, epochSeconds } from '../domain/clock.js';
import { ApiError } from './errors.js';
import * as store from './idempotency-store.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key is kept: a retry within this answers the first call's answer; afterwards the key is free. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/** Answers that decided nothing and say "ask again": the key is released for the retry instead of replaying them. */
const ASK_AGAIN_CODES = new Set(['PAYMENT_IN_PROGRESS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POSTs that move money or create records take an Idempotency-Key (docs: Voltin API, Idempotency). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The claim this call runs under, when it sent an Idempotency-Key. */
    idempotencyClaim: { id: number } | null;
  }
}

/**
 * The key a service stores with what it created (a charge, an enrollment) so that a retry after a 5xx finds it instead
 * of doing it again: one per claim, so it is per company and caller like the claim, and a key reused after it expired
 * starts afresh.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  return request.idempotencyClaim ? `idempotency-${request.idempotencyClaim.id}` : undefined;
}

/** The header's length is checked with the route's other input (its schema, below). */
const headerKey = (request: FastifyRequest): string | undefined =>
  request.headers['idempotency-key'] as string | undefined;

/** Who the key belongs to: the web service account, and the customer when the call carries a customer hash. */
function callerScope(request: FastifyRequest): { companyId: number; caller: string } {
  const caller = request.caller!;
  const account = `account:${caller.accountId}`;
  const customer = request.customerSession;
  return {
    companyId: caller.companyId,
    caller: customer ? `${account}/customer:${customer.customerId}` : account,
  };
}

/** JSON with object keys sorted, so the same request serialized in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprint(request: FastifyRequest) {
  return {
    method: request.method,
    path: request.url.split('?')[0]!,
    request_hash: createHash('sha256')
      .update(canonicalJson({ query: request.query ?? null, body: request.body ?? null }))
      .digest('hex'),
  };
}

type Claim = { run: number } | { replay: { status: number; body: string } };

const inUse = () =>
  new ApiError(
    'IDEMPOTENCY_KEY_IN_USE',
    'The first request with this Idempotency-Key is still running; ask again shortly for its answer.',
  );

/**
 * Claims the key for this request. The claim is an INSERT that wins or loses on the unique (company, caller, key); the
 * loser reads what won: another request (422), a kept answer (replayed), a call still running (409), or a key
 * released by a 5xx, which one retry takes over with a conditional update.
 */
async function claim(
  { db, leaseSeconds, clock }: IdempotencyOptions,
  scope: { companyId: number; caller: string },
  key: string,
  request: ReturnType<typeof fingerprint>,
): Promise<Claim> {
  // A second round only after deleting an expired row that the purge task has not reached yet.
  for (let round = 0; round < 2; round++) {
    const now = epochSeconds(clock);
    const inserted = await store.insertClaim(db, {
      company_id: scope.companyId,
      caller: scope.caller,
      key,
      ...request,
      response_status: null,
      response_body: null,
      locked_until: now + leaseSeconds,
      expires_at: now + IDEMPOTENCY_KEY_TTL_SECONDS,
      created_at: new Date(now * 1000).toISOString(),
    });
    if (inserted !== undefined) return { run: inserted };
    const held = await store.findClaim(db, scope, key);
    if (!held) continue;
    if (held.expires_at <= now) {
      await store.deleteExpiredClaim(db, held.id, now);
      continue;
    }
    if (
      held.method !== request.method ||
      held.path !== request.path ||
      held.request_hash !== request.request_hash
    ) {
      throw new ApiError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for another request; use a new key for a new request.',
        [`headers.idempotency-key: first used for ${held.method} ${held.path} with another query or body`],
      );
    }
    if (held.response_status !== null)
      return { replay: { status: held.response_status, body: held.response_body ?? '' } };
    if (held.locked_until > now) throw inUse();
    if (await store.takeOverClaim(db, held.id, held.locked_until, now + leaseSeconds))
      return { run: held.id };
    throw inUse();
  }
  throw inUse();
}

function asksAgain(status: number, payload: string): boolean {
  if (status >= 500 || status === 429) return true;
  if (status !== 409) return false;
  try {
    return ASK_AGAIN_CODES.has((JSON.parse(payload) as { code?: string }).code ?? '');
  } catch {
    return false;
  }
}

/** Keeps the answer for the retries, or releases the key when the answer decided nothing (5xx, busy). */
async function settle(db: Kysely<Database>, claimId: number, reply: FastifyReply, payload: unknown) {
  const keep = typeof payload === 'string' && !asksAgain(reply.statusCode, payload);
  await store.settleClaim(
    db,
    claimId,
    keep
      ? { response_status: reply.statusCode, response_body: payload as string, locked_until: 0 }
      : { locked_until: 0 },
  );
}

export async function purgeExpiredIdempotencyKeys(db: Kysely<Database>, clock: Clock): Promise<void> {
  await store.deleteClaimsExpiredBy(db, epochSeconds(clock));
}

function isIdempotent(route: Pick<RouteOptions, 'config'>): boolean {
  return (route.config as { idempotent?: boolean } | undefined)?.idempotent === true;
}

const headerSchema = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    description: `Makes a retry safe: the same key again (within 24 hours, same caller) answers the first answer instead of doing it twice. At most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
  }),
);

/** Documents the header on the route (OpenAPI); the hook below checks it. */
function declareHeader(route: RouteOptions) {
  const schema = (route.schema ?? {}) as { headers?: { properties?: Record<string, unknown> } };
  schema.headers = schema.headers
    ? { ...schema.headers, properties: { ...schema.headers.properties, 'idempotency-key': headerSchema } }
    : Type.Object({ 'idempotency-key': headerSchema });
  route.schema = schema as RouteOptions['schema'];
}

/**
 * Idempotency-Key for the routes that opt in with `config: { idempotent: true }`: registered after access control and
 * before any route. Runs once the caller is known and the body validated; the answer is kept as it is sent.
 * `leaseSeconds`: how long a running call holds its key, longer than any call takes (gateway and billing calls time
 * out well within it); past it, a call that died without answering (process crash, database lost) no longer blocks
 * the client's retry.
 */
interface IdempotencyOptions {
  db: Kysely<Database>;
  leaseSeconds: number;
  /** Where the 24-hour expiry and the lease are measured from. */
  clock: Clock;
}

export const idempotencyKeys = fp<IdempotencyOptions>(async (app: FastifyInstance, options) => {
  const { db } = options;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRoute', (route) => {
    if (!isIdempotent(route)) return;
    if ((route.config as { access?: string } | undefined)?.access === 'public')
      throw new Error(
        `Route ${route.method} ${route.url} takes an Idempotency-Key but has no caller to scope it`,
      );
    declareHeader(route);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!isIdempotent(request.routeOptions)) return;
    const key = headerKey(request);
    if (key === undefined) return;
    const outcome = await claim(options, callerScope(request), key, fingerprint(request));
    if ('run' in outcome) {
      request.idempotencyClaim = { id: outcome.run };
      return;
    }
    return reply
      .code(outcome.replay.status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(outcome.replay.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.idempotencyClaim) return payload;
    try {
      await settle(db, request.idempotencyClaim.id, reply, payload);
    } catch (error) {
      // The answer still goes out; the claim's lease runs out and the client's retry runs again.
      request.log.warn({ err: error }, 'the Idempotency-Key answer could not be kept');
    }
    return payload;
  });
});
