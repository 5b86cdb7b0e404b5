import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual } from '../security/tokens.js';
import { failure } from './envelope.js';
import { docsSitePolicy, inlineScriptHashes } from './security-headers.js';

const HASHED_ASSET = /\/assets\/.+\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png|jpe?g|gif|webp|ttf|eot)$/;
const RAW_OPENAPI = /^\/api\/openapi\.(json|yaml)$/;

/** The file a clean URL stands for: the path itself, its folder's index.html, or X.html. */
function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const target = path.resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) return null;
  for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** "X.html" and "X/index.html" are the same page as "X": send the reader to the one address. */
function canonicalPath(urlPath: string): string | null {
  const stripped = urlPath.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (stripped === urlPath || urlPath === '/404.html') return null;
  return stripped === '' ? '/' : stripped;
}

function wantsRawDocument(request: FastifyRequest, format: 'json' | 'yaml'): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return false;
  return format === 'json'
    ? /application\/(json|\*)|\*\/\*/.test(accept) || accept === ''
    : /yaml|\*\/\*/.test(accept) || accept === '';
}

function basicAuthGuard(credentials: string) {
  const expected = `Basic ${Buffer.from(credentials).toString('base64')}`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!constantTimeEqual(request.headers.authorization ?? '', expected)) {
      return reply
        .header('www-authenticate', 'Basic realm="Voltin documentation"')
        .status(401)
        .send('Authentication required');
    }
  };
}

/**
 * Serves the built documentation site at "/" with its own not-found page, leaving /api/v1 and /Swagger to the API.
 * Nothing is registered when the site has not been built (the API alone still works).
 */
export async function registerDocsSite(
  app: FastifyInstance,
  options: { root: string; basicAuth: string | null },
) {
  const root = path.resolve(options.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'documentation site not built; serving the API only (npm start builds it)');
    return;
  }
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  const guard = options.basicAuth ? basicAuthGuard(options.basicAuth) : undefined;
  const notFoundPage = path.join(root, '404.html');
  // Read from the built pages once, on the first page served: a build without pages costs the API nothing.
  let scriptHashes: Promise<Set<string>> | undefined;
  /** Every page gets the policy of the whole site: a reader moving on within the site keeps the first page's. */
  const sendPage = async (reply: FastifyReply, file: string) => {
    scriptHashes ??= inlineScriptHashes(root).catch((error: unknown) => {
      scriptHashes = undefined; // read again on the next page rather than failing every page from now on
      throw error;
    });
    reply.helmet({ contentSecurityPolicy: docsSitePolicy(await scriptHashes) });
    return reply.sendFile(path.relative(root, file), root);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    ...(guard ? { onRequest: guard } : {}),
    handler: async (request, reply) => {
      const urlPath = request.url.split('?')[0]!;
      // The console's API is on the console's port only: this one answers it as a route that does not exist.
      if (/^(\/ops)?\/api\/v1(\/|$)/.test(urlPath)) {
        return reply
          .status(404)
          .send(
            failure('ROUTE_NOT_FOUND', `No endpoint answers ${request.method} ${urlPath}.`, [], request.id),
          );
      }
      const raw = RAW_OPENAPI.exec(urlPath);
      if (raw && wantsRawDocument(request, raw[1] as 'json' | 'yaml')) {
        return raw[1] === 'json'
          ? reply.type('application/json').send(app.swagger())
          : reply.type('application/yaml').send(app.swagger({ yaml: true }));
      }
      const canonical = canonicalPath(urlPath);
      if (canonical) {
        const query = request.url.slice(urlPath.length);
        return reply.redirect(`${canonical}${query}`, 301);
      }
      const file = resolveFile(root, urlPath);
      if (!file) {
        return sendPage(reply.status(404).header('cache-control', 'no-cache'), notFoundPage);
      }
      if (file.endsWith('.html')) return sendPage(reply.header('cache-control', 'no-cache'), file);
      reply.header(
        'cache-control',
        HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      return reply.sendFile(path.relative(root, file), root);
    },
  });
}
