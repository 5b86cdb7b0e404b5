import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** Whether a text holds a NUL character, which PostgreSQL cannot store in text and SQLite would keep. */
export const containsNul = (text: string): boolean => text.includes('\u0000');

export const NUL_PROBLEM = 'must not contain NUL (\\u0000) characters';

/** Why a parsed value cannot be stored, or null: a number that is not finite, a text with NUL in it. */
function problemOf(value: unknown): string | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return 'must be a finite number';
  if (typeof value === 'string' && containsNul(value)) return NUL_PROBLEM;
  return null;
}

/** Where an unstorable value hides in parsed input, e.g. "querystring.utilityId: must be a finite number". */
function findUnstorable(value: unknown, path: string, depth = 0): string | null {
  const problem = problemOf(value);
  if (problem) return `${path}: ${problem}`;
  // Far deeper than any Voltin body; the bound keeps a hostile nesting from exhausting the stack.
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorable(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Values the schema validator lets through but no Voltin field accepts, refused before any handler sees them:
 * "1e309" is a valid JSON number and a coercible query string, and becomes Infinity; "\u0000" is a valid JSON string
 * escape and a decodable %00 in a URL, and PostgreSQL refuses it in text (a 500) where SQLite would store it. One
 * hook over the parsed params, query and body covers every route and field, which a schema keyword would only do if
 * every string schema remembered to carry it; the answer is the same 400 on both databases.
 */
export function refuseUnstorableValues(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const found =
      findUnstorable(request.params, 'params') ??
      findUnstorable(request.query, 'querystring') ??
      findUnstorable(request.body, 'body');
    if (found) throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', [found]);
  });
}
