import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { AuthResult, LoginQuery, LogoutBody, RefreshBody } from './schemas.js';
import type { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth/login',
    {
      config: {
        errors: ['AUTH_INVALID_CREDENTIALS', 'AUTH_SIGNATURE_REPLAYED', 'AUTH_TIMESTAMP_OUT_OF_WINDOW'],
        access: 'public',
      },
      schema: {
        operationId: 'authLogin',
        tags: ['Auth'],
        summary: 'Log in a web service account',
        description:
          'Signed login: `signature` is the lowercase hex HMAC-SHA256, keyed with the account secret, of `token + ":" + timestamp`. ' +
          'The timestamp must be within 300 seconds of server time, and each signature is accepted once. ' +
          'Attempts are rate-limited per address and per key.',
        querystring: LoginQuery,
        security: [{ hmacSignature: [] }],
        response: { 200: Envelope(AuthResult) },
      },
    },
    async (request) => ok(await auth.login(request.query, request.ip)),
  );

  app.post(
    '/auth/refresh',
    {
      config: { errors: ['AUTH_REFRESH_TOKEN_INVALID', 'AUTH_REFRESH_TOKEN_REUSED'], access: 'public' },
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

  app.post(
    '/auth/logout',
    {
      config: { errors: ['AUTH_REFRESH_TOKEN_INVALID', 'AUTH_REFRESH_TOKEN_REUSED'], access: 'public' },
      schema: {
        operationId: 'authLogout',
        tags: ['Auth'],
        summary: 'End a login: its refresh tokens and access tokens stop working at once',
        description:
          'Send any refresh token of the login (the newest one, normally). Every refresh token descended from the same ' +
          'login is revoked, and every access token issued from it is refused with 401 `AUTH_TOKEN_REVOKED` from the ' +
          'next call on, on every server, before it expires. Logging out twice is fine; an unknown refresh token is 401 ' +
          '`AUTH_REFRESH_TOKEN_INVALID`.',
        body: LogoutBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      await auth.logout(request.body);
      return ok(null, 'Logged out.');
    },
  );
};
