import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, handleErrors } from '../../src/http/error-handler.js';
import { expectFailure, useTestApi } from '../helpers/app.js';

const api = useTestApi();

describe('error answers', () => {
  it('answers malformed JSON with 400 MALFORMED_REQUEST in the envelope', async () => {
    expectFailure(await api.call('POST', '/auth/refresh', { body: '{"token": ' }), 400, 'MALFORMED_REQUEST');
  });

  it('answers an unsupported content type with 415', async () => {
    expectFailure(
      await api.call('POST', '/auth/refresh', {
        body: 'token=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('answers an oversized body with 413', async () => {
    const body = JSON.stringify({ token: 'x'.repeat(2_000_000), refreshToken: 'y' });
    expectFailure(await api.call('POST', '/auth/refresh', { body }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a wrong method on a known path with 404 ROUTE_NOT_FOUND', async () => {
    expectFailure(
      await api.call('DELETE', '/states', { token: await api.sandboxToken() }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });

  it('gives every response a request id, and keeps a sane one the caller sent', async () => {
    const generated = await api.call('GET', '/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.call('GET', '/health', { headers: { 'x-request-id': 'supplier-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('supplier-abc.123');
    const replaced = await api.call('GET', '/health', { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });

  it('names the request id in the envelope of every failure, as in its header, for support to find the call', async () => {
    const refused = await api.call('GET', '/customer-types', {
      headers: { 'x-request-id': 'supplier-call-7' },
    });
    expect(expectFailure(refused, 401, 'AUTH_REQUIRED').requestId).toBe('supplier-call-7');
    const unknown = await api.call('GET', '/no-such-endpoint');
    expect(expectFailure(unknown, 404, 'ROUTE_NOT_FOUND').requestId).toBe(
      unknown.headers.get('x-request-id'),
    );
    const malformed = await api.call('POST', '/auth/refresh', { body: '{"token": ' });
    expect(expectFailure(malformed, 400, 'MALFORMED_REQUEST').requestId).toBe(
      malformed.headers.get('x-request-id'),
    );
  });
});

describe('a database that cannot be reached', () => {
  /** What node-postgres throws while PostgreSQL restarts: refused connections, terminated sessions, lost sockets. */
  const failures: Record<string, Error> = {
    'connection refused': Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    }),
    'session ended by a shutdown (57P01)': Object.assign(
      new Error('terminating connection due to administrator command'),
      { code: '57P01' },
    ),
    'server starting up (57P03)': Object.assign(new Error('the database system is starting up'), {
      code: '57P03',
    }),
    'socket closed mid-query': new Error('Connection terminated unexpectedly'),
    'rollback on a lost connection': new Error('rollback failed', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
  };

  /** The answer of a route that throws `error`, through the API's error handler. */
  async function answerTo(error: Error) {
    const app = Fastify({ logger: false });
    handleErrors(app);
    app.get('/fails', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    return response;
  }

  it.each(Object.entries(failures))(
    'is answered 503 DATABASE_UNAVAILABLE with Retry-After: %s',
    async (_, error) => {
      const response = await answerTo(error);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', succeeded: false, data: null });
    },
  );

  it('does not hide a query the database refused: that stays a 500', async () => {
    const refused = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const response = await answerTo(refused);
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL_ERROR');
  });
});

describe('numbers that are not finite', () => {
  it('are refused wherever they appear, even though they parse as numbers', async () => {
    const token = await api.sandboxToken();
    const query = expectFailure(
      await api.call('GET', '/utilities/utility-information', { token, query: { utilityId: '1e309' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(query.errors).toEqual(['querystring.utilityId: must be a finite number']);
    const body = expectFailure(
      await api.call('POST', '/auth/refresh', { body: '{"token":"x","refreshToken":"y","n":1e309}' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.errors).toEqual(['body.n: must be a finite number']);
  });
});
