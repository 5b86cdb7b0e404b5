import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { failure } from './envelope.js';
import { consolePolicy, inlineScriptHashes } from './security-headers.js';

const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/;

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * Serves the built console (apps/console/dist): its files, and its one page for every other path (the console routes
 * in the browser). Unknown `/ops/api/...` paths, and the public API's, answer the API's 404. Nothing is served
 * when it is not built.
 */
export async function registerConsoleSite(app: FastifyInstance, options: { root: string }) {
  const root = path.resolve(options.root);
  const page = path.join(root, 'index.html');
  if (!existsSync(page)) {
    app.log.warn({ root }, 'Operations console not built; serving its API only (npm start builds it)');
    return;
  }
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  let scriptHashes: Promise<Set<string>> | undefined;
  const sendPage = async (reply: FastifyReply) => {
    scriptHashes ??= inlineScriptHashes(root);
    reply.helmet({ contentSecurityPolicy: consolePolicy(await scriptHashes) });
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const urlPath = request.url.split('?')[0]!;
      // An API path nobody answers here (the console's unknown ones, and the public API, which is on its own port).
      if (/^\/(ops\/)?api(\/|$)/.test(urlPath)) {
        return reply
          .status(404)
          .send(
            failure('ROUTE_NOT_FOUND', `No endpoint answers ${request.method} ${urlPath}.`, [], request.id),
          );
      }
      const target = path.resolve(root, `.${safeDecode(urlPath)}`);
      const inside = target.startsWith(`${root}${path.sep}`);
      if (inside && existsSync(target) && statSync(target).isFile() && !target.endsWith('.html')) {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return reply.sendFile(path.relative(root, target), root);
      }
      // An asset that is not there is a 404, not the page: a stale tab asking for an old chunk learns it at once.
      if (urlPath.startsWith('/assets/')) return reply.status(404).send('Not found');
      return sendPage(reply);
    },
  });
}
