import { SIGNATURE_WINDOW_SECONDS } from '../../security/request-signing.js';
import {
  CONNECTOR_ERROR_CODES,
  CONTRACT_VERSION,
  ConnectorErrorBody,
  type ContractEndpoint,
} from './protocol.js';

/** The schema as plain JSON (TypeBox marks its objects with symbols, which JSON leaves out). */
const plain = (schema: object): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ConnectorError' } } },
});

/**
 * The OpenAPI 3.1 document of one connector contract, built from the same TypeBox schemas the client validates
 * answers with and the sandbox connector validates requests with: the published contract cannot drift from the code.
 */
export function contractDocument(options: {
  title: string;
  description: string;
  endpoints: readonly ContractEndpoint[];
}) {
  const paths = Object.fromEntries(
    options.endpoints.map((endpoint) => [
      endpoint.path,
      {
        post: {
          operationId: endpoint.operationId,
          summary: endpoint.summary,
          description: `${endpoint.description}\n\nIdempotency-Key: ${endpoint.idempotencyKey}`,
          security: [{ voltinSignature: [] }],
          parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: plain(endpoint.request) } },
          },
          responses: {
            '200': {
              description: 'The answer.',
              content: { 'application/json': { schema: plain(endpoint.response) } },
            },
            '4XX': errorResponse('Refused: Voltin does not retry (except 408, 409 and 429).'),
            '5XX': errorResponse(
              'Failed: Voltin retries with backoff, then treats the system as unavailable.',
            ),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: CONTRACT_VERSION, description: options.description },
    servers: [{ url: 'https://connector.supplier.example', description: "The connector's base URL." }],
    paths,
    components: {
      securitySchemes: {
        voltinSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Voltin-Signature',
          description: `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>"> keyed with the shared secret; refuse a timestamp more than ${SIGNATURE_WINDOW_SECONDS} s from your clock.`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
          description:
            'The same for every retry of one logical call: answer a repeated key with the first answer, without acting twice.',
        },
      },
      schemas: { ConnectorError: plain(ConnectorErrorBody) },
      'x-error-codes': Object.entries(CONNECTOR_ERROR_CODES).map(([code, entry]) => ({ code, ...entry })),
    },
  };
}
