import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Engine } from '../../db/client.js';
import { Envelope, ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { API_VERSION } from '../../http/openapi.js';
import { type Dependency, downDependencies } from './readiness.js';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  version: Type.String(),
});

const Ready = Type.Object({
  status: Type.Literal('ready'),
  checked: Type.Array(Type.String(), {
    description: 'The dependencies that answered: database, mail relay.',
  }),
});

export const healthRoutes: FastifyPluginAsyncTypebox<{ engine: Engine; dependencies: Dependency[] }> = async (
  app,
  { engine, dependencies },
) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'health',
        tags: ['Health'],
        summary: 'Liveness: the process is up and answering',
        description:
          'Calls no dependency, so a database outage does not make an orchestrator restart healthy processes; route traffic with `GET /health/ready`.',
        response: { 200: Envelope(Health) },
      },
    },
    async () => ok({ status: 'ok' as const, database: engine, version: API_VERSION }),
  );

  app.get(
    '/health/ready',
    {
      config: { errors: ['NOT_READY'], access: 'public' },
      schema: {
        operationId: 'healthReady',
        tags: ['Health'],
        summary: 'Readiness: the database and every configured integration answer',
        description:
          'Each dependency gets 2 seconds. 503 NOT_READY names each one that is down in `errors`; load balancers stop routing to this node until it answers 200 again.',
        response: { 200: Envelope(Ready) },
      },
    },
    async (request) => {
      const down = await downDependencies(dependencies);
      for (const { name, error } of down) request.log.warn({ err: error, dependency: name }, 'not ready');
      if (down.length > 0)
        throw new ApiError(
          'NOT_READY',
          'A dependency this server needs is down.',
          down.map(({ name }) => `${name} is down`),
        );
      return ok({ status: 'ready' as const, checked: dependencies.map((d) => d.name) });
    },
  );
};
