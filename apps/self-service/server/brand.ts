import type { paths, VoltinClient } from '@voltin/sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { SiteConfig } from './config.js';
import { fail, succeed } from './envelope.js';

type Brand =
  paths['/api/v1/brands/{systemName}']['get']['responses'][200]['content']['application/json']['data'];

/** A brand changes rarely (the company file): read at most once a minute. */
const BRAND_TTL_MS = 60_000;

/** The brand this deployment shows: the one SELF_SERVICE_BRAND names, else the company's first active brand. */
export async function readBrand(voltin: VoltinClient, systemName: string | null): Promise<Brand | null> {
  if (systemName) {
    const { data } = await voltin.GET('/api/v1/brands/{systemName}', { params: { path: { systemName } } });
    return data?.data ?? null;
  }
  const { data } = await voltin.GET('/api/v1/brands');
  return data?.data.find((brand) => brand.active) ?? null;
}

export const brandRoutes: FastifyPluginAsync<{ voltin: VoltinClient; config: SiteConfig }> = async (
  app,
  { voltin, config },
) => {
  let cached: { brand: Brand; until: number } | null = null;
  app.get('/brand', async (_request, reply) => {
    if (!cached || cached.until < Date.now()) {
      const brand = await readBrand(voltin, config.brand);
      if (!brand)
        return fail(
          reply,
          503,
          'BRAND_NOT_FOUND',
          `The brand ${config.brand ?? '(first active)'} was not found.`,
        );
      cached = { brand, until: Date.now() + BRAND_TTL_MS };
    }
    return reply.header('cache-control', 'public, max-age=60').send(succeed(cached.brand));
  });
};
