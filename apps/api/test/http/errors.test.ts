import { describe, expect, it } from 'vitest';
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
