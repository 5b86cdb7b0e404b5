import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { BRAND_LOGO_FILE, BRAND_LOGO_PATH } from '../domain/branding.js';

/** apps/api/brand-logos, from src/http or dist/http alike. */
const LOGOS_DIR = fileURLToPath(new URL('../../brand-logos/', import.meta.url));
const LOGO_FILE = new RegExp(`^${BRAND_LOGO_FILE}$`);
const CONTENT_TYPES = { svg: 'image/svg+xml', png: 'image/png' } as const;

/**
 * Serves the brand logos kept with Voltin (a brand's `logo_url` may name one) on the public port, to anyone: a
 * brand's site on another origin shows them, so they may be embedded cross-origin. An SVG opened on its own runs
 * no script and loads nothing (its policy). A name that is not a logo file there is the API's usual not-found.
 */
export async function registerBrandLogos(app: FastifyInstance, dir = LOGOS_DIR): Promise<void> {
  app.get<{ Params: { file: string } }>(
    `${BRAND_LOGO_PATH}:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!LOGO_FILE.test(file)) return reply.callNotFound();
      const bytes = await readFile(`${dir}${file}`).catch(() => null);
      if (!bytes) return reply.callNotFound();
      return reply
        .type(CONTENT_TYPES[file.endsWith('.svg') ? 'svg' : 'png'])
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(bytes);
    },
  );
}
