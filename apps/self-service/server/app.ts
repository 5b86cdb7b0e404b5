import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { createVoltinClient, type VoltinClient } from '@voltin/sdk';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { brandRoutes } from './brand.js';
import type { SiteConfig } from './config.js';
import { fail } from './envelope.js';
import { proxyRoutes } from './proxy.js';
import { createSessionSealer } from './session.js';
import { sessionRoutes } from './session-routes.js';

/** The built browser app (vite build), beside this compiled server. */
const defaultStaticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * Sent by the site's own pages on every change. A page of another site can make a browser send the cookie with a
 * plain form post, but cannot add a header without the browser asking this server first (CORS), which it refuses.
 */
export const SITE_REQUEST_HEADER = 'x-voltin-site';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Where the gateway's form tells the site what happened (public/payment-communicator.html). */
const COMMUNICATOR_PAGE = 'payment-communicator.html';

/** Gateways whose hosted card form the site frames: Authorize.Net's Accept Customer pages (production and test). */
const GATEWAY_FORM_ORIGINS = ['https://accept.authorize.net', 'https://test.authorize.net'];

export interface SiteOptions {
  /** The SDK client to call the API with (tests pass one with their own fetch); default: one for config.apiUrl. */
  voltin?: VoltinClient;
  staticDir?: string;
  /** Where the log goes (default: standard output); false: nowhere. */
  logStream?: NodeJS.WritableStream | false;
}

/**
 * The self-service site's server: the built React app, and under `/site/api` the few calls its pages make — the
 * brand, the customer's session, and an allowlisted pass-through to the public API, made with @voltin/sdk as the
 * site's web service account (whose credentials never reach the browser).
 */
export async function buildSite(config: SiteConfig, options: SiteOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logStream === false
        ? false
        : {
            level: process.env.LOG_LEVEL ?? 'info',
            ...(options.logStream ? { stream: options.logStream } : {}),
            // The wizard's checks carry personal data in their query string (a customer's fields, an SSN to
            // validate): a request is logged by its method and path alone, never with its headers (the cookie).
            serializers: {
              req: (request: { method: string; url: string }) => ({
                method: request.method,
                path: request.url.split('?')[0],
              }),
            },
          },
    trustProxy: process.env.SELF_SERVICE_TRUST_PROXY === 'true',
    bodyLimit: 12 * 1_048_576,
  });
  const voltin =
    options.voltin ?? createVoltinClient({ baseUrl: config.apiUrl, credentials: config.credentials });
  const sealer = createSessionSealer(config.sessionSecret);
  const apiOrigins = [...new Set([config.apiUrl, config.apiPublicUrl].map((url) => new URL(url).origin))];

  await app.register(fastifyHelmet, {
    hsts: config.secureCookies ? { maxAge: 365 * 86_400, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects its CSS variables at run time; a style cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...apiOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The payment gateway's hosted card form is framed, and its token is posted to it.
        frameSrc: [...apiOrigins, ...GATEWAY_FORM_ORIGINS],
        formAction: ["'self'", ...apiOrigins, ...GATEWAY_FORM_ORIGINS],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
  // The API's envelopes are compressed on the fly; the built assets come compressed already (content-encoding set).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: 10 * 1_048_576 } });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/site/')) return;
    if (request.headers[SITE_REQUEST_HEADER] !== '1')
      return fail(
        reply,
        403,
        'SITE_HEADER_REQUIRED',
        `Changes must come from the site's pages (${SITE_REQUEST_HEADER}).`,
      );
  });

  const shared = { voltin, sealer, config };
  await app.register(brandRoutes, { prefix: '/site/api', ...shared });
  await app.register(sessionRoutes, { prefix: '/site/api', ...shared });
  await app.register(proxyRoutes, { prefix: '/site', ...shared });

  // The API cannot be reached (after the SDK's retries): the customer is told to try again, nothing else leaks.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error.statusCode && error.statusCode < 500)
      return fail(reply, error.statusCode, 'VALIDATION_FAILED', error.message);
    request.log.error({ err: error }, 'the site could not answer');
    return fail(
      reply,
      503,
      'UPSTREAM_UNAVAILABLE',
      'The service is unavailable right now. Try again in a moment.',
    );
  });

  // The communicator page is framed by the gateway's form, itself framed by the site's page: its ancestors include
  // the gateway's origin, which the site's own pages never let frame them.
  const communicatorPolicy = [
    "default-src 'none'",
    "script-src 'self'",
    `frame-ancestors 'self' ${[...apiOrigins, ...GATEWAY_FORM_ORIGINS].join(' ')}`,
  ].join('; ');
  const staticDir = options.staticDir ?? defaultStaticDir;
  if (existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      // The build wrote .br and .gz beside each asset (vite.config.ts): sent as they are, never compressed again.
      preCompressed: true,
      // Caching is decided below, file by file.
      cacheControl: false,
      // Built files carry their content's hash in their name: a browser may keep them for good.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        if (path.basename(filePath) === COMMUNICATOR_PAGE)
          res.setHeader('content-security-policy', communicatorPolicy);
      },
    });
    // Every page of the app is the same index.html: the browser's router draws the page the address names.
    const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    app.get('/', (_request, reply) => page(reply));
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || /^\/(site|assets)\//.test(request.url))
        return fail(reply, 404, 'NOT_FOUND', 'There is nothing at this address.');
      return page(reply);
    });
  } else {
    app.log.warn(`${staticDir} has no index.html: build the site (npm run build -w @voltin/self-service)`);
  }
  return app;
}
