import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { Envelope, ok } from '../../http/envelope.js';
import { API_VERSION } from '../../http/openapi.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
});

export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'health',
        tags: ['Health'],
        summary: 'Liveness and database reachability, for load balancers',
        response: { 200: Envelope(Health) },
      },
    },
    async () => {
      // A database that cannot be reached fails the query, and the error handler answers 503 DATABASE_UNAVAILABLE.
      await sql`select 1`.execute(db.kysely);
      return ok({ status: 'ok' as const, database: db.engine, version: API_VERSION });
    },
  );
};
