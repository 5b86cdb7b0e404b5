import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Mode } from '../config/index.js';

/** The public API's and the Operations console's. */
const API_PATH = /^(\/ops)?\/api\/v1(\/|\?|$)/;

/**
 * A route may choose its own caching only for a successful answer that needs no credentials (the catalogue's plan
 * documents behind their signed links). Everything else of the API carries personal or payment data or answers
 * for one caller, errors included: no cache on the way may keep it.
 */
function keepsItsOwnCaching(request: FastifyRequest, reply: FastifyReply): boolean {
  const { access } = request.routeOptions.config as { access?: string };
  return access === 'public' && reply.statusCode < 400 && reply.hasHeader('cache-control');
}

/**
 * The one owner of two rules on answers: `Cache-Control: no-store` on the API (unless the exception above), and
 * `Voltin-Environment: sandbox|production` on every answer of the server, so a sandbox is never taken for the real
 * thing by a client, a monitor or a person reading a trace.
 */
export const responsePolicy = fp<{ mode: Mode }>(async (app: FastifyInstance, { mode }) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('voltin-environment', mode);
    if (API_PATH.test(request.url) && !keepsItsOwnCaching(request, reply)) {
      reply.header('cache-control', 'no-store');
    }
  });
});
