import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { ConfigurationParameters } from './schemas.js';
import type { CompanyService } from './service.js';

export const companyRoutes: FastifyPluginAsyncTypebox<{ company: CompanyService }> = async (
  app,
  { company },
) => {
  app.get(
    '/configuration-parameters',
    {
      config: { access: 'customer' },
      schema: {
        operationId: 'getConfigurationParameters',
        tags: ['Reference data'],
        summary: 'Payment gateway, accepted payment types and self-service account options',
        response: { 200: Envelope(ConfigurationParameters) },
      },
    },
    async (request) => ok(await company.configurationParameters(callerOf(request).companyId)),
  );
};
