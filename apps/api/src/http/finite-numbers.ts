import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** Where a non-finite number hides in parsed input, e.g. "querystring.utilityId". */
function findNonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * "1e309" is a valid JSON number and a coercible query string, and becomes Infinity, which the schema validator
 * lets through; no Voltin field accepts it, so it is refused before any handler sees it.
 */
export function refuseNonFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const found =
      findNonFinite(request.params, 'params') ??
      findNonFinite(request.query, 'querystring') ??
      findNonFinite(request.body, 'body');
    if (found)
      throw new ApiError('VALIDATION_FAILED', 'The request is invalid.', [
        `${found}: must be a finite number`,
      ]);
  });
}
