import type { VoltinClient } from '@voltin/sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from './config.js';
import { fail, succeed } from './envelope.js';
import {
  EMPTY_SESSION,
  SESSION_COOKIE,
  SESSION_SECONDS,
  type SessionSealer,
  type SiteSession,
} from './session.js';

export interface SessionDeps {
  voltin: VoltinClient;
  sealer: SessionSealer;
  config: SiteConfig;
}

/** The session the request's cookie holds (none when it has no cookie or an altered or expired one). */
export const sessionOf = (sealer: SessionSealer, request: FastifyRequest) =>
  sealer.open(request.cookies[SESSION_COOKIE]);

/**
 * Seals the session into the cookie; an empty session clears it. Returns nothing: a Fastify reply is a thenable
 * that settles once sent, so awaiting one before sending would wait for ever.
 */
export async function saveSession(
  reply: FastifyReply,
  { sealer, config }: Pick<SessionDeps, 'sealer' | 'config'>,
  session: SiteSession,
): Promise<void> {
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  if (!session.customer) reply.clearCookie(SESSION_COOKIE, options);
  else reply.setCookie(SESSION_COOKIE, await sealer.seal(session), { ...options, maxAge: SESSION_SECONDS });
}

/** The client's address as the API's login throttle should see it (the site is a proxy in front of the API). */
export const forwardedFor = (request: FastifyRequest) => ({ 'x-forwarded-for': request.ip });

/**
 * Signs a customer in with the API's customer login (the answer, a 401 or a 429 with Retry-After, is passed on) and
 * keeps their id and hash in the session.
 */
export async function signIn(
  deps: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { username: string; password: string },
) {
  const { data, error, response } = await deps.voltin.POST('/api/v1/customers/login', {
    body: credentials,
    headers: forwardedFor(request),
  });
  if (!data) {
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    return { signedIn: false as const, status: response.status, error };
  }
  const customer = { id: data.data.customerId, hash: data.data.customerHash };
  await saveSession(reply, deps, { customer });
  return { signedIn: true as const, customerId: customer.id };
}

const who = (session: SiteSession) => ({ customerId: session.customer?.id ?? null });

export const sessionRoutes: FastifyPluginAsync<SessionDeps> = async (app, deps) => {
  app.get('/session', async (request) => succeed(who(await sessionOf(deps.sealer, request))));

  app.post<{ Body: { username?: unknown; password?: unknown } }>('/session', async (request, reply) => {
    const { username, password } = request.body ?? {};
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password)
      return fail(reply, 400, 'VALIDATION_FAILED', 'Enter your username and password.');
    const result = await signIn(deps, request, reply, { username, password });
    if (!result.signedIn) return reply.code(result.status).send(result.error);
    return succeed({ customerId: result.customerId });
  });

  app.delete('/session', async (_request, reply) => {
    await saveSession(reply, deps, EMPTY_SESSION);
    return succeed(who(EMPTY_SESSION));
  });
};
