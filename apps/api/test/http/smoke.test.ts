import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';

const api = useTestApi();

describe('the server', () => {
  it('answers the health check without a token', async () => {
    const response = await api.call('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { status: 'ok', database: api.db.engine, version: '1.0' },
      succeeded: true,
      errors: [],
      message: 'OK',
    });
  });

  it('answers an unknown route with the envelope and 404', async () => {
    expectFailure(await api.call('GET', '/no-such-thing'), 404, 'ROUTE_NOT_FOUND');
  });
});
