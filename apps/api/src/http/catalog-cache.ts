import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StampedCache } from '../db/change-stamps.js';
import { callerOf } from './access.js';

/**
 * Answers built only from the plan-shopping catalogue, kept serialized in the catalogue's stamped cache
 * (db/change-stamps.ts): every write to the catalogue, on any node, bumps the stamp, so a kept answer is served only
 * while the database still holds what it was built from. The key leaves out the request's Host: links in the answers
 * start with PUBLIC_BASE_URL, so a forged Host neither changes an answer nor adds entries to the cache.
 */
export async function replyFromCatalog(
  catalog: StampedCache,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
): Promise<void> {
  const key = `reply ${callerOf(request).companyId} ${request.url}`;
  const body = await catalog.get(key, async () => reply.serialize(await load()) as string);
  await reply.type('application/json; charset=utf-8').send(body);
}
