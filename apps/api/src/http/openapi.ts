import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CONTENT_TYPES, type FileKind } from '../domain/file-kinds.js';
import { byStatus, declareErrors } from './declared-errors.js';
import { ErrorEnvelope } from './envelope.js';
import { ERROR_CODES, type ErrorCode } from './errors.js';
import { OPERATION_EXAMPLES } from './openapi-examples.js';
import { STAFF_COOKIE } from './staff-access.js';

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

const RETRY_AFTER = {
  type: 'integer',
  minimum: 1,
  description: 'Seconds to wait before trying again.',
} as const;

/**
 * One response per status the operation can answer, naming its codes (the table in the description says what each
 * means). 429 always says in Retry-After how long to wait, 503 when it knows.
 */
function errorResponses(codes: readonly ErrorCode[]) {
  return Object.fromEntries(
    [...byStatus(codes)].map(([status, group]) => [
      status,
      {
        description: group.join(', '),
        ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        allOf: [{ $ref: 'ErrorEnvelope#' }],
      },
    ]),
  );
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

/** Each route that reads its file itself (schema.upload) documented with its multipart body, in both documents. */
const withUploadBodies: SwaggerTransform = ({ schema, url }) => ({
  url,
  schema: schema?.upload ? ({ ...schema, body: uploadBody(schema.upload) } as typeof schema) : schema,
});

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

const REQUEST_ID_HEADER = {
  description:
    'The id of this call, also in the logs (and in the envelope of an error as `requestId`): quote it to support.',
  schema: { type: 'string' },
};

interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema?: { type?: string }; example?: unknown }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses?: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { example?: unknown }> }
  >;
}

interface OpenApiPaths {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

/** A query value as its parameter's type: a URL carries `"1795000000"`, the schema says integer. */
const typed = (value: unknown, schema: { type?: string } = {}) =>
  (schema.type === 'integer' || schema.type === 'number') && typeof value === 'string'
    ? Number(value)
    : value;

/** Each operation's recorded sandbox call (`openapi-examples.ts`) as the examples of its parameters, body and answer. */
function withExamples(document: OpenApiPaths): OpenApiPaths {
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const example = operation.operationId ? OPERATION_EXAMPLES[operation.operationId] : undefined;
      if (!example) continue;
      for (const parameter of operation.parameters ?? []) {
        const values = parameter.in === 'path' ? example.request.path : example.request.query;
        if (values && parameter.name in values)
          parameter.example = typed(values[parameter.name], parameter.schema);
      }
      const json = operation.requestBody?.content['application/json'];
      if (json && example.request.body !== undefined) json.example = example.request.body;
      const upload = operation.requestBody?.content['multipart/form-data'];
      if (upload && example.request.file) upload.example = { file: example.request.file.name };
      const answer = operation.responses?.['200']?.content?.['application/json'];
      if (answer) answer.example = example.answer;
    }
  return document;
}

/** Every answer carries X-Request-Id (`app.ts` sets it): each response of the document says so. */
function withRequestIdHeaders(document: OpenApiPaths): OpenApiPaths {
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const response of Object.values(operation.responses ?? {}))
        response.headers = { 'X-Request-Id': REQUEST_ID_HEADER, ...response.headers };
  return document;
}

/** The document is served by the server it describes, whichever deployment that is; it is public (x-internal). */
const THIS_SERVER = {
  url: '/',
  description: 'This server: a local sandbox, a staging or a production deployment.',
  'x-internal': false,
};

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/**
 * Every integer says how wide it is (`int32` when its bounds fit, `int64` otherwise): the document only, the
 * server validates the bounds the schemas give.
 */
export function withIntegerFormats<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withIntegerFormats) as T;
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withIntegerFormats(value)]);
  const schema = Object.fromEntries(entries) as {
    type?: unknown;
    format?: string;
    minimum?: number;
    maximum?: number;
  };
  if (schema.type === 'integer' && schema.format === undefined) {
    const fits =
      (schema.minimum ?? -Infinity) >= INT32.minimum && (schema.maximum ?? Infinity) <= INT32.maximum;
    schema.format = fits ? 'int32' : 'int64';
  }
  return schema as T;
}

/** Each route's error responses are added to its schema as it is registered, from its declared codes. */
function documentErrors(app: FastifyInstance): void {
  app.addSchema(ErrorEnvelope);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide) return;
    schema.response = { ...errorResponses(declareErrors(route)), ...(schema.response as object) };
  });
}

const refResolver = {
  buildLocalReference: (json: { $id?: unknown }, _baseUri: unknown, _fragment: unknown, i: number) =>
    String(json.$id ?? `def-${i}`),
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  documentErrors(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: API_TITLE, version: API_VERSION, description: DESCRIPTION },
      servers: [THIS_SERVER],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'Access token from POST /api/v1/auth/login: a JWT following RFC8725 (HS256 only, the algorithm ' +
              'pinned on verification, expiry and issuer checked).',
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
    transform: withUploadBodies,
    // Only the OpenAPI 3 document is built (no `swagger` option).
    transformObject: (document) =>
      withExamples(
        withIntegerFormats(
          withRequestIdHeaders(
            literalUnionsAsEnums((document as { openapiObject: object }).openapiObject) as OpenApiPaths,
          ),
        ),
      ),
    refResolver,
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

export const OPS_API_TITLE = 'Voltin Operations Console API';

const OPS_DESCRIPTION = `The API of the Voltin Operations console, served on the console's own port under \`/ops/api/v1\`
(never on the public API's port). Staff sign in with \`POST /ops/api/v1/session\`, which sets an HttpOnly,
SameSite=Strict session cookie and answers a CSRF token; every call that changes something sends it back as
\`X-CSRF-Token\`. Each operation needs a permission of the signed-in roles. Answers use the envelope and error codes of
the public API:

| HTTP | code | meaning |
|---|---|---|
${errorTable}
`;

/** The console's own document (`/ops/api/v1/openapi.json`): the console's browser client is generated from it. */
export async function registerOpsOpenApi(app: FastifyInstance): Promise<void> {
  documentErrors(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: OPS_API_TITLE, version: API_VERSION, description: OPS_DESCRIPTION },
      servers: [{ ...THIS_SERVER, 'x-internal': true } as typeof THIS_SERVER],
      components: {
        securitySchemes: {
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: STAFF_COOKIE,
            description: 'The session cookie set by POST /ops/api/v1/session (and X-CSRF-Token on changes).',
          },
        },
      },
    },
    transform: withUploadBodies,
    transformObject: (document) =>
      withIntegerFormats(
        withRequestIdHeaders(
          literalUnionsAsEnums((document as { openapiObject: object }).openapiObject) as OpenApiPaths,
        ),
      ),
    refResolver,
  });
  app.get('/ops/api/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
