import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from './access.js';

/** Serialized answers kept per node; a hot wizard list is at most this many distinct URLs per company. */
const MAX_ENTRIES = 500;
/** Answers carry signed document links valid for 24 hours; an hour-old answer still leaves them 23. */
const MAX_AGE_MS = 3_600_000;

interface Entry {
  stamp: number;
  body: string;
  cachedAt: number;
}

/**
 * Answers built only from the plan-shopping catalogue, cached serialized. Each call reads the catalogue's change
 * stamp (db/change-stamps.ts), which every write to the catalogue bumps on any node, so a cached answer is served
 * only while the database still holds what it was built from. The key holds the UTC day, because "on sale today"
 * changes at midnight, and the host, because document links point back at it.
 */
export function createCatalogCache(currentStamp: () => Promise<number>) {
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry): void {
    entries.delete(key);
    // A Map iterates in insertion order: the first key is the least recently stored.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  }

  function keyOf(request: FastifyRequest): string {
    const day = new Date().toISOString().slice(0, 10);
    return `${callerOf(request).companyId} ${day} ${request.protocol}://${request.host}${request.url}`;
  }

  return {
    /** Sends the cached answer of this request, or builds it with `load`, serialized by the route's schema. */
    async reply(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>): Promise<void> {
      const key = keyOf(request);
      const stamp = await currentStamp();
      const cached = entries.get(key);
      let body: string;
      if (cached?.stamp === stamp && Date.now() - cached.cachedAt < MAX_AGE_MS) body = cached.body;
      else {
        body = reply.serialize(await load()) as string;
        remember(key, { stamp, body, cachedAt: Date.now() });
      }
      await reply.type('application/json; charset=utf-8').send(body);
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
