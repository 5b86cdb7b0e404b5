import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/http/errors.js';
import { useTestApi } from '../helpers/app.js';

const api = useTestApi();

describe('the generated OpenAPI document', () => {
  it('is served raw at /Swagger/v1/swagger.json and validates as OpenAPI 3', async () => {
    const response = await api.call('GET', '/Swagger/v1/swagger.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.info.title).toBe('Voltin Operations Administration API');
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeTruthy();
  });

  it('tags, describes and secures every operation, and lists every route', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
      ([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(api.app.routeCatalogue.length);
    for (const { path, operation } of operations) {
      expect(path.startsWith('/api/v1/')).toBe(true);
      expect(operation.tags?.length, path).toBeGreaterThan(0);
      expect(operation.summary, path).toBeTruthy();
      expect(operation.operationId, path).toBeTruthy();
      expect(operation.responses['200'], path).toBeDefined();
      expect(operation.responses['500'], path).toBeDefined();
      for (const status of ['429', '503'])
        expect(operation.responses[status]?.headers?.['Retry-After'], `${path} ${status}`).toBeDefined();
    }
    const customerScoped = operations.find((o) => o.operation.operationId === 'getConfigurationParameters')!;
    expect(customerScoped.operation.security).toEqual([{ bearerAuth: [], customerHash: [] }]);
    const login = operations.find((o) => o.operation.operationId === 'authLogin')!;
    expect(login.operation.security).toEqual([{ hmacSignature: [] }]);
    expect(document.components.securitySchemes.hmacSignature).toMatchObject({
      in: 'query',
      name: 'signature',
    });
    const health = operations.find((o) => o.operation.operationId === 'health')!;
    expect(health.operation.security).toEqual([]);
    expect(document.components.securitySchemes.customerHash).toMatchObject({
      in: 'header',
      name: 'X-Customer-Hash',
    });
  });

  it('declares the multipart body of every upload, so a client can be generated for it', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const uploads = {
      '/api/v1/enrollments/{enrollmentId}/upload-credit-letter': 'application/pdf, image/png, image/jpeg',
      '/api/v1/prospects/{prospectId}/upload-document': 'application/pdf, image/png, image/jpeg',
      '/api/v1/prospects/pricing-matrix/import': 'text/csv',
    };
    for (const [path, types] of Object.entries(uploads)) {
      const { requestBody } = document.paths[path].post;
      expect(requestBody, path).toEqual({
        required: true,
        content: {
          'multipart/form-data': {
            example: { file: expect.any(String) },
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: {
                  type: 'string',
                  format: 'binary',
                  description: `One file: ${types}, judged by its content.`,
                },
              },
            },
          },
        },
      });
    }
  });

  it('declares a field that takes one of a fixed set of values as an enum', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const literalUnions: string[] = [];
    JSON.stringify(document, (key, value) => {
      if (
        Array.isArray(value?.anyOf) &&
        value.anyOf.every((option: { enum?: unknown[] }) => option.enum?.length === 1)
      )
        literalUnions.push(key);
      return value;
    });
    expect(literalUnions).toEqual([]);
    const create =
      document.paths['/api/v1/enrollments/create'].post.requestBody.content['application/json'].schema;
    expect(create.properties.switchType).toMatchObject({ type: 'string', enum: ['Switch', 'Move-In'] });
    expect(create.properties.commodityName).toMatchObject({ type: 'string', enum: ['Electric', 'Gas'] });
  });

  it('declares per operation each status it can answer and the codes it answers with', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const codesOf = (path: string, method: string) =>
      Object.fromEntries(
        Object.entries(document.paths[path][method].responses as Record<string, { description: string }>)
          .filter(([status]) => Number(status) >= 400)
          .map(([status, response]) => [status, response.description.split(', ')]),
      );
    expect(codesOf('/api/v1/auth/login', 'post')).toEqual({
      400: ['MALFORMED_REQUEST', 'VALIDATION_FAILED'],
      401: ['AUTH_INVALID_CREDENTIALS', 'AUTH_SIGNATURE_REPLAYED', 'AUTH_TIMESTAMP_OUT_OF_WINDOW'],
      404: ['NOT_FOUND'],
      429: ['RATE_LIMITED'],
      500: ['INTERNAL_ERROR'],
      503: ['DATABASE_UNAVAILABLE'],
    });
    const create = codesOf('/api/v1/enrollments/create', 'post');
    expect(create[409]).toEqual(expect.arrayContaining(['ENROLLMENT_DUPLICATE', 'IDEMPOTENCY_KEY_IN_USE']));
    expect(create[413]).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(create[415]).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    expect(create[422]).toEqual(expect.arrayContaining(['START_DATE_TOO_EARLY', 'CREDIT_SCORE_TOO_LOW']));
    // A read with nothing to conflict with declares no 409, and a customer's read its 403s.
    const statements = codesOf('/api/v1/billing/statements/{enrollId}', 'get');
    expect(statements[409]).toBeUndefined();
    expect(statements[403]).toEqual(['CUSTOMER_FORBIDDEN', 'PERMISSION_DENIED']);
    expect(statements[503]).toEqual(['DATABASE_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE']);
    expect(codesOf('/api/v1/customers/reset-password', 'post')[410]).toEqual([
      'RESET_TOKEN_EXPIRED',
      'RESET_TOKEN_USED',
    ]);
  });

  it('declares every code of the catalogue on the operations that answer it', async () => {
    // The public API's operations and the Operations console's (its own document, on its own port).
    const documents = [
      (await api.call('GET', '/Swagger/v1/swagger.json')).body,
      await (await fetch(new URL('/ops/api/v1/openapi.json', api.consoleUrl))).json(),
    ];
    const declared = new Set<string>();
    for (const document of documents)
      for (const operations of Object.values(document.paths as Record<string, Record<string, any>>))
        for (const operation of Object.values(operations))
          for (const [status, response] of Object.entries(operation.responses as Record<string, any>))
            if (Number(status) >= 400)
              for (const code of response.description.split(', ')) declared.add(code);
    expect(Object.keys(ERROR_CODES).filter((code) => !declared.has(code))).toEqual([
      'ROUTE_NOT_FOUND', // no operation: the path matched none
      'REQUEST_TIMEOUT', // the server's, before any operation is chosen
      'HEADERS_TOO_LARGE', // likewise
      'SIGNING_VIEW_LINK_INVALID', // the sandbox signing page, HTML for people, not an operation
      'PAYMENT_LINK_INVALID', // the hosted payment page, likewise
    ]);
  });

  it('says on every answer that it carries X-Request-Id', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>))
      for (const operation of Object.values(operations))
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>))
          expect(response.headers?.['X-Request-Id'], `${path} ${status}`).toBeDefined();
    const answer = await api.call('GET', '/health');
    expect(answer.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('requires what the server requires and types what it reads', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    const create =
      document.paths['/api/v1/enrollments/create'].post.requestBody.content['application/json'].schema;
    expect(create.properties.serviceAddress.required).toContain('ldcAccount');
    expect(create.properties.billingAddress.required).not.toContain('ldcAccount');
    expect(Object.keys(create.properties.payment.properties.creditCheckResult.properties)).toEqual(
      expect.arrayContaining(['id_credit_check', 'score', 'deposit_required']),
    );
    const prospect = document.paths['/api/v1/prospects'].post.requestBody.content['application/json'].schema;
    expect(prospect.properties.serviceAddress.properties.state.pattern).toBe('^[A-Z]{2}$');
    expect(prospect.properties.serviceAddress.properties.zipCode.pattern).toBe('^[0-9]{5}$');
  });

  it("declares the multipart body of an upload in the console's document too (its client is generated from it)", async () => {
    const document = await (await fetch(new URL('/ops/api/v1/openapi.json', api.consoleUrl))).json();
    const upload =
      document.paths['/ops/api/v1/pricing-matrices'].post.requestBody.content['multipart/form-data'];
    expect(upload.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('serves Swagger UI at /Swagger/index.html', async () => {
    const response = await fetch(`${api.baseUrl}/Swagger/index.html`);
    expect(response.status).toBe(200);
    expect(response.url.endsWith('/Swagger/')).toBe(true);
    expect(await response.text()).toContain('swagger-ui');
  });
});

describe('the error catalogue', () => {
  const source = path.resolve(import.meta.dirname, '../../src');
  const sourceFiles = (readdirSync(source, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && file !== path.join('http', 'errors.ts'))
    .map((file) => readFileSync(path.join(source, file), 'utf8'));

  it("is the error envelope's enum of codes in the document", async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    expect(document.components.schemas.ErrorEnvelope.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
  });

  it('lists only codes the server answers with', () => {
    const unused = Object.keys(ERROR_CODES).filter(
      (code) => !sourceFiles.some((text) => text.includes(`'${code}'`)),
    );
    expect(unused).toEqual([]);
  });
});
