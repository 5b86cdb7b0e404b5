import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../http/staff-access.js';
import type { DocumentsService } from './service.js';

const PlanVersionPath = Type.Object({
  planId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The plan id.' }),
  version: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The version number.' }),
});

const DisclosureQuery = Type.Object({
  language: Type.Optional(
    Type.String({ enum: ['en', 'es'], default: 'en', description: 'English (the default) or Spanish.' }),
  ),
});

/** Staff's copy of a plan version's price disclosure: the EFL a customer sold that version was given. */
export const documentOpsRoutes: FastifyPluginAsyncTypebox<{ documents: DocumentsService }> = async (
  app,
  { documents },
) => {
  app.get(
    '/plans/:planId/versions/:version/disclosure.pdf',
    {
      config: { permission: 'work.read', errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'getPlanVersionDisclosure',
        tags: ['Plans and prices'],
        summary:
          "A plan version's Electricity Facts Label, with the line-by-line derivation of its average prices (a gas plan's price disclosure)",
        params: PlanVersionPath,
        querystring: DisclosureQuery,
        response: {
          200: {
            description: 'The PDF.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { planId, version } = request.params;
      const language = request.query.language === 'es' ? 'es' : 'en';
      const pdf = await documents.versionDisclosure(staffOf(request).companyId, planId, version, language);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${pdf.fileName.replace(/\.pdf$/, '')} v${version} ${language}.pdf"`,
        )
        .send(pdf.bytes as unknown as string);
    },
  );
};
