import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { AuthResult, LoginQuery, RefreshBody } from './schemas.js';
import type { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'authLogin',
        tags: ['Auth'],
        summary: 'Log in a web service account',
        description:
          'Signed login: `signature` is the lowercase hex HMAC-SHA256, keyed with the account secret, of `token + ":" + timestamp`. ' +
          'The timestamp must be within 300 seconds of server time, and each signature is accepted once. ' +
          'Attempts are rate-limited per address and per key.',
        querystring: LoginQuery,
        response: { 200: Envelope(AuthResult) },
      },
    },
    async (request) => ok(await auth.login(request.query, request.ip)),
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'authRefresh',
        tags: ['Auth'],
        summary: 'Exchange a refresh token for a new access token',
        description:
          'Refresh tokens rotate: each one works once and the answer carries a new one. Presenting a used refresh token ' +
          'revokes every token descended from the same login.',
        body: RefreshBody,
        response: { 200: Envelope(AuthResult) },
      },
    },
    async (request) => ok(await auth.refresh(request.body)),
  );
};
