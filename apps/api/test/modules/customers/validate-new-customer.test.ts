import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../../helpers/app.js';

const api = useTestApi({ backgroundTasks: false });

const validate = async (query: Record<string, string>) =>
  api.call('GET', '/customers/validate-new-customer', { token: await api.sandboxToken(), query });

describe('GET /customers/validate-new-customer', () => {
  it('accepts a free username and a new email', async () => {
    const response = await validate({ username: 'brand.new.user', email: 'brand.new@example.com' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ is_valid: true, errors: [], warnings: [] });
  });

  it('reports a taken username (any case), a bad username format and a bad email together', async () => {
    expect((await validate({ username: 'Demo.Customer', email: 'nope' })).body.data).toEqual({
      is_valid: false,
      errors: [
        { code: 'USERNAME_TAKEN', message: expect.stringMatching(/^username:/) },
        { code: 'EMAIL_INVALID', message: expect.stringMatching(/^email:/) },
      ],
      warnings: [],
    });
    expect((await validate({ username: 'a b' })).body.data.errors).toEqual([
      { code: 'USERNAME_INVALID', message: expect.stringMatching(/^username:/) },
    ]);
  });

  it('warns, without refusing, when another customer already uses the email', async () => {
    const response = await validate({ email: 'Demo.Customer@bluebonnet-energy.example' });
    expect(response.body.data).toEqual({
      is_valid: true,
      errors: [],
      warnings: [{ code: 'EMAIL_ALREADY_USED', message: expect.stringMatching(/^email:/) }],
    });
  });

  it('needs a username or an email', async () => {
    expectFailure(await validate({}), 400, 'VALIDATION_FAILED');
  });
});
