import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorEnvelope } from './envelope.js';
import { ERROR_CODES } from './errors.js';
import { CONTENT_TYPES, type FileKind } from './uploads.js';

export const API_TITLE = 'Voltin Operations Administration API';
export const API_VERSION = '1.0';

const errorTable = Object.entries(ERROR_CODES)
  .map(([code, { status, description }]) => `| ${status} | \`${code}\` | ${description} |`)
  .join('\n');

const DESCRIPTION = `The Voltin platform API for retail electricity and gas suppliers.

Every response is an envelope: \`data\`, \`succeeded\`, \`errors\` (list of strings) and \`message\`; paged lists add
\`pageNumber\`, \`pageSize\`, \`totalPages\` and \`totalRecords\`. A failure also carries \`code\`:

| HTTP | code | meaning |
|---|---|---|
${errorTable}
`;

/** Every 429 says in Retry-After how long to wait. */
const RATE_LIMITED_RESPONSE = {
  description: 'RATE_LIMITED: too many attempts.',
  headers: {
    'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again.' },
  },
  allOf: [{ $ref: 'ErrorEnvelope#' }],
};

/** The database or a partner did not answer: retrying is safe, and Retry-After says when (with DATABASE_UNAVAILABLE). */
const UNAVAILABLE_RESPONSE = {
  description:
    'DATABASE_UNAVAILABLE or UPSTREAM_UNAVAILABLE: the database or an external system did not answer. Retry, with ' +
    'the same Idempotency-Key where the operation takes one.',
  headers: {
    'Retry-After': {
      type: 'integer',
      minimum: 1,
      description: 'Seconds to wait before retrying (sent with DATABASE_UNAVAILABLE).',
    },
  },
  allOf: [{ $ref: 'ErrorEnvelope#' }],
};

/** Error responses every route documents, by how it is called. */
function errorResponses(access: 'public' | 'account' | 'customer', hasInput: boolean) {
  const ref = { $ref: 'ErrorEnvelope#' };
  const statuses = [...(hasInput ? [400] : []), ...(access === 'public' ? [] : [401, 403]), 404, 500];
  return {
    ...Object.fromEntries(statuses.map((status) => [status, ref])),
    429: RATE_LIMITED_RESPONSE,
    503: UNAVAILABLE_RESPONSE,
  };
}

/** The multipart body of a route that reads one uploaded file itself (schema.upload), for the document only. */
function uploadBody(kinds: FileKind[]) {
  return Type.Object({
    file: Type.String({
      format: 'binary',
      description: `One file: ${kinds.map((kind) => CONTENT_TYPES[kind]).join(', ')}, judged by its content.`,
    }),
  });
}

type Json = unknown;
const isSingleValue = (schema: Json): schema is { type: string; enum: [unknown] } =>
  typeof schema === 'object' &&
  schema !== null &&
  Array.isArray((schema as { enum?: unknown }).enum) &&
  (schema as { enum: unknown[] }).enum.length === 1;

/**
 * A TypeBox union of literals is an `anyOf` of one-value schemas, which renderers and generators show as bare
 * strings. Declared as one `enum` of its values instead (the server validates the same union either way).
 */
export function literalUnionsAsEnums(node: Json): Json {
  if (Array.isArray(node)) return node.map(literalUnionsAsEnums);
  if (typeof node !== 'object' || node === null) return node;
  const { anyOf, ...rest } = node as { anyOf?: Json[] };
  const types = new Set(anyOf?.map((option) => isSingleValue(option) && option.type));
  if (anyOf && anyOf.length > 1 && anyOf.every(isSingleValue) && types.size === 1) {
    return { ...rest, type: [...types][0], enum: anyOf.map((option) => option.enum[0]) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, literalUnionsAsEnums(value)]));
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorEnvelope);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide) return;
    const access =
      (route.config as { access?: 'public' | 'account' | 'customer' } | undefined)?.access ?? 'account';
    const hasInput = Boolean(schema.querystring || schema.body || schema.params);
    schema.response = { ...errorResponses(access, hasInput), ...(schema.response as object) };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: API_TITLE, version: API_VERSION, description: DESCRIPTION },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from POST /api/v1/auth/login.',
          },
          hmacSignature: {
            type: 'apiKey',
            in: 'query',
            name: 'signature',
            description:
              'The signed login of a web service account (POST /api/v1/auth/login): `token` is the API key, ' +
              '`timestamp` the current Unix seconds, and `signature` the lowercase hex HMAC-SHA256, keyed with ' +
              'the account secret, of `token + ":" + timestamp`. Each signature is accepted once, within 300 ' +
              'seconds of server time.',
          },
          customerHash: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Customer-Hash',
            description:
              'Customer hash from POST /api/v1/customers/login; required on customer-scoped calls.',
          },
        },
      },
    },
    transform: ({ schema, url }) => ({
      url,
      schema: schema?.upload ? ({ ...schema, body: uploadBody(schema.upload) } as typeof schema) : schema,
    }),
    // Only the OpenAPI 3 document is built (no `swagger` option).
    transformObject: (document) =>
      literalUnionsAsEnums((document as { openapiObject: object }).openapiObject) as object,
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/Swagger',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/Swagger/index.html', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/Swagger/'),
  );
  app.get('/Swagger/v1/swagger.json', { schema: { hide: true } }, () => app.swagger());
}
