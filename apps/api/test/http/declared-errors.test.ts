import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { errorCodesOf, type UndeclaredAnswer, watchDeclaredAnswers } from '../../src/http/declared-errors.js';
import { handleErrors } from '../../src/http/error-handler.js';
import { ApiError, type ErrorCode } from '../../src/http/errors.js';
import { registerOpenApi } from '../../src/http/openapi.js';

/** A public operation that declares DEPOSIT_NOT_DUE and answers with whatever code it is asked for. */
async function appWatched() {
  const app = Fastify({ logger: false });
  handleErrors(app);
  await registerOpenApi(app);
  const reported: UndeclaredAnswer[] = [];
  watchDeclaredAnswers(app, (answer) => reported.push(answer));
  app.get(
    '/pay/:code',
    {
      config: { access: 'public', errors: ['DEPOSIT_NOT_DUE'] },
      schema: {
        params: Type.Object({ code: Type.String() }),
        response: { 200: Type.Object({ ok: Type.Boolean() }) },
      },
    },
    async (request) => {
      const { code } = request.params as { code: string };
      if (code === 'none') return { ok: true };
      throw new ApiError(code as ErrorCode, 'asked for');
    },
  );
  await app.ready();
  const answer = async (code: string) =>
    (await app.inject({ method: 'GET', url: `/pay/${code}` })).statusCode;
  return { app, reported, answer };
}

describe('the codes an operation declares', () => {
  it('are those of every operation of its kind and its own', () => {
    expect(
      errorCodesOf({ schema: { params: {} }, config: { access: 'public', errors: ['DEPOSIT_NOT_DUE'] } }),
    ).toEqual([
      'DATABASE_UNAVAILABLE',
      'DEPOSIT_NOT_DUE',
      'INTERNAL_ERROR',
      'MALFORMED_REQUEST',
      'NOT_FOUND',
      'RATE_LIMITED',
      'VALIDATION_FAILED',
    ]);
    const customerPost = errorCodesOf({
      schema: { body: {} },
      config: { access: 'customer', idempotent: true },
    });
    expect(customerPost).toEqual(
      expect.arrayContaining([
        'AUTH_REQUIRED',
        'CUSTOMER_HASH_REQUIRED',
        'CUSTOMER_FORBIDDEN',
        'IDEMPOTENCY_KEY_IN_USE',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
      ]),
    );
  });
});

describe('the watch on answers', () => {
  it('lets declared answers through and reports the others with their route, status and code', async () => {
    const { app, reported, answer } = await appWatched();
    expect(await answer('none')).toBe(200);
    expect(await answer('DEPOSIT_NOT_DUE')).toBe(409);
    expect(await answer('NOT_FOUND')).toBe(404);
    expect(reported).toEqual([]);

    // Another code of a status the operation declares is still undeclared, as is a status it does not.
    expect(await answer('ENROLLMENT_STATUS_CONFLICT')).toBe(409);
    expect(await answer('PAYMENT_DECLINED')).toBe(422);
    expect(reported).toEqual([
      { method: 'GET', route: '/pay/:code', status: 409, code: 'ENROLLMENT_STATUS_CONFLICT' },
      { method: 'GET', route: '/pay/:code', status: 422, code: 'PAYMENT_DECLINED' },
    ]);
    await app.close();
  });
});
