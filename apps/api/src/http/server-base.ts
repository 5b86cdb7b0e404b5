import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Plugin } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config/index.js';
import { slowClientLimits } from './client-errors.js';
import { frameworkErrors, handleErrors } from './error-handler.js';
import { requestId } from './logging.js';
import { responsePolicy } from './response-policy.js';
import { schemaController } from './schema-compilers.js';
import { helmetOptions } from './security-headers.js';
import { refuseUnstorableValues } from './unstorable-values.js';

// ajv-formats types its options strictly; Fastify's plugin slot takes `unknown` options.
const ajvFormats = addFormats.default as unknown as Plugin<unknown>;

/**
 * What both of Voltin's HTTP servers (the public API and the Operations console) share: validation, request ids,
 * security headers, the environment header and no-store caching, compression, and the one error handler.
 */
export async function createHttpServer(
  config: Config,
  logger: { loggerInstance: FastifyBaseLogger } | { logger: object | boolean },
): Promise<FastifyInstance> {
  const app = Fastify({
    ...logger,
    genReqId: requestId,
    requestIdHeader: false,
    frameworkErrors,
    bodyLimit: config.bodyLimitBytes,
    ...slowClientLimits(config),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array' }, plugins: [ajvFormats] },
    schemaController,
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(helmet, helmetOptions(config));
  await app.register(responsePolicy, { mode: config.mode });
  // Brotli's default quality (11) is for compressing once at build time: on the fly it took 36 s for the docs site's
  // 3.5 MB search index. Quality 4 compresses it in 0.2 s to within 6 % of gzip's size.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  handleErrors(app);
  refuseUnstorableValues(app);
  return app;
}
